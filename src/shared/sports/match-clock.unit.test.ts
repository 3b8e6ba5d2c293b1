import { describe, expect, it } from 'vitest';
import { CLOCK_RUNS_AT_MOST_MS, clockNow, clockRuns, matchSeconds } from './match-clock.ts';

const at = '2026-11-27T10:00:00.000Z';
const later = (ms: number) => Date.parse(at) + ms;

describe('the match clock', () => {
  it('reads the feed’s match times', () => {
    expect(matchSeconds("34'")).toBe(34 * 60);
    expect(matchSeconds('34:12')).toBe(34 * 60 + 12);
    expect(matchSeconds("45+2'")).toBe(47 * 60);
    expect(matchSeconds('HT')).toBeNull();
    expect(matchSeconds('34:75')).toBeNull();
  });

  it('runs on from the time it was received', () => {
    expect(clockNow({ clock: "34'", clockAt: at }, later(0))).toBe('34:00');
    expect(clockNow({ clock: "34'", clockAt: at }, later(65_000))).toBe('35:05');
    expect(clockNow({ clock: '88:30', clockAt: at }, later(120_000))).toBe('90:30');
    expect(clockRuns({ clock: "34'", clockAt: at })).toBe(true);
  });

  it('stops at half time and breaks, and when the feed has been silent too long', () => {
    expect(clockNow({ clock: "45'", clockAt: at, stopped: true, halftime: true }, later(600_000))).toBe(
      '45:00',
    );
    expect(clockRuns({ clock: "45'", clockAt: at, stopped: true })).toBe(false);
    expect(clockNow({ clock: "10'", clockAt: at }, later(CLOCK_RUNS_AT_MOST_MS * 3))).toBe('25:00');
  });

  it('shows what it cannot read as the feed sent it', () => {
    expect(clockNow({ clock: "34'" }, later(60_000))).toBe("34'");
    expect(clockNow({ clock: 'Q3 04:12', clockAt: at }, later(60_000))).toBe('Q3 04:12');
    expect(clockNow({}, later(0))).toBeUndefined();
  });
});
