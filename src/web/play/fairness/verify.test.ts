import { describe, expect, it } from 'vitest';
import { syncRoundDraw } from '../../../../test/support/slot-simulation.ts';
import { roundFloats } from '../../../shared/games/fairness.ts';
import { MACHINES } from '../../../shared/games/machines/index.ts';
import { floatsPerRound, playSpin, spinFromFloats } from '../../../shared/games/slot-machine.ts';
import { browserHmac } from './browserCrypto.ts';
import { verifyGameOf } from './verifyGame.ts';

describe('the verify page recomputes', () => {
  it.each(['golden-dragon', 'fruit-fiesta', 'lucky-sevens'])(
    '%s spins whose feature played, with the browser’s WebCrypto, exactly as the server settled them',
    async (code) => {
      const machine = MACHINES[code]!;
      const seed = { serverSeed: `verify-${code}`, clientSeed: 'player' };
      let checked = 0;
      for (let nonce = 0; checked < 3 && nonce < 5_000; nonce++) {
        const settled = playSpin(machine, syncRoundDraw(seed.serverSeed, seed.clientSeed, nonce));
        if (!settled.feature) continue;
        const floats = await roundFloats(browserHmac, { ...seed, nonce }, floatsPerRound(machine));
        expect(spinFromFloats(machine, floats)).toEqual(settled);
        checked++;
      }
      expect(checked).toBe(3);
    },
  );

  it('opens set to the game it was opened from', () => {
    expect(verifyGameOf('baccarat')).toBe('baccarat');
    expect(verifyGameOf('baccarat-squeeze')).toBe('baccarat');
    expect(verifyGameOf(null, 'baccarat')).toBe('baccarat');
    expect(verifyGameOf('golden-dragon')).toBe('golden-dragon');
    expect(verifyGameOf('ocean-treasure')).toBe('classic');
    expect(verifyGameOf(null)).toBe('classic');
  });
});
