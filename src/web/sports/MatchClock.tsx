import { useSyncExternalStore } from 'react';
import type { SportEvent } from '../../shared/contract/sports-api.ts';
import { clockNow, clockRuns } from '../../shared/sports/match-clock.ts';
import { useSportsT } from './i18n.ts';

/**
 * One second ticker for every running clock on screen (one timer, however many cards show a clock;
 * it stops when none does).
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let second = Date.now();
function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    second = Date.now();
    for (const l of listeners) l();
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
const noTicks = () => () => undefined;

/**
 * A live match's clock, running between the feed's updates by the book's rule
 * (src/shared/sports/match-clock.ts); "HT" at half time.
 */
export function MatchClock(props: { score: SportEvent['score']; className?: string }) {
  const t = useSportsT();
  const runs = clockRuns(props.score);
  // Re-rendered each second while it runs; what it reads is the time now.
  useSyncExternalStore(runs ? subscribe : noTicks, () => (runs ? second : 0));
  const score = props.score;
  if (!score?.clock) return null;
  const shown = clockNow(score, Date.now());
  return (
    <span className={props.className} data-testid="clock" data-running={runs ? 'true' : undefined}>
      {score.halftime ? t('clock.halftime') : shown}
    </span>
  );
}
