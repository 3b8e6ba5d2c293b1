/**
 * The sportsbook's clock: bet-stop times, bet delays and cancel windows read it, so tests move time
 * forward instead of sleeping. Production never sets an offset.
 */
let offsetMs = 0;

export const sportsClock = {
  now: (): Date => new Date(Date.now() + offsetMs),
  /** Tests only: move the book's time forward (or back). */
  advance(ms: number): void {
    offsetMs += ms;
  },
  reset(): void {
    offsetMs = 0;
  },
};
