import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import {
  footballEvent,
  listenForWallet,
  placeSingle,
  selectionsOf,
  sportsPlayer,
} from '../../../../test/support/sports.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';

describe.runIf(backendAvailable)('limits refuse sports bets through the wallet', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  beforeAll(async () => listenForWallet(t));

  it('a weekly wager limit takes a stake up to it, refuses the next one with its key, and nothing moves', async () => {
    const p = await sportsPlayer(t);
    await t.call('set-limit', { kind: 'wager', period: 'week', amount: 15_000 }, { token: p.token });
    const { eventId } = await footballEvent(t.db);
    const home = (await selectionsOf(t, eventId))['1x2:home']!;
    expect((await placeSingle(t, p.gameToken, home, 10_000)).json()).toMatchObject({
      status: 'success',
      bet: 'open',
    });
    const refused = await placeSingle(t, p.gameToken, home, 5_001);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 'refused',
      refusal: 'limit',
      msg: 'msg3118',
      limit: { limit: 'wager', period: 'week', amount: 15_000 },
    });
    expect(new Date(refused.json().limit.resetsAt).getTime()).toBeGreaterThan(Date.now());
    expect((await balancesOf(t, p.token)).cash).toBe(990_000);
    expect((await placeSingle(t, p.gameToken, home, 5_000)).json().status).toBe('success');
  });

  /** Sets the default site's setting for open sports bets when a break starts (back office). */
  async function setOnBreak(value: 'keep' | 'cancel') {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites as {
      id: number;
      isDefault: boolean;
    }[];
    const site = sites.find((x) => x.isDefault)!;
    const res = await as('owner').post(`/api/admin/settings/sites/${site.id}`, { sportsBetsOnBreak: value });
    expect(res.json().site.settings.sportsBetsOnBreak).toBe(value);
  }
  const betStatus = async (betId: number) =>
    (await queryRows<{ status: string }>(t.db, sql`select status from sb_bets where id = ${betId}`))[0]!;

  it('a break keeps open sports bets by default, and cancels and refunds them when the site says so', async () => {
    const { eventId } = await footballEvent(t.db);
    const home = (await selectionsOf(t, eventId))['1x2:home']!;
    await setOnBreak('keep');
    const kept = await sportsPlayer(t);
    const keptBet = (await placeSingle(t, kept.gameToken, home, 10_000)).json();
    await t.call('set-protection', { kind: 'break', days: 1, confirm: true }, { token: kept.token });
    expect((await betStatus(keptBet.betId)).status).toBe('open');
    expect((await balancesOf(t, kept.token)).cash).toBe(990_000);

    await setOnBreak('cancel');
    const cancelled = await sportsPlayer(t);
    const bet = (await placeSingle(t, cancelled.gameToken, home, 10_000)).json();
    expect((await balancesOf(t, cancelled.token)).cash).toBe(990_000);
    await t.call(
      'set-protection',
      { kind: 'exclusion', months: 6, confirm: true },
      { token: cancelled.token },
    );
    expect((await betStatus(bet.betId)).status).toBe('void');
    expect((await balancesOf(t, cancelled.token)).cash).toBe(1_000_000);
    const [reason] = await queryRows<{ reason: string }>(
      t.db,
      sql`select reason from sb_settlements where bet_id = ${bet.betId} and kind = 'void'`,
    );
    expect(reason).toMatchObject({ reason: 'player protection: self-exclusion' });
    await setOnBreak('keep');
  });
});

describe.runIf(backendAvailable)('the sports window carries the reality check', () => {
  const t = useTestApp();
  it('includes the dialog in the chosen language and serves its script and style', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sports', cookies: { lang: 'ko' } });
    expect(page.body).toContain('id="reality-check"');
    expect(page.body).toContain('data-where="sportsbook"');
    expect(page.body).toContain('data-lang="ko"');
    expect(page.body).toContain('리얼리티 체크');
    expect(page.body).toContain('แจ้งเตือนการเล่น');
    const script = await t.app.inject({ method: 'GET', url: '/protection/reality-check.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('answer-reality-check');
    const css = await t.app.inject({ method: 'GET', url: '/protection/reality-check.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });
});
