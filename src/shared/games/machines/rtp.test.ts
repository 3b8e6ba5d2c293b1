import { describe, expect, it } from 'vitest';
import { simulate } from '../../../../test/support/slot-simulation.ts';
import { theoreticalRtp } from '../slot-rtp.ts';
import { FRUIT_FIESTA } from './fruit-fiesta.ts';
import { GOLDEN_DRAGON } from './golden-dragon.ts';
import { LUCKY_SEVENS } from './lucky-sevens.ts';

/** Each themed machine and its exact RTP to nine places, pinned here so a change to its tables shows. */
const MACHINES = [
  { machine: GOLDEN_DRAGON, exactRtp: 0.9547531496 },
  { machine: FRUIT_FIESTA, exactRtp: 0.9567211866 },
  { machine: LUCKY_SEVENS, exactRtp: 0.9582661765 },
];

describe.each(MACHINES)('$machine.code: exact RTP and a million fair spins', ({ machine, exactRtp }) => {
  const exact = theoreticalRtp(machine);

  it(`has an exact RTP between 94 % and 97 % (${(exact.rtp * 100).toFixed(4)} %)`, () => {
    expect(exact.rtp).toBeGreaterThan(0.94);
    expect(exact.rtp).toBeLessThan(0.97);
    expect(exact.rtp).toBeCloseTo(exactRtp, 9);
  });

  it('lands inside the 99 % band around it over 1,000,000 provably fair spins', () => {
    // A fixed seed keeps the run reproducible: a random one would miss the 99 % band in 1 run of 100.
    const run = simulate(machine, 1_000_000, `${machine.code}-rtp-simulation`);
    console.log(
      `${machine.code}: simulated RTP ${(run.mean * 100).toFixed(3)} % ± ${(run.halfBand * 100).toFixed(3)} % (99 %), exact ${(exact.rtp * 100).toFixed(3)} %; feature shown in ${(run.featureRate * 100).toFixed(3)} % of spins (trigger chance ${(exact.featureChance * 100).toFixed(3)} %)`,
    );
    expect(Math.abs(run.mean - exact.rtp)).toBeLessThan(run.halfBand);
  }, 300_000);
});
