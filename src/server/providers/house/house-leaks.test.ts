import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { houseRounds } from './house.schema.ts';

/** What the built-in game server tells a client: no outcome before the bet, nothing after logout. */
describe.runIf(backendAvailable)('built-in games leak nothing early or late', () => {
  const { t, house } = useHouseApp();
  const launched = () => launchedPlayer(t, 200_000);

  it('a round whose bet is not committed shows no outcome or payout', async () => {
    const p = await launched();
    const spin = (await house('spin', { token: p.gameToken, game: 'lucky-sevens', lineBet: 1_000 })).json();
    expect(spin.status).toBe('success');
    const settled = (await house('round', { token: p.gameToken, roundId: spin.roundId })).json().round;
    expect(settled).toHaveProperty('outcome');
    // The same round as it is while its bet is on the way to the wallet.
    for (const state of ['pending', 'refused'] as const) {
      await t.db
        .update(houseRounds)
        .set({ status: state })
        .where(eq(houseRounds.id, Number(String(spin.roundId).slice(1))));
      const res = await house('round', { token: p.gameToken, roundId: spin.roundId });
      expect(res.statusCode).toBe(200);
      const round = res.json().round;
      expect(round).toMatchObject({ roundId: spin.roundId, state, serverSeed: null });
      expect(round).not.toHaveProperty('outcome');
      expect(round).not.toHaveProperty('payout');
      expect(JSON.stringify(res.json())).not.toContain('"reels"');
    }
  });

  it('a game token stops working for init, history, rounds and seeds after logout', async () => {
    const p = await launched();
    const spin = (await house('spin', { token: p.gameToken, game: 'lucky-sevens', lineBet: 1_000 })).json();
    expect((await house('init', { token: p.gameToken, game: 'lucky-sevens' })).statusCode).toBe(200);
    expect((await house('history', { token: p.gameToken })).statusCode).toBe(200);
    expect((await t.call('user-logout', {}, { token: p.token })).statusCode).toBe(200);
    for (const [action, body] of [
      ['init', { game: 'lucky-sevens' }],
      ['history', {}],
      ['round', { roundId: spin.roundId }],
      ['seed', { clientSeed: 'after-logout' }],
    ] as const) {
      const res = await house(action, { token: p.gameToken, ...body });
      expect(res.statusCode, action).toBe(401);
      expect(res.json().status, action).toBe('session_expired');
    }
  });
});
