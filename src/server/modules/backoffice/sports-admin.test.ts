import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import {
  footballBet,
  listenForWallet,
  memberCurrency,
  placeSingle,
} from '../../../../test/support/sports.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { saveSetting } from '../../providers/sports/settings.ts';

describe.runIf(backendAvailable)('back office: the trading desk', () => {
  const t = useTestApp();
  const { as, logins } = useOperators(t);
  const desk = () => as('trading');
  beforeAll(async () => listenForWallet(t));
  afterAll(async () => saveSetting(t.db, 'confirmResults', false));

  type DeskMarket = {
    id: number;
    status: string;
    openBets: number;
    resultState: string;
    proposedResult: unknown;
    selections: {
      key: string;
      decimal: string;
      american: string;
      liability: { currency: string; amount: number }[];
    }[];
  };
  const marketOf = async (eventId: number) => {
    const events = (await desk().get('/api/admin/sports/events')).json().events;
    return events.find((e: { id: number }) => e.id === eventId).markets[0] as DeskMarket;
  };
  const auditActions = async () =>
    (await as('owner').get(`/api/admin/audit?action=sports.*&operator=${logins.trading}`))
      .json()
      .entries.map((e: { action: string }) => e.action);

  it('lists events with prices in three formats, liability and open bets; suspends, reopens and reprices, audited', async () => {
    const { p, eventId, marketId, s, bet } = await footballBet(t, { prices: ['2.0', '3.4', '4.2'] });
    expect(bet.status).toBe('success');
    const market = await marketOf(eventId);
    expect(market).toMatchObject({ id: marketId, status: 'open', openBets: 1 });
    expect(market.selections[0]).toMatchObject({
      key: 'home',
      decimal: '2.00',
      american: '+100',
      liability: [{ currency: await memberCurrency(t, p.memberId), amount: 10_000 }],
    });

    expect(
      (await desk().post(`/api/admin/sports/markets/${marketId}/status`, { open: false })).statusCode,
    ).toBe(200);
    expect((await placeSingle(t, p.gameToken, s['1x2:draw']!)).json().refusal).toBe('market_suspended');
    const again = await desk().post(`/api/admin/sports/markets/${marketId}/status`, { open: false });
    expect([again.statusCode, again.json().status]).toEqual([409, 'already']);
    expect(
      (await desk().post(`/api/admin/sports/markets/${marketId}/status`, { open: true })).statusCode,
    ).toBe(200);

    const priced = await desk().post(`/api/admin/sports/markets/${marketId}/prices`, {
      prices: [{ key: 'draw', price: '-110', format: 'american' }],
    });
    expect(priced.statusCode).toBe(200);
    expect((await marketOf(eventId)).selections[1]).toMatchObject({ decimal: '1.91', american: '-110' });
    // A bad price, an unknown market, another role: refused, nothing written.
    const before = await snapshotAllTables(t.db, ['operator_sessions']);
    const bad = await desk().post(`/api/admin/sports/markets/${marketId}/prices`, {
      prices: [{ key: 'draw', price: '0.5', format: 'decimal' }],
    });
    expect([bad.statusCode, bad.json().status]).toEqual([400, 'invalid']);
    expect((await desk().post('/api/admin/sports/markets/999999/status', { open: false })).statusCode).toBe(
      404,
    );
    expect((await as('content').get('/api/admin/sports/events')).statusCode).toBe(403);
    expect(await snapshotAllTables(t.db, ['operator_sessions'])).toBe(before);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['sports.market.suspend', 'sports.market.reopen', 'sports.prices']),
    );
  });

  it('results need a second operator; corrections take money back as a debt the member page shows', async () => {
    await saveSetting(t.db, 'confirmResults', true);
    const { p, eventId, marketId, bet } = await footballBet(t, {
      funds: 20_000,
      prices: ['3.0', '3.0', '3.0'],
    });
    expect(bet.status).toBe('success');
    const entered = await desk().post(`/api/admin/sports/markets/${marketId}/result`, {
      result: { kind: 'score', home: 2, away: 0 },
    });
    expect(entered.json()).toMatchObject({ status: 'success', state: 'entered', settled: 0 });
    expect((await marketOf(eventId)).resultState).toBe('entered');
    const self = await desk().post(`/api/admin/sports/markets/${marketId}/confirm`);
    expect([self.statusCode, self.json().status]).toEqual([409, 'already']);
    const confirmed = await as('owner').post(`/api/admin/sports/markets/${marketId}/confirm`);
    expect(confirmed.json()).toMatchObject({ state: 'confirmed', settled: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(40_000);

    // The member spends 35,000; the result is corrected to a loss: 5,000 taken back, 25,000 owed.
    await t.db.execute(sql`select ledger_move('desk-spend-' || ${p.memberId}, a.id, h.id, 35000, 'test_spend', '{}'::jsonb, null)
      from ledger_accounts a, ledger_accounts h where a.member_id = ${p.memberId} and a.kind = 'cash'
      and h.member_id is null and h.kind = 'adjustments' and h.shard = 0 and h.currency = a.currency`);
    const noReason = await desk().post(`/api/admin/sports/markets/${marketId}/correct`, {
      result: { kind: 'score', home: 0, away: 1 },
    });
    expect(noReason.statusCode).toBe(400);
    const corrected = await desk().post(`/api/admin/sports/markets/${marketId}/correct`, {
      result: { kind: 'score', home: 0, away: 1 },
      reason: 'own goal credited to the wrong side',
    });
    // The correction waits for a second operator: the result in force still stands.
    expect(corrected.json()).toMatchObject({ status: 'success', state: 'entered', settled: 0 });
    expect((await marketOf(eventId)).proposedResult).toEqual({ kind: 'score', home: 0, away: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(5_000);
    const ownCorrection = await desk().post(`/api/admin/sports/markets/${marketId}/confirm`);
    expect(ownCorrection.statusCode).toBe(409);
    const correctionConfirmed = await as('owner').post(`/api/admin/sports/markets/${marketId}/confirm`);
    expect(correctionConfirmed.json()).toMatchObject({ state: 'confirmed', settled: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(0);
    const member = (await as('owner').get(`/api/admin/members/${p.memberId}`)).json();
    expect(member.debt.owed).toBe(25_000);
    expect(member.debt.entries[0]).toMatchObject({
      amount: 25_000,
      provider: 'sports',
      roundId: `sb-${bet.betId}`,
    });

    // The bet's history names the operator and the reason; the search finds it by member and status.
    const found = (await desk().get(`/api/admin/sports/bets?member=${p.memberId}&status=settled`)).json()
      .bets;
    expect(found.map((b: { id: number }) => b.id)).toEqual([bet.betId]);
    expect(found[0].history.map((h: { kind: string; reason: string | null }) => [h.kind, h.reason])).toEqual([
      ['settle', null],
      ['resettle', 'own goal credited to the wrong side'],
    ]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['sports.result', 'sports.result.correct']));
    await expectSoundLedger(t.db);
  });

  it('settles, resettles and cancels one bet with a reason; refuses what its state does not allow', async () => {
    await saveSetting(t.db, 'confirmResults', false);
    const { p, marketId, bet } = await footballBet(t, {
      funds: 50_000,
      prices: ['2.0', '3.0', '4.0'],
      pick: 'away',
    });
    const action = (name: string, body: object = { reason: 'desk check' }) =>
      desk().post(`/api/admin/sports/bets/${bet.betId}/${name}`, body);
    // No result yet: nothing to settle or resettle.
    expect((await action('settle')).statusCode).toBe(409);
    expect((await action('resettle')).statusCode).toBe(409);
    expect(
      (
        await desk().post(`/api/admin/sports/markets/${marketId}/result`, {
          result: { kind: 'score', home: 0, away: 3 },
        })
      ).json(),
    ).toMatchObject({ settled: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(80_000);
    // The desk offers only what the bet's state allows, and the server agrees.
    const listed = async () =>
      (await desk().get(`/api/admin/sports/bets?member=${p.memberId}`)).json().bets[0].actions;
    expect(await listed()).toEqual(['resettle', 'cancel']);
    expect((await action('settle')).statusCode).toBe(409);
    // Settled on its result already: a resettle has nothing to change.
    expect((await action('resettle')).statusCode).toBe(409);
    expect((await action('unsettle')).statusCode).toBe(400);
    const cancelled = await action('cancel', { reason: 'palpable error' });
    expect(cancelled.json().bet).toMatchObject({ status: 'void', settledReturn: 10_000, actions: [] });
    expect((await balancesOf(t, p.token)).cash).toBe(50_000);
    expect(cancelled.json().bet.history.at(-1)).toMatchObject({
      kind: 'resettle',
      reason: 'palpable error',
      paid: true,
    });
    // A cancelled bet stays cancelled: a later correction of its market pays nothing.
    await desk().post(`/api/admin/sports/markets/${marketId}/correct`, {
      result: { kind: 'score', home: 0, away: 4 },
      reason: 'late goal',
    });
    expect((await balancesOf(t, p.token)).cash).toBe(50_000);
    expect((await action('cancel', {})).statusCode).toBe(400);
    expect((await action('fly')).statusCode).toBe(400);
    expect(
      (await as('cashier').post(`/api/admin/sports/bets/${bet.betId}/cancel`, { reason: 'x-x-x' }))
        .statusCode,
    ).toBe(403);
    expect(await auditActions()).toEqual(expect.arrayContaining(['sports.bet.cancel']));
    await expectSoundLedger(t.db);
  });

  it('imports a JSON-lines feed from the desk, shows the feed status, and changes the house rules', async () => {
    const fixture = {
      type: 'fixture',
      source: 'desk-upload',
      id: 'ev-up-1',
      seq: 1,
      sport: 'football',
      sportName: 'Football',
      competition: 'Upload Cup [DEMO]',
      competitionId: 'up-cup',
      name: 'Upload Owls v Upload Foxes',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const market = {
      type: 'market',
      source: 'desk-upload',
      id: 'mk-up-1',
      seq: 1,
      event: 'ev-up-1',
      marketType: 'btts',
      name: 'Both teams to score',
      selections: [
        { key: 'yes', name: 'Yes', price: '4/5', format: 'fractional' },
        { key: 'no', name: 'No', price: '+100', format: 'american' },
      ],
    };
    const lines = [JSON.stringify(fixture), JSON.stringify(market), '{not json'].join('\n');
    const first = (await desk().post('/api/admin/sports/feed', { lines })).json();
    expect(first).toMatchObject({ status: 'success', applied: 2, skipped: 0, errors: [{ line: 3 }] });
    expect((await desk().post('/api/admin/sports/feed', { lines })).json()).toMatchObject({
      applied: 0,
      skipped: 2,
    });
    const events = (await desk().get('/api/admin/sports/events')).json().events;
    const uploaded = events.find((e: { name: string }) => e.name === 'Upload Owls v Upload Foxes');
    expect(uploaded.markets[0].selections.map((x: { decimal: string }) => x.decimal)).toEqual([
      '1.80',
      '2.00',
    ]);
    const sources = (await desk().get('/api/admin/sports/feed')).json().sources;
    expect(sources).toEqual([expect.objectContaining({ source: 'desk-upload', records: 2 })]);

    const saved = await desk().post('/api/admin/sports/settings', {
      betDelaySeconds: 8,
      rounding: 'nearest',
    });
    expect(saved.json().settings).toMatchObject({ betDelaySeconds: 8, rounding: 'nearest' });
    expect((await desk().post('/api/admin/sports/settings', { betDelaySeconds: 99 })).statusCode).toBe(400);
    expect((await desk().post('/api/admin/sports/settings', {})).statusCode).toBe(400);
    expect((await desk().get('/api/admin/sports/settings')).json().settings.betDelaySeconds).toBe(8);
    await desk().post('/api/admin/sports/settings', { betDelaySeconds: 5, rounding: 'down' });
    expect(await auditActions()).toEqual(expect.arrayContaining(['sports.feed.import', 'sports.settings']));
  });
});
