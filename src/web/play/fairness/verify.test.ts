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

describe('the verify page recomputes table games', () => {
  it('replays a roulette spin and a blackjack round with WebCrypto exactly as the server’s HMAC does', async () => {
    const { createHmac } = await import('node:crypto');
    const nodeHmac = async (key: string, message: string) =>
      createHmac('sha256', key).update(message).digest();
    const { recomputeTable } = await import('./recomputeTable.ts');
    const { spinRoulette } = await import('../../../shared/games/roulette.ts');
    const { replayRound, MAX_CARDS } = await import('../../../shared/games/blackjack.ts');
    const seed = { serverSeed: 'verify-tables', clientSeed: 'player', nonce: 7 };
    const bets = { red: 1_000, 'straight:7': 1_000 };
    const [float] = await roundFloats(nodeHmac, seed, 1);
    expect(await recomputeTable('roulette', seed, { bets, laPartage: true })).toEqual({
      game: 'roulette',
      spin: spinRoulette(bets, float!, { laPartage: true }),
    });
    const rules = { dealerHitsSoft17: true };
    const floats = await roundFloats(nodeHmac, seed, MAX_CARDS);
    const round = await recomputeTable('blackjack', seed, { bet: 2_000, rules, moves: [] });
    expect(round).toEqual({ game: 'blackjack', round: replayRound(2_000, [], floats, rules) });
    expect(verifyGameOf('roulette')).toBe('roulette');
    expect(verifyGameOf(null, 'blackjack')).toBe('blackjack');
  });
});
