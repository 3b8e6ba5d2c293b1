/** A cashback period: local dates `from` (first day) to `to` (the day after the last), as YYYY-MM-DD. */
export interface CashbackPeriod {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** How long after its end a period is still paid: a member waiting on another bonus, a process that was down. */
export const CASHBACK_CLAIM_DAYS = 30;

/**
 * The periods of a cashback campaign that have ended by `today` and are still to be paid (ended less than
 * CASHBACK_CLAIM_DAYS ago), oldest first: `days`-long runs of local dates from the campaign's first day,
 * the last one cut at its final day (`lastDay`, inclusive).
 */
export function endedCashbackPeriods(
  firstDay: string,
  lastDay: string,
  today: string,
  days: number,
): CashbackPeriod[] {
  const start = dayNumber(firstDay);
  const end = dayNumber(lastDay) + 1;
  const now = dayNumber(today);
  const periods: CashbackPeriod[] = [];
  for (let from = start; from < end; from += days) {
    const to = Math.min(from + days, end);
    if (to > now) break;
    if (to > now - CASHBACK_CLAIM_DAYS) periods.push({ from: dayString(from), to: dayString(to) });
  }
  return periods;
}

/** A period's last day (its `to` is the day after). */
export const lastDayOf = (period: CashbackPeriod) => dayString(dayNumber(period.to) - 1);
