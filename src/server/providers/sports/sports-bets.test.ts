import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { addBookLimit, enterScore, priceOf } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { parsePrice } from '../../../shared/sports/price.ts';
import { queryRows } from '../../db/client.ts';
import { sportsClock } from './clock.ts';
import { enterResult } from './results.service.ts';
import { setEventState, setMarketOpen, setPrices } from './trading.service.ts';

describe.runIf(backendAvailable)('sports bets through the wallet API', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp();

  it('lists the book as the sport vendor and launches it like the built-in games', async () => {
    const setting = (await t.call('get-sport-setting', {})).json();
    expect(setting.sport[0]).toMatchObject({ code: 'royal-sports', used: 'y' });
    const p = await newPlayer(0);
    expect(p.gameToken).toMatch(/^[\w-]{43}$/);
    const { eventId } = await newEvent();
    const page = await t.app.inject({ method: 'GET', url: '/sports' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Home ${eventId > 0 ? '' : 'x'}`);
  });

  it('a single: the stake is a wallet bet, the settlement a win, with a proof of the return', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent({ prices: ['1.90', '3.4', '4.2'] });
    const s = await eventSelections(eventId);
    const res = await placeBet(p.gameToken, [s['1x2:home']!]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', bet: 'open' });
    expect((await balancesOf(t, p.token)).cash).toBe(990_000);
    const settled = await enterScore(t, marketId, 2, 1);
    expect(settled).toMatchObject({ ok: true, state: 'confirmed', settled: 1 });
    expect((await balancesOf(t, p.token)).cash).toBe(990_000 + 19_000);
    // The member is told on screen (the live stream's news) what the settled bet paid.
    const health = (await t.call('user-health-check', {}, { token: p.token })).json();
    expect(health.news).toMatchObject({ key: 'betSettled', params: { amount: 19_000 } });
    const history = (await sportsApi('bets', { token: p.gameToken })).json().bets;
    expect(history[0]).toMatchObject({ status: 'settled', settledReturn: 19_000 });
    expect(history[0].history[0].proof).toMatchObject({
      exactReturn: '19000/1',
      return: '19000',
      legs: [{ price: '19/10', w: 1 }],
    });
    await expectSoundLedger(t.db);
  });

  it('price changes: none refuses any move, better takes only a better price, any takes the new one', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent();
    const s = await eventSelections(eventId);
    const home = s['1x2:home']!;
    await t.db.transaction((tx) =>
      setPrices(tx, marketId, [{ key: 'home', price: parsePrice('1.80', 'decimal')! }]),
    );
    const none = await placeBet(p.gameToken, [home]);
    expect(none.json()).toMatchObject({
      status: 'refused',
      refusal: 'price_changed',
      msg: 'sports.refusal.price_changed',
    });
    expect((await placeBet(p.gameToken, [home], { priceChange: 'better' })).json().refusal).toBe(
      'price_changed',
    );
    const any = (await placeBet(p.gameToken, [home], { priceChange: 'any' })).json();
    expect(any.status).toBe('success');
    const [leg] = await queryRows<{ price_num: number; price_den: number }>(
      t.db,
      sql`select price_num, price_den from sb_bet_legs where bet_id = ${any.betId}`,
    );
    expect([leg!.price_num, leg!.price_den]).toEqual([9, 5]);
    await t.db.transaction((tx) =>
      setPrices(tx, marketId, [{ key: 'home', price: parsePrice('2.5', 'decimal')! }]),
    );
    expect((await placeBet(p.gameToken, [home], { priceChange: 'better' })).json().status).toBe('success');
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 20_000);
  });

  it('suspended markets, bet-stop and started events refuse with their own reasons; nothing is charged', async () => {
    const p = await newPlayer();
    const a = await newEvent();
    const sa = await eventSelections(a.eventId);
    await setMarketOpen(t.db, { marketId: a.marketId }, false);
    expect((await placeBet(p.gameToken, [sa['1x2:draw']!])).json()).toMatchObject({
      refusal: 'market_suspended',
    });
    await setMarketOpen(t.db, { marketId: a.marketId }, true);
    await setEventState(t.db, a.eventId, { betStopAt: new Date(Date.now() - 1000) });
    expect((await placeBet(p.gameToken, [sa['1x2:draw']!])).json()).toMatchObject({
      refusal: 'event_started',
    });
    const b = await newEvent({ startsInMs: 60_000 });
    const sb = await eventSelections(b.eventId);
    sportsClock.advance(61_000);
    try {
      expect((await placeBet(p.gameToken, [sb['1x2:away']!])).json()).toMatchObject({
        refusal: 'event_started',
      });
    } finally {
      sportsClock.reset();
    }
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000);
  });

  it('limits: min and max stake, max payout, per-player stake factor; the strictest wins', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent({ prices: ['2.0', '3.0', '50.0'] });
    const s = await eventSelections(eventId);
    await addBookLimit(t.db, 'market', marketId, { max_stake: 50_000 });
    await addBookLimit(t.db, 'player', p.memberId, { stake_factor_bp: 5_000 });
    expect((await placeBet(p.gameToken, [s['1x2:home']!], { unitStake: 500 })).json().refusal).toBe(
      'stake_too_low',
    );
    expect((await placeBet(p.gameToken, [s['1x2:home']!], { unitStake: 25_001 })).json().refusal).toBe(
      'stake_too_high',
    );
    expect((await placeBet(p.gameToken, [s['1x2:home']!], { unitStake: 25_000 })).json().status).toBe(
      'success',
    );
    await addBookLimit(t.db, 'event', eventId, { max_payout: 100_000 });
    expect((await placeBet(p.gameToken, [s['1x2:away']!], { unitStake: 2_001 })).json().refusal).toBe(
      'payout_too_high',
    );
    expect((await placeBet(p.gameToken, [s['1x2:away']!], { unitStake: 2_000 })).json().status).toBe(
      'success',
    );
  });

  it('a market stops taking a side at its liability limit', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent({ prices: ['3.0', '3.0', '3.0'] });
    const s = await eventSelections(eventId);
    await addBookLimit(t.db, 'market', marketId, { max_liability: 50_000 });
    // Each bet of 10,000 at 3.0 adds 20,000 to the side's liability: two fit, the third does not.
    expect((await placeBet(p.gameToken, [s['1x2:home']!])).json().status).toBe('success');
    expect((await placeBet(p.gameToken, [s['1x2:home']!])).json().status).toBe('success');
    expect((await placeBet(p.gameToken, [s['1x2:home']!])).json().refusal).toBe('liability_reached');
    expect((await placeBet(p.gameToken, [s['1x2:away']!])).json().status).toBe('success');
  });

  it('multiples: one leg per event; blocked members are refused as for game bets', async () => {
    const p = await newPlayer();
    const a = await newEvent();
    const sa = await eventSelections(a.eventId);
    expect((await placeBet(p.gameToken, [sa['1x2:home']!, sa['1x2:draw']!])).json().refusal).toBe(
      'same_event',
    );
    await t.db.execute(sql`update members set status = 'blocked' where id = ${p.memberId}`);
    const blocked = (await placeBet(p.gameToken, [sa['1x2:home']!])).json();
    expect(blocked).toMatchObject({ status: 'refused', refusal: 'blocked', msg: 'sports.refusal.blocked' });
    const [row] = await queryRows<{ liability: number }>(
      t.db,
      sql`select coalesce(sum(liability), 0)::int8 as liability from sb_selection_liability where selection_id = ${sa['1x2:home']!.id}`,
    );
    expect(row!.liability).toBe(0);
  });

  it('system bets over HTTP: a Trixie of 1,000 a line and a 2/3 with a void leg settle by their lines', async () => {
    const p = await newPlayer();
    const events = [];
    for (const price of ['2.0', '3.0', '4.0']) events.push(await newEvent({ prices: [price, '3.3', '3.3'] }));
    const homes = [];
    for (const e of events) homes.push((await eventSelections(e.eventId))['1x2:home']!);
    const trixie = await placeBet(p.gameToken, homes, {
      kind: 'system',
      systemName: 'trixie',
      unitStake: 1_000,
    });
    expect(trixie.json()).toMatchObject({ status: 'success', bet: 'open' });
    // Four lines (three doubles, one treble): 4,000 staked.
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 4_000);
    const twoOfThree = await placeBet(p.gameToken, homes, { kind: 'system', sizes: [2], unitStake: 1_000 });
    expect(twoOfThree.json().status).toBe('success');
    expect(
      (await placeBet(p.gameToken, homes, { kind: 'system', systemName: 'yankee' })).json(),
    ).toMatchObject({
      refusal: 'invalid_bet',
    });
    const win = { kind: 'score' as const, home: 1, away: 0 };
    await enterResult(t.db, t.app.sportsWallet, events[0]!.marketId, win, { source: 'test' });
    await enterResult(t.db, t.app.sportsWallet, events[1]!.marketId, win, { source: 'test' });
    // The third match is void: its leg counts 1 in every line.
    await enterResult(t.db, t.app.sportsWallet, events[2]!.marketId, { kind: 'void' }, { source: 'test' });
    const bets = (await sportsApi('bets', { token: p.gameToken })).json().bets;
    // Trixie: 2·3 + 2·1 + 3·1 + 2·3·1 = 6 + 2 + 3 + 6 = 17 a unit; the 2/3: 6 + 2 + 3 = 11.
    expect(bets.map((b: { settledReturn: number }) => b.settledReturn)).toEqual([11_000, 17_000]);
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 4_000 - 3_000 + 17_000 + 11_000);
    await expectSoundLedger(t.db);
  });

  it('bad input is refused with 4xx and writes nothing', async () => {
    for (const body of [
      {},
      { token: 'x' },
      { token: 'a'.repeat(43), requestId: 'short', kind: 'single' },
      { legs: 'x' },
    ]) {
      const res = await sportsApi('place', body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().status).toBeTruthy();
    }
    expect((await sportsApi('nope', {})).statusCode).toBe(404);
    expect(priceOf('21/11')).toEqual(parsePrice('-110', 'american'));
  });
});
