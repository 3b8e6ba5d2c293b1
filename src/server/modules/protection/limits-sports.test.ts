import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../../../../test/support/money.ts';
import {
  footballEvent,
  listenForWallet,
  selectionsOf,
  slipId,
  sportsApiCall,
  sportsPlayer,
} from '../../../../test/support/sports.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

describe.runIf(backendAvailable)('limits refuse sports bets through the wallet', () => {
  const t = useTestApp();
  beforeAll(async () => listenForWallet(t));

  const place = (gameToken: string, selection: { id: number; price: string }, unitStake: number) =>
    sportsApiCall(t, 'place', {
      token: gameToken,
      requestId: slipId(),
      kind: 'single',
      unitStake,
      priceChange: 'none',
      legs: [{ selectionId: selection.id, price: selection.price }],
    });

  it('a weekly wager limit takes a stake up to it, refuses the next one with its key, and nothing moves', async () => {
    const p = await sportsPlayer(t);
    await t.call('set-limit', { kind: 'wager', period: 'week', amount: 15_000 }, { token: p.token });
    const { eventId } = await footballEvent(t.db);
    const home = (await selectionsOf(t, eventId))['1x2:home']!;
    expect((await place(p.gameToken, home, 10_000)).json()).toMatchObject({ status: 'success', bet: 'open' });
    const refused = await place(p.gameToken, home, 5_001);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 'refused',
      refusal: 'limit',
      msg: 'msg3118',
      limit: { limit: 'wager', period: 'week', amount: 15_000 },
    });
    expect(new Date(refused.json().limit.resetsAt).getTime()).toBeGreaterThan(Date.now());
    expect((await balancesOf(t, p.token)).cash).toBe(990_000);
    expect((await place(p.gameToken, home, 5_000)).json().status).toBe('success');
  });
});
