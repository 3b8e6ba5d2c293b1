import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useOperators } from '../../../../../test/support/operators.ts';
import { memberCurrency, slipId } from '../../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { only1x2, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import * as uof from '../uof/uof-build.ts';

/**
 * The desk's ticker alerts (one rule a file, thresholds desk settings) and each selection's price
 * history, through the sports window's API and the admin API.
 */
describe.runIf(backendAvailable)('the ticker alerts and price history', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections } = useSportsApp();
  const { as } = useOperators(t);
  const desk = () => as('trading');
  const { ts, liveFeed, fixture } = useUofStandIn(t);
  let currency = 'THB';
  beforeAll(async () => {
    currency = await memberCurrency(t, (await newPlayer(0)).memberId);
  });
  afterEach(() => sportsClock.reset());

  /** Only the rules a test names are on (the others off), so each counts its own alerts. */
  const rules = async (on: object) => {
    const res = await desk().post('/api/admin/sports/settings', {
      alertStakeOver: {},
      alertLateSeconds: 0,
      alertNewAccountStake: {},
      alertSameIpMembers: 0,
      ...on,
    });
    expect(res.statusCode).toBe(200);
  };
  const place = (
    gameToken: string,
    selectionId: number,
    price: string,
    unitStake: number,
    ip?: string,
    requestId = slipId(),
  ) =>
    sportsApi(
      'place',
      {
        token: gameToken,
        requestId,
        kind: 'single',
        unitStake,
        priceChange: 'none',
        legs: [{ selectionId, price }],
      },
      ip ? { ip } : undefined,
    );
  const alertsOf = async (query: string) =>
    (await desk().get(`/api/admin/sports/alerts?${query}`)).json().alerts;
  const ofBet = async (betId: number) =>
    (await alertsOf('state=all')).filter((a: { betId: number }) => a.betId === betId);

  it('a stake over the threshold makes exactly one alert, shown on the ticker; dismissing it is audited once', async () => {
    await rules({ alertStakeOver: { [currency]: 50_000 } });
    const { eventId } = await newEvent();
    const home = (await eventSelections(eventId))['1x2:home']!;
    const player = await newPlayer();
    const small = (await place(player.gameToken, home.id, home.price, 40_000)).json();
    const requestId = slipId();
    const big = (await place(player.gameToken, home.id, home.price, 60_000, undefined, requestId)).json();
    await place(player.gameToken, home.id, home.price, 60_000, undefined, requestId); // the same slip again
    expect(await ofBet(small.betId)).toEqual([]);
    const [alert, ...more] = await ofBet(big.betId);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ rule: 'big_stake', detail: { stake: 60_000, over: 50_000, currency } });
    const ticker = (await desk().get('/api/admin/sports/ticker')).json().bets;
    expect(
      ticker.find((b: { id: number }) => b.id === big.betId).alerts.map((a: { rule: string }) => a.rule),
    ).toEqual(['big_stake']);
    expect((await alertsOf('rule=same_ip')).some((a: { betId: number }) => a.betId === big.betId)).toBe(
      false,
    );
    expect((await desk().post(`/api/admin/sports/alerts/${alert.id}/dismiss`)).statusCode).toBe(200);
    expect((await desk().post(`/api/admin/sports/alerts/${alert.id}/dismiss`)).statusCode).toBe(409);
    expect((await desk().post('/api/admin/sports/alerts/abc/dismiss')).statusCode).toBe(400);
    expect((await alertsOf('state=open')).some((a: { id: number }) => a.id === alert.id)).toBe(false);
    expect(
      (await alertsOf('state=dismissed')).find((a: { id: number }) => a.id === alert.id).dismissedBy,
    ).toBeTruthy();
    const audit = (await as('owner').get('/api/admin/audit?action=sports.alert.dismiss')).json().entries;
    expect(audit.filter((e: { target: string }) => e.target === `sb-alert:${alert.id}`)).toHaveLength(1);
    expect((await desk().get('/api/admin/sports/alerts?rule=nope')).statusCode).toBe(400);
    expect((await as('support').get('/api/admin/sports/alerts')).statusCode).toBe(403);
  });

  it("a new account's large bet is an alert; an older account's is not", async () => {
    await rules({ alertNewAccountDays: 7, alertNewAccountStake: { [currency]: 50_000 } });
    const { eventId } = await newEvent();
    const home = (await eventSelections(eventId))['1x2:home']!;
    const player = await newPlayer();
    const bet = (await place(player.gameToken, home.id, home.price, 60_000)).json();
    expect((await ofBet(bet.betId)).map((a: { rule: string }) => a.rule)).toEqual(['new_account']);
    await rules({ alertNewAccountDays: 0, alertNewAccountStake: { [currency]: 50_000 } });
    const later = (await place(player.gameToken, home.id, home.price, 60_000)).json();
    expect(await ofBet(later.betId)).toEqual([]);
  });

  it('three members backing one selection from one address make one alert; two do not', async () => {
    await rules({ alertSameIpMembers: 3, alertSameIpMinutes: 60 });
    const { eventId } = await newEvent();
    const sel = await eventSelections(eventId);
    const home = sel['1x2:home']!;
    const draw = sel['1x2:draw']!;
    const [a, b, c, d] = [await newPlayer(), await newPlayer(), await newPlayer(), await newPlayer()];
    const ip = '198.51.100.23';
    const first = (await place(a.gameToken, home.id, home.price, 1_000, ip)).json();
    await place(a.gameToken, home.id, home.price, 1_000, ip); // the same member again: still one
    await place(b.gameToken, draw.id, draw.price, 1_000, ip); // another selection
    await place(d.gameToken, home.id, home.price, 1_000, '203.0.113.9'); // another address
    const second = (await place(b.gameToken, home.id, home.price, 1_000, ip)).json();
    expect([...(await ofBet(first.betId)), ...(await ofBet(second.betId))]).toEqual([]);
    const third = (await place(c.gameToken, home.id, home.price, 1_000, ip)).json();
    const [alert, ...more] = await ofBet(third.betId);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ rule: 'same_ip', detail: { ip, members: 3, selectionId: home.id } });
    const fourth = (await place(d.gameToken, home.id, home.price, 1_000, ip)).json();
    expect(await ofBet(fourth.betId)).toEqual([]); // stored once per selection and address
  });

  it('a bet stop flags the bets taken in the seconds before it, and a pre-match bet just before the start', async () => {
    await rules({ alertLateSeconds: 10 });
    const { eventId, marketId } = await newEvent();
    const home = (await eventSelections(eventId))['1x2:home']!;
    const player = await newPlayer();
    const early = (await place(player.gameToken, home.id, home.price, 1_000)).json();
    sportsClock.advance(60_000);
    const late = (await place(player.gameToken, home.id, home.price, 1_000)).json();
    expect(await ofBet(late.betId)).toEqual([]);
    sportsClock.advance(4_000);
    expect(
      (await desk().post(`/api/admin/sports/markets/${marketId}/status`, { open: false })).statusCode,
    ).toBe(200);
    expect(await ofBet(early.betId)).toEqual([]);
    const [alert, ...more] = await ofBet(late.betId);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ rule: 'late_bet', detail: { before: 'bet_stop', seconds: 4 } });

    sportsClock.reset();
    const soon = await newEvent({ startsInMs: 5_000 });
    const soonHome = (await eventSelections(soon.eventId))['1x2:home']!;
    const justBefore = (await place(player.gameToken, soonHome.id, soonHome.price, 1_000)).json();
    expect(
      (await ofBet(justBefore.betId)).map((a: { detail: { before: string } }) => a.detail.before),
    ).toEqual(['start']);
  });

  it("keeps a selection's price moves from the feed (a batch) and the desk, newest first, paged", async () => {
    const { feed } = await liveFeed();
    const match = fixture();
    const change = (home: string) =>
      uof.oddsChange({ product: 1, eventId: match.id, timestamp: ts() }, only1x2(home, '3.20', '3.00'));
    expect((await feed.receive(change('2.50'))).outcome).toBe('applied'); // opens the market
    // Two batches (a batch folds one event's changes into its last).
    for (const price of ['2.60', '2.70'])
      expect((await feed.receiveBatch([change(price)])).map((r) => r.outcome)).toEqual(['applied']);
    const sels = await selectionsOfUrn(match.id);
    const home = sels['1x2:home']!;
    const marketId = sels.marketId!;
    const moved = await desk().post(`/api/admin/sports/markets/${marketId}/prices`, {
      prices: [{ key: 'home', price: '2.80', format: 'decimal' }],
    });
    expect(moved.statusCode).toBe(200);
    const first = (await desk().get(`/api/admin/sports/selections/${home.id}/prices?limit=2`)).json();
    expect(first.prices.map((p: { price: string; source: string }) => [p.price, p.source])).toEqual([
      ['2.80', 'desk'],
      ['2.70', 'feed'],
    ]);
    const rest = (
      await desk().get(`/api/admin/sports/selections/${home.id}/prices?limit=2&before=${first.next}`)
    ).json();
    expect(rest.next).toBeNull();
    expect(rest.prices.map((p: { price: string; source: string }) => [p.price, p.source])).toEqual([
      ['2.60', 'feed'],
    ]);
    expect((await desk().get('/api/admin/sports/selections/0/prices')).statusCode).toBe(400);
  });

  /** The selections of a feed event by its URN, with its 1X2 market's id. */
  async function selectionsOfUrn(urn: string) {
    const rows = await queryRows<{ id: number; key: string; market_id: number }>(
      t.db,
      sql`select s.id, s.key, s.market_id from sb_selections s join sb_markets m on m.id = s.market_id
          join sb_events e on e.id = m.event_id where e.external_id = ${urn} and m.type = '1x2'`,
    );
    const out: Record<string, { id: number }> & { marketId?: number } = {};
    for (const r of rows) {
      out[`1x2:${r.key}`] = { id: Number(r.id) };
      out.marketId = Number(r.market_id);
    }
    return out;
  }
});
