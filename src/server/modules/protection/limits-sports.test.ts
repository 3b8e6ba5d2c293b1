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

describe.runIf(backendAvailable)('the sports window carries the reality check', () => {
  const t = useTestApp();
  it('includes the dialog in the chosen language and serves its script and style', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sports', cookies: { lang: 'ko' } });
    expect(page.body).toContain('id="reality-check"');
    expect(page.body).toContain('data-where="sportsbook"');
    expect(page.body).toContain('리얼리티 체크');
    const script = await t.app.inject({ method: 'GET', url: '/protection/reality-check.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('answer-reality-check');
    console.log(page.headers['content-security-policy'], script.headers);
    const css = await t.app.inject({ method: 'GET', url: '/protection/reality-check.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });
});
