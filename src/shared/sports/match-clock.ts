/**
 * The match clock's one rule, for the book and the sports window alike. A feed sends the match time
 * ("34'", "34:12", "45+2'") only now and then; the book stamps when it received it (`clockAt`) and
 * whether the clock is stopped (half time, a break, the feed's `stopped`). Between two updates the
 * clock runs on from that time, so a scoreboard never freezes at the minute of the last goal.
 */
export interface ClockedScore {
  clock?: string;
  /** When the book received this match time (ISO). */
  clockAt?: string;
  /** The clock is not running (half time, a break): shown as the feed sent it. */
  stopped?: boolean;
  /** Half time: the scoreboard says so. */
  halftime?: boolean;
}

/** How long a clock runs on without a word from the feed: past it, a stalled feed shows its last time. */
export const CLOCK_RUNS_AT_MOST_MS = 15 * 60_000;

/** The feed's match time in seconds ("45+2'" is 47 minutes), or null when it is not one. */
export function matchSeconds(clock: string): number | null {
  const m = /^\s*(\d{1,3})(?:\+(\d{1,2}))?(?::(\d{2}))?\s*'?\s*$/.exec(clock);
  if (!m) return null;
  const seconds = m[3] === undefined ? 0 : Number(m[3]);
  if (seconds > 59) return null;
  return (Number(m[1]) + Number(m[2] ?? 0)) * 60 + seconds;
}

/** Seconds as the scoreboard shows them: "34:05". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What the clock reads at `nowMs`: the feed's time plus the time since the book received it, while it
 * runs (at most CLOCK_RUNS_AT_MOST_MS on); the feed's own text when stopped, unstamped or unreadable.
 */
export function clockNow(score: ClockedScore, nowMs: number): string | undefined {
  if (!score.clock) return undefined;
  const base = matchSeconds(score.clock);
  const at = score.clockAt ? Date.parse(score.clockAt) : Number.NaN;
  if (base === null || Number.isNaN(at)) return score.clock;
  if (score.stopped) return clockText(base);
  const ran = Math.min(Math.max(0, nowMs - at), CLOCK_RUNS_AT_MOST_MS);
  return clockText(base + ran / 1000);
}

/** Whether the clock moves by itself (the window ticks only those). */
export const clockRuns = (score: ClockedScore | null | undefined): boolean =>
  !!score?.clock && !!score.clockAt && !score.stopped && matchSeconds(score.clock) !== null;
