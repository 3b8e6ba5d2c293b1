import { describe, expect, it } from 'vitest';
import { rezonedWallTime } from './local-time.ts';

describe('a wall time moved to another zone', () => {
  it('stands for the same moment, to the second when it has seconds', () => {
    expect(rezonedWallTime('2026-03-01T10:00', 'Asia/Bangkok', 'Asia/Seoul')).toBe('2026-03-01T12:00');
    expect(rezonedWallTime('2026-03-01T23:30:15', 'Asia/Bangkok', 'Asia/Seoul')).toBe('2026-03-02T01:30:15');
    // Before the session says the zone, times are UTC's.
    expect(rezonedWallTime('2026-03-01T03:00', undefined, 'Asia/Bangkok')).toBe('2026-03-01T10:00');
  });

  it('leaves text that is not a whole wall time as typed', () => {
    for (const text of ['', '2026-03-01', '2026-03-01T1', 'soon']) {
      expect(rezonedWallTime(text, 'Asia/Bangkok', 'Asia/Seoul')).toBe(text);
    }
  });
});
