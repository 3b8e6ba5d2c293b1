import { describe, expect, it } from 'vitest';
import { afterSpin, nextSpinBreaksLimit, startRun } from './autoplay.ts';

const base = { spins: 5, lossLimit: null, winAbove: null, stopOnFeature: false };
const loss = { stake: 1_000, payout: 0, feature: false };

describe('autoplay stop conditions', () => {
  it('plays the chosen number of spins and then stops', () => {
    let run = startRun(base);
    const stops = [];
    for (let i = 0; i < 5; i++) {
      const r = afterSpin(run, loss);
      run = r.run;
      stops.push(r.stop);
    }
    expect(stops).toEqual([null, null, null, null, 'done']);
  });

  it('stops when the net loss reaches the limit, counting wins back', () => {
    let run = startRun({ ...base, spins: 100, lossLimit: 2_500 });
    run = afterSpin(run, loss).run;
    run = afterSpin(run, { stake: 1_000, payout: 600, feature: false }).run;
    expect(run.staked - run.won).toBe(1_400);
    const third = afterSpin(run, { stake: 1_000, payout: 0, feature: false });
    expect(third.stop).toBeNull();
    expect(nextSpinBreaksLimit(third.run, 1_000)).toBe(true);
    expect(afterSpin(third.run, loss).stop).toBe('lossLimit');
  });

  it('stops on a single win above the amount, not at it', () => {
    const run = startRun({ ...base, winAbove: 5_000 });
    expect(afterSpin(run, { stake: 1_000, payout: 5_000, feature: false }).stop).toBeNull();
    expect(afterSpin(run, { stake: 1_000, payout: 5_001, feature: false }).stop).toBe('bigWin');
  });

  it('stops on a feature only when asked to', () => {
    const spin = { stake: 1_000, payout: 0, feature: true };
    expect(afterSpin(startRun(base), spin).stop).toBeNull();
    expect(afterSpin(startRun({ ...base, stopOnFeature: true }), spin).stop).toBe('feature');
  });
});
