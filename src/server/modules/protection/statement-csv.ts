import { Readable } from 'node:stream';
import { MSG } from '../../../shared/messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { memberStatementLines } from '../ledger/statement.service.ts';
import { isCalendarDay, isoInZone, startOfDay } from '../sites/site-time.ts';

/** The longest range one download covers. */
export const MAX_STATEMENT_DAYS = 366;
const BATCH = 1000;

export const STATEMENT_HEADER = ['id', 'date', 'kind', 'account', 'amount_minor', 'amount', 'reference'];

/** One field per RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** Minor units as the currency writes them: 123456 KRW → 123,456; 123456 THB → 1,234.56. */
export function formatMinor(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
    0;
  const scale = 10 ** digits;
  const abs = Math.abs(amount);
  const whole = new Intl.NumberFormat('en-US').format(Math.trunc(abs / scale));
  const fraction = digits > 0 ? `.${String(abs % scale).padStart(digits, '0')}` : '';
  return `${amount < 0 ? '-' : ''}${whole}${fraction}`;
}

/** Checks the days and gives the instants they span: [from 00:00, the day after `to` 00:00). */
export function statementRange(from: string, to: string, timezone: string) {
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw errors.invalid('from/to: not a calendar day');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) throw errors.invalid('from: after to');
  if (days > MAX_STATEMENT_DAYS) {
    throw errors.invalid(`a statement covers at most ${MAX_STATEMENT_DAYS} days`, MSG.statementRangeTooLong, {
      maxDays: MAX_STATEMENT_DAYS,
    });
  }
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: startOfDay(from, timezone), end: startOfDay(next, timezone) };
}

/** The account statement as a CSV stream: a header row, then one row per ledger line. */
export function statementCsv(
  db: DbOrTx,
  memberId: number,
  range: { start: Date; end: Date },
  site: { timezone: string; currency: string },
  batchSize = BATCH,
): Readable {
  async function* rows() {
    yield csvLine(STATEMENT_HEADER);
    for await (const line of memberStatementLines(db, memberId, range, batchSize)) {
      yield csvLine([
        line.id,
        isoInZone(line.createdAt, site.timezone),
        line.kind,
        line.account,
        line.amount,
        formatMinor(line.amount, site.currency),
        JSON.stringify(line.reference ?? {}),
      ]);
    }
  }
  return Readable.from(rows());
}
