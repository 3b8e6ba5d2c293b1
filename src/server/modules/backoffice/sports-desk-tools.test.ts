import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { loginNewOperator, useOperators } from '../../../../test/support/operators.ts';
import { bettorOn, KO_SITE } from '../../../../test/support/sites.ts';
import {
  footballEvent,
  listenForWallet,
  memberCurrency,
  placeSingle,
  selectionsOf,
  sportsPlayer,
} from '../../../../test/support/sports.ts';
import { openSse, type SseEvent } from '../../../../test/support/sse.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { upsertCompetition, upsertEvent, upsertSport } from '../../providers/sports/trading.service.ts';

/**
 * The trading desk's own events (manual trading), its event search, its risk views per currency and
 * its live bet ticker, through the admin API and the sports window's.
 */
let n = 0;
const unique = (word: string) => `${word}${process.pid % 1000}x${++n}`;

describe.runIf(backendAvailable)('back office: manual events, search, risk and the ticker', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as, logins, token } = useOperators(t);
  const desk = () => as('trading');
  let base = '';
  beforeAll(async () => {
    await listenForWallet(t);
    base = t.config.publicUrl;
  });

  const newEvent = (body: object) => desk().post('/api/admin/sports/manual-events', body);
  const newMarket = (eventId: number, market: object) =>
    desk().post(`/api/admin/sports/manual-events/${eventId}/markets`, market);
  /** Selections priced 1.9 each, from [key, name] pairs. */
  const atNineteen = (...selections: [string, string][]) =>
    selections.map(([key, name]) => ({ key, name, price: '1.9' }));
  const overUnder = atNineteen(['over', 'Over'], ['under', 'Under']);
  const btts = { type: 'btts', name: 'BTTS', selections: atNineteen(['yes', 'Yes'], ['no', 'No']) };
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
  const auditActions = async () =>
    (await as('owner').get(`/api/admin/audit?action=sports.*&operator=${logins.trading}`))
      .json()
      .entries.map((e: { action: string }) => e.action);

  it('a trader creates an event and its markets by hand; a member bets; suspend, reopen, settle by the score, audited', async () => {
    const home = unique('Darter');
    const created = await newEvent({
      sport: 'Darts',
      competition: 'Premier Arrows [DEMO]',
      home,
      away: 'Thrower',
      startsAt: tomorrow(),
    });
    expect(created.statusCode).toBe(200);
    const eventId = created.json().id as number;
    const market = await newMarket(eventId, {
      type: 'moneyline',
      name: 'Match winner',
      selections: [
        { key: 'home', name: home, price: '4/5', format: 'fractional' },
        { key: 'away', name: 'Thrower', price: '2.1' },
      ],
    });
    expect(market.statusCode).toBe(200);
    const total = await newMarket(eventId, {
      type: 'total',
      name: 'Total 180s',
      line: '6.5',
      selections: overUnder,
    });
    expect(total.statusCode).toBe(200);

    // The book's own checks: a line that could never settle, wrong selections, a bad price, no event.
    const refused = [
      await newMarket(eventId, { type: 'total', name: 'Total', line: '6.3', selections: overUnder }),
      await newMarket(eventId, {
        type: 'moneyline',
        name: 'Winner',
        selections: atNineteen(['home', 'A'], ['draw', 'B']),
      }),
      await newMarket(eventId, {
        type: 'moneyline',
        name: 'Winner',
        selections: [
          { key: 'home', name: 'A', price: '0.5' },
          { key: 'away', name: 'B', price: '1.9' },
        ],
      }),
      await newEvent({ sport: 'Darts', competition: 'X', home: 'A', away: 'a', startsAt: tomorrow() }),
      await newEvent({ sport: 'Darts', competition: 'X', home: 'A', away: 'B', startsAt: 'tomorrow' }),
      await newEvent({ sport: '', competition: 'X', home: 'A', away: 'B', startsAt: tomorrow() }),
    ];
    expect(refused.map((r) => [r.statusCode, r.json().status])).toEqual(Array(6).fill([400, 'invalid']));
    expect(refused[0]!.json().message).toMatch(/quarter/);
    const missing = await newMarket(999_999_999, btts);
    expect(missing.statusCode).toBe(404);
    // A feed's event takes its markets from its feed, never the desk.
    const sport = await upsertSport(t.db, 'football', 'Football');
    const feedEvent = await upsertEvent(t.db, {
      competitionId: await upsertCompetition(t.db, sport, 'Feed League [DEMO]'),
      name: 'Feed A v Feed B',
      startsAt: new Date(Date.now() + 86_400_000),
      source: 'uof',
      externalId: unique('sr:match:'),
    });
    const onFeed = await newMarket(feedEvent, btts);
    expect(onFeed.statusCode).toBe(409);
    // Roles: the trading permission only.
    expect((await as('cashier').post('/api/admin/sports/manual-events', { sport: 'Darts' })).statusCode).toBe(
      403,
    );

    // A member bets on it as on any event.
    const p = await sportsPlayer(t);
    const s = await selectionsOf(t, eventId);
    expect(s['moneyline:home']?.price).toBe('9/5');
    const bet = await placeSingle(t, p.gameToken, s['moneyline:home']!, 10_000);
    expect(bet.json().status).toBe('success');
    const before = await balancesOf(t, p.token);

    const suspended = await desk().post(`/api/admin/sports/events/${eventId}/markets-open`, {
      open: false,
      reason: 'a player withdrew',
    });
    expect(suspended.json()).toMatchObject({ status: 'success', changed: 2 });
    expect((await placeSingle(t, p.gameToken, s['moneyline:away']!, 1_000)).json().refusal).toBe(
      'market_suspended',
    );
    const twice = await desk().post(`/api/admin/sports/events/${eventId}/markets-open`, {
      open: false,
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await desk().post(`/api/admin/sports/events/${eventId}/markets-open`, { open: true })).statusCode,
    ).toBe(400);
    expect(
      (
        await desk().post(`/api/admin/sports/events/${eventId}/markets-open`, {
          open: true,
          reason: 'back on',
        })
      ).json().changed,
    ).toBe(2);

    const settled = await desk().post(`/api/admin/sports/events/${eventId}/result`, { home: 7, away: 4 });
    expect(settled.statusCode).toBe(200);
    expect(settled.json().markets).toHaveLength(2);
    expect(settled.json().left).toEqual([]);
    expect((await balancesOf(t, p.token)).cash).toBe(before.cash + 18_000);
    const again = await desk().post(`/api/admin/sports/events/${eventId}/result`, { home: 7, away: 4 });
    expect(again.statusCode).toBe(409);
    await expectSoundLedger(t.db);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'sports.manual.event',
        'sports.manual.market',
        'sports.event.suspend',
        'sports.event.reopen',
        'sports.event.result',
      ]),
    );
  });

  it('searches events by what a trader types, sport, league, dates and state, a page at a time', async () => {
    const word = unique('Zebra');
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    const ids: number[] = [];
    for (const [i, away] of ['Lions', 'Tigers', 'Bears'].entries()) {
      const res = await newEvent({
        sport: 'Ice hockey',
        competition: `${word} Cup`,
        home: `${word} FC`,
        away: `${away} ${word}`,
        startsAt: day(i + 1),
      });
      ids.push(res.json().id);
    }
    const search = async (query: string) => {
      const res = await desk().get(`/api/admin/sports/events?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        events: { id: number; name: string; sportCode: string; sport: string }[];
        hasMore: boolean;
      };
    };
    const found = (await search(`q=${word.toLowerCase()}`)).events;
    expect(found.map((e) => e.id)).toEqual(ids);
    // The sport by its code too: the desk names a sport the member window knows in the operator's language.
    expect(found.map((e) => [e.sportCode, e.sport])).toEqual(
      ids.map(() => ['manual:ice-hockey', 'Ice hockey']),
    );
    expect((await search(`q=${encodeURIComponent(`tig ${word}`)}`)).events.map((e) => e.id)).toEqual([
      ids[1],
    ]);
    // What a trader types is text: % and _ match themselves.
    expect((await search('q=%25')).events).toEqual([]);
    expect((await search('q=_')).events).toEqual([]);
    const filters = (await desk().get('/api/admin/sports/filters')).json();
    const sport = filters.sports.find((s: { name: string }) => s.name === 'Ice hockey');
    const league = filters.competitions.find((c: { name: string }) => c.name === `${word} Cup`);
    expect(sport.code).toBe('manual:ice-hockey');
    expect((await search(`sport=${sport.code}&competition=${league.id}`)).events.map((e) => e.id)).toEqual(
      ids,
    );
    const from = encodeURIComponent(day(1.5));
    const to = encodeURIComponent(day(2.5));
    expect((await search(`competition=${league.id}&from=${from}&to=${to}`)).events.map((e) => e.id)).toEqual([
      ids[1],
    ]);
    expect((await search(`competition=${league.id}&status=ended`)).events).toEqual([]);
    const first = await search(`competition=${league.id}&limit=2`);
    const second = await search(`competition=${league.id}&limit=2&page=2`);
    expect([first.events.map((e) => e.id), first.hasMore]).toEqual([ids.slice(0, 2), true]);
    expect([second.events.map((e) => e.id), second.hasMore]).toEqual([ids.slice(2), false]);
    // Hostile input: a 400 with its message, never a 5xx.
    for (const bad of ['from=yesterday', 'page=0', 'competition=abc', `q=${'x'.repeat(101)}`, 'limit=1000']) {
      const res = await desk().get(`/api/admin/sports/events?${bad}`);
      expect([res.statusCode, res.json().status]).toEqual([400, 'invalid']);
    }
  });

  it('shows liability per selection, market and event in each currency, never summed, and the biggest exposures', async () => {
    const thb = await sportsPlayer(t);
    const krw = await bettorOn(t, KO_SITE, 5_000_000);
    expect(await memberCurrency(t, krw.memberId)).toBe('KRW');
    const { eventId, marketId } = await footballEvent(t.db, { prices: ['2.0', '3.0', '5.0'] });
    const s = await selectionsOf(t, eventId);
    expect((await placeSingle(t, thb.gameToken, s['1x2:home']!, 10_000)).json().status).toBe('success');
    expect((await placeSingle(t, thb.gameToken, s['1x2:away']!, 1_000)).json().status).toBe('success');
    expect((await placeSingle(t, krw.gameToken, s['1x2:home']!, 200_000)).json().status).toBe('success');

    const risk = (await desk().get(`/api/admin/sports/risk?event=${eventId}`)).json();
    expect(risk.events).toHaveLength(1);
    const market = risk.events[0].markets.find((m: { id: number }) => m.id === marketId);
    expect(market.selections.map((x: { key: string; liability: unknown }) => [x.key, x.liability])).toEqual([
      [
        'home',
        [
          { currency: 'KRW', amount: 200_000 },
          { currency: 'THB', amount: 10_000 },
        ],
      ],
      ['away', [{ currency: 'THB', amount: 4_000 }]],
    ]);
    // The market's worst case is its worst selection's, in each currency on its own.
    expect(market.liability).toEqual([
      { currency: 'KRW', amount: 200_000 },
      { currency: 'THB', amount: 10_000 },
    ]);
    expect(risk.events[0].liability).toEqual(market.liability);
    expect(risk.exposures.filter((x: { eventId: number }) => x.eventId === eventId)).toHaveLength(3);

    const inBaht = (await desk().get('/api/admin/sports/risk?currency=THB')).json();
    expect(inBaht.exposures.every((x: { currency: string }) => x.currency === 'THB')).toBe(true);
    const amounts = inBaht.exposures.map((x: { amount: number }) => x.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const bad of ['currency=baht', 'event=-1']) {
      const res = await desk().get(`/api/admin/sports/risk?${bad}`);
      expect(res.statusCode).toBe(400);
    }
    expect((await as('support').get('/api/admin/sports/risk')).statusCode).toBe(403);
  });

  it('pushes each bet to the desk’s ticker as it is placed', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sports/ticker/live',
      headers: { authorization: `Bearer ${token('support')}` },
    });
    expect(refused.statusCode).toBe(403);
    const stream = await openSse(`${base}/api/admin/sports/ticker/live`, {
      authorization: `Bearer ${token('trading')}`,
    });
    expect(stream.status).toBe(200);
    type Ticker = { bets: { id: number; totalStake: number; currency: string; legs: { price: string }[] }[] };
    await stream.waitFor((e) => e.event === 'ticker');
    const p = await sportsPlayer(t);
    const { eventId } = await footballEvent(t.db);
    const s = await selectionsOf(t, eventId);
    const placed = (await placeSingle(t, p.gameToken, s['1x2:draw']!, 2_500)).json();
    expect(placed.status).toBe('success');
    const pushed = await stream.waitFor(
      (e) => e.event === 'ticker' && (e.data as Ticker).bets.some((b) => b.id === placed.betId),
      5_000,
    );
    expect((pushed.data as Ticker).bets[0]).toMatchObject({
      id: placed.betId,
      totalStake: 2_500,
      member: p.loginId,
      currency: 'THB',
      legs: [{ price: '3.40' }],
    });
    stream.close();
    const listed = (await desk().get('/api/admin/sports/ticker')).json();
    expect(listed.bets[0].id).toBe(placed.betId);
    const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sb_bets`);
    expect(listed.bets.length).toBe(Math.min(50, Number(row!.n)));
  });

  it('ends an open ticker stream once its operator may no longer trade, before the next bet reaches it', async () => {
    const trader = await loginNewOperator(t, 'trading');
    const stream = await openSse(`${base}/api/admin/sports/ticker/live`, {
      authorization: `Bearer ${trader.token}`,
    });
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'ticker');
    const listed = (await as('owner').get('/api/admin/operators')).json().operators as {
      id: number;
      login: string;
    }[];
    const id = listed.find((o) => o.login === trader.login)!.id;
    expect((await as('owner').post(`/api/admin/operators/${id}/role`, { role: 'content' })).statusCode).toBe(
      200,
    );

    const p = await sportsPlayer(t);
    const { eventId } = await footballEvent(t.db);
    const placed = (
      await placeSingle(t, p.gameToken, (await selectionsOf(t, eventId))['1x2:home']!, 1_000)
    ).json();
    expect(placed.status).toBe('success');
    const carries = (e: SseEvent) =>
      e.event === 'ticker' && (e.data as { bets: { id: number }[] }).bets.some((b) => b.id === placed.betId);
    // Whichever comes first: the stream's end, or the new bet carried to an operator who may not see it.
    const next = await stream.waitFor((e) => e.event === 'end' || carries(e), 5_000);
    expect(next).toEqual({ event: 'end', data: { reason: 'session' } });
    await stream.ended;
    expect(stream.events.filter(carries)).toEqual([]);
    stream.close();
  });

  it('finds bets by what a trader types (part of a login, a team) and shows members by login', async () => {
    const p = await sportsPlayer(t);
    const other = await sportsPlayer(t);
    const { eventId } = await footballEvent(t.db);
    const s = await selectionsOf(t, eventId);
    const mine = (await placeSingle(t, p.gameToken, s['1x2:home']!, 1_000)).json();
    const theirs = (await placeSingle(t, other.gameToken, s['1x2:away']!, 1_000)).json();
    expect([mine.status, theirs.status]).toEqual(['success', 'success']);
    type Found = { bets: { id: number; member: string | null; playerId: string }[] };
    const search = async (query: string) =>
      ((await desk().get(`/api/admin/sports/bets?${query}`)).json() as Found).bets;
    // Part of a login, in another case: that member's bets, each named by login.
    const part = p.loginId.slice(1, -1).toUpperCase();
    const byLogin = await search(`member=${encodeURIComponent(part)}`);
    expect(byLogin.map((b) => b.id)).toContain(mine.betId);
    expect(byLogin.every((b) => b.member?.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    expect(byLogin.find((b) => b.id === mine.betId)?.member).toBe(p.loginId);
    // The member's number still works; the event by its away team's name or its number.
    expect((await search(`member=${p.memberId}`)).map((b) => b.id)).toEqual([mine.betId]);
    const [event] = await queryRows<{ away: string }>(
      t.db,
      sql`select away from sb_events where id = ${eventId}`,
    );
    const byTeam = await search(`event=${encodeURIComponent(event!.away)}`);
    expect(byTeam.map((b) => b.id).sort()).toEqual([mine.betId, theirs.betId].sort());
    expect(
      (await search(`event=${eventId}&member=${encodeURIComponent(other.loginId)}`)).map((b) => b.id),
    ).toEqual([theirs.betId]);
    expect(await search('member=nobody-has-this-login')).toEqual([]);
    for (const bad of [`member=${'x'.repeat(65)}`, `event=${'x'.repeat(101)}`, 'status=lost']) {
      const res = await desk().get(`/api/admin/sports/bets?${bad}`);
      expect([res.statusCode, res.json().status]).toEqual([400, 'invalid']);
    }
  });
});
