import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { leaguesMatching, openEventsMatching, prefixQuery } from './browse.service.ts';
import { setEventState, upsertCompetition, upsertEvent, upsertSport } from './trading.service.ts';

/** Finding a match (navigation, search, favourites) and the per-selection Max (docs/sportsbook.md, "The sports window"). */
describe.runIf(backendAvailable)('sports window: finding a match and the Max', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp();
  const { as } = useOperators(t);

  /** A league of its own with open events between these teams, one of them in play. */
  async function league(name: string, matches: [string, string][], liveFirst = false, country?: string) {
    const sportId = await upsertSport(t.db, 'football', 'Football');
    const competitionId = await upsertCompetition(t.db, sportId, name, { country });
    const ids: number[] = [];
    for (const [i, [home, away]] of matches.entries()) {
      const id = await upsertEvent(t.db, {
        competitionId,
        name: `${home} v ${away}`,
        home,
        away,
        startsAt: new Date(Date.now() + (i + 1) * 3_600_000),
      });
      ids.push(id);
    }
    if (liveFirst) await setEventState(t.db, ids[0]!, { status: 'live', score: { home: 1, away: 0 } });
    return { competitionId, ids };
  }

  it('lists each league with its country and its open and live counts, and a league’s own events', async () => {
    const { competitionId, ids } = await league(
      'Navigation League',
      [
        ['Nav Alpha', 'Nav Beta'],
        ['Nav Gamma', 'Nav Delta'],
        ['Nav Eps', 'Nav Zeta'],
      ],
      true,
      'Ruritania',
    );
    await setEventState(t.db, ids[2]!, { status: 'ended' });
    const res = await sportsApi('leagues', {});
    expect(res.statusCode).toBe(200);
    const row = res.json().leagues.find((l: { id: number }) => l.id === competitionId);
    expect(row).toMatchObject({
      name: 'Navigation League',
      country: 'Ruritania',
      sportCode: 'football',
      events: 2,
      live: 1,
    });
    // A league without a country comes after those with one.
    const other = await league('Countryless League', [['Cl A', 'Cl B']]);
    const listedLeagues = (await sportsApi('leagues', {})).json().leagues as { id: number }[];
    const at = (id: number) => listedLeagues.findIndex((l) => l.id === id);
    expect(at(other.competitionId)).toBeGreaterThan(at(competitionId));
    const listed = await sportsApi('events', { competitionId });
    expect(listed.json().events.map((e: { id: number }) => e.id)).toEqual([ids[0], ids[1]]);
    expect(listed.json().events[0].competitionId).toBe(competitionId);
  });

  it('finds open events by the start of any word of a team or league, a page at a time', async () => {
    const { competitionId, ids } = await league('Ruritania Premier', [
      ['Strelsau United', 'Zenda Rovers'],
      ['Zenda Rovers', 'Hentzau Town'],
      ['Tarlenheim City', 'Strelsau Athletic'],
    ]);
    const search = async (body: object) => (await sportsApi('search', body)).json();
    const zenda = await search({ q: 'zend' });
    expect(zenda.events.map((e: { id: number }) => e.id)).toEqual([ids[0], ids[1]]);
    expect(zenda.next).toBeNull();
    // Every word must match: "strelsau ath" finds the one match.
    expect((await search({ q: 'strelsau ath' })).events.map((e: { id: number }) => e.id)).toEqual([ids[2]]);
    // A league's name finds the league and its events; pages follow each other without repeats.
    const first = await search({ q: 'ruritan', limit: 2 });
    expect(first.leagues.map((l: { id: number }) => l.id)).toEqual([competitionId]);
    expect(first.events.map((e: { id: number }) => e.id)).toEqual([ids[0], ids[1]]);
    const second = await search({ q: 'ruritan', limit: 2, after: first.next });
    expect(second.events.map((e: { id: number }) => e.id)).toEqual([ids[2]]);
    expect(second.next).toBeNull();
    // An ended event is not found.
    await setEventState(t.db, ids[2]!, { status: 'ended' });
    expect((await search({ q: 'tarlenheim' })).events).toEqual([]);
  });

  it.runIf(isPostgres)(
    'searches the open events and the leagues through their indexes, never the whole table',
    async () => {
      const words = sql`to_tsquery('simple', ${prefixQuery('zenda ro')})`;
      const plans = await t.db.transaction(async (tx) => {
        // Few rows here: the planner is told to avoid a sequential scan, to show it can read the indexes.
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = async (query: ReturnType<typeof sql>) =>
          (await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`))
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        return [await plan(openEventsMatching(words)), await plan(leaguesMatching(words))];
      });
      // The open events only: the words' GIN index, or (on a table this small) all the open events by league.
      expect(plans[0]).toMatch(/Index Scan on sb_events_open_(words|competition)/);
      expect(plans[0]).not.toContain('Seq Scan');
      expect(plans[1]).toContain('sb_competitions_words');
    },
  );

  it('refuses a search too short, too long or with symbols, with a 400 and its status', async () => {
    for (const q of ['a', '', 'x'.repeat(51), "zenda'; drop table", '%%', 42, null]) {
      const res = await sportsApi('search', { q });
      expect(res.statusCode, String(q)).toBe(400);
      expect(res.json().status).toBe('invalid');
    }
    expect((await sportsApi('search', { q: 'zenda', after: { at: 'yesterday', id: 1 } })).statusCode).toBe(
      400,
    );
  });

  it('keeps each member’s favourite leagues and events on the server, the open events with their markets', async () => {
    const p = await newPlayer(0);
    const other = await newPlayer(0);
    const { eventId } = await newEvent();
    const { competitionId } = await league('Favourite League', [['Fav A', 'Fav B']]);
    const fav = (body: object, who = p) => sportsApi('favourite', { token: who.gameToken, ...body });
    expect((await fav({ kind: 'event', id: eventId, on: true })).json()).toEqual({
      status: 'success',
      kind: 'event',
      id: eventId,
      on: true,
    });
    expect((await fav({ kind: 'event', id: eventId, on: true })).statusCode).toBe(200);
    expect((await fav({ kind: 'competition', id: competitionId, on: true })).statusCode).toBe(200);
    const mine = (await sportsApi('favourites', { token: p.gameToken })).json();
    expect(mine.leagues).toEqual([competitionId]);
    expect(mine.events.map((e: { id: number }) => e.id)).toEqual([eventId]);
    expect(mine.events[0].markets[0].selections).toHaveLength(3);
    const theirs = (await sportsApi('favourites', { token: other.gameToken })).json();
    expect(theirs).toEqual({ status: 'success', leagues: [], events: [] });
    await fav({ kind: 'event', id: eventId, on: false });
    expect((await sportsApi('favourites', { token: p.gameToken })).json().events).toEqual([]);
  });

  it('keeps at most 100 favourites of a kind: one more is refused with 409 too_many', async () => {
    const p = await newPlayer(0);
    const { playerId } = (await sportsApi('init', { token: p.gameToken })).json();
    const events: number[] = [];
    for (let i = 0; i < 101; i++) events.push((await newEvent()).eventId);
    await t.db.execute(
      sql`insert into sb_favourites (player_id, kind, ref_id) select ${playerId}, 'event', unnest(${`{${events.slice(0, 100).join(',')}}`}::int8[])`,
    );
    const favourite = (id: number) =>
      sportsApi('favourite', { token: p.gameToken, kind: 'event', id, on: true });
    const more = await favourite(events[100]!);
    expect(more.statusCode).toBe(409);
    expect(more.json().status).toBe('too_many');
    // One already kept is kept again.
    const again = await favourite(events[0]!);
    expect(again.statusCode).toBe(200);
  });

  it('refuses a favourite the book does not have (404) and a bad body (400)', async () => {
    const p = await newPlayer(0);
    const missing = await sportsApi('favourite', {
      token: p.gameToken,
      kind: 'event',
      id: 987_654_321,
      on: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe('not_found');
    for (const body of [
      { kind: 'team', id: 1, on: true },
      { kind: 'event', id: -1, on: true },
      { kind: 'event', id: '1', on: true },
      { kind: 'event', id: 1 },
    ])
      expect((await sportsApi('favourite', { token: p.gameToken, ...body })).statusCode).toBe(400);
  });

  const maxOf = async (gameToken: string, body: object) => {
    const res = await sportsApi('maxStake', { token: gameToken, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers each selection’s Max from the limits, and the placement takes exactly that much', async () => {
    const desk = as('trading');
    const p = await newPlayer(10_000_000);
    const currency = (await sportsApi('init', { token: p.gameToken })).json().currency;
    const platformMax = (await sportsApi('rules', { currency })).json().rules.maxStake;
    expect(platformMax).toBeGreaterThan(24_000);
    const { eventId, marketId } = await newEvent({ prices: ['2.0', '3.5', '5.0'] });
    const sel = await eventSelections(eventId);
    const home = sel['1x2:home']!;
    const away = sel['1x2:away']!;
    // The platform's max stake binds home; a max payout of 120,000 binds away at 5.0.
    await desk.post('/api/admin/sports/limits', {
      scope: 'event',
      scopeId: String(eventId),
      currency,
      maxPayout: 120_000,
    });
    let max = await maxOf(p.gameToken, { selectionIds: [home.id, away.id] });
    expect(max.currency).toBe(currency);
    expect(max.singles).toEqual([
      { selectionId: home.id, max: Math.min(platformMax, 60_000) },
      { selectionId: away.id, max: 24_000 },
    ]);
    expect((await placeBet(p.gameToken, [away], { unitStake: 24_001 })).json().refusal).toBe(
      'payout_too_high',
    );
    expect((await placeBet(p.gameToken, [away], { unitStake: 24_000 })).json().status).toBe('success');
    // The maximum payout is per bet: the member's next bet on away may return as much again.
    expect((await maxOf(p.gameToken, { selectionIds: [away.id] })).singles[0].max).toBe(24_000);
    // A market's liability limit of 130,000: the away bet's 96,000 of exposure leaves 34,000, 8,500 at
    // 5.0, for another member.
    await desk.post('/api/admin/sports/limits', {
      scope: 'market',
      scopeId: String(marketId),
      currency,
      maxLiability: 130_000,
    });
    const q = await newPlayer(10_000_000);
    max = await maxOf(q.gameToken, { selectionIds: [home.id, away.id] });
    expect(max.singles.find((s: { selectionId: number }) => s.selectionId === away.id).max).toBe(8_500);
    expect((await placeBet(q.gameToken, [away], { unitStake: 8_501 })).json().refusal).toBe(
      'liability_reached',
    );
    expect((await placeBet(q.gameToken, [away], { unitStake: 8_500 })).json().status).toBe('success');
    expect((await maxOf(q.gameToken, { selectionIds: [away.id] })).singles[0].max).toBe(0);
  });

  it('answers a multiple’s Max per line, and the member’s own stake factor', async () => {
    const desk = as('trading');
    const p = await newPlayer(10_000_000);
    const { playerId, currency } = (await sportsApi('init', { token: p.gameToken })).json();
    const platformMax = (await sportsApi('rules', { currency })).json().rules.maxStake;
    const a = (await eventSelections((await newEvent({ prices: ['2.0', '3.5', '5.0'] })).eventId))[
      '1x2:home'
    ]!;
    const bEvent = (await newEvent({ prices: ['3.0', '3.5', '2.5'] })).eventId;
    const b = (await eventSelections(bEvent))['1x2:home']!;
    await desk.post('/api/admin/sports/limits', {
      scope: 'event',
      scopeId: String(bEvent),
      currency,
      maxPayout: 60_000,
    });
    // 2.0 × 3.0 = 6.0: the payout of 60,000 allows 10,000.
    const max = await maxOf(p.gameToken, { selectionIds: [a.id, b.id], kind: 'multiple' });
    expect(max.combined).toBe(10_000);
    expect((await placeBet(p.gameToken, [a, b], { unitStake: 10_001 })).json().refusal).toBe(
      'payout_too_high',
    );
    expect((await placeBet(p.gameToken, [a, b], { unitStake: 10_000 })).json().status).toBe('success');
    // A stake factor of 10% on the member: a tenth of the platform's max stake for them, less the
    // 10,000 their double already stakes on that selection.
    await desk.post('/api/admin/sports/limits', {
      scope: 'player',
      scopeId: playerId,
      currency,
      stakeFactorBp: 1_000,
    });
    expect((await maxOf(p.gameToken, { selectionIds: [a.id] })).singles[0].max).toBe(
      Math.floor(platformMax / 10) - 10_000,
    );
  });

  it('a multiple’s Max sees its liability on its open leg only, as the placement does', async () => {
    const desk = as('trading');
    const p = await newPlayer(10_000_000);
    const { currency } = (await sportsApi('init', { token: p.gameToken })).json();
    const platformMax = (await sportsApi('rules', { currency })).json().rules.maxStake;
    const first = await newEvent({ prices: ['2.0', '3.5', '5.0'], startsInMs: 86_400_000 });
    const later = await newEvent({ prices: ['2.0', '3.5', '5.0'], startsInMs: 2 * 86_400_000 });
    const a = (await eventSelections(first.eventId))['1x2:home']!;
    const b = (await eventSelections(later.eventId))['1x2:home']!;
    // The later match's market takes almost no liability; the double's sits on the first match's leg.
    await desk.post('/api/admin/sports/limits', {
      scope: 'market',
      scopeId: String(later.marketId),
      currency,
      maxLiability: 1_000,
    });
    const max = await maxOf(p.gameToken, { selectionIds: [a.id, b.id], kind: 'multiple' });
    expect(max.combined).toBe(Math.min(platformMax, 25_000_000));
    expect((await placeBet(p.gameToken, [a, b], { unitStake: max.combined })).json().status).toBe('success');
  });

  it('refuses a Max asked for a bet that cannot be, or a bad body, with a 4xx', async () => {
    const p = await newPlayer(0);
    const home = (await eventSelections((await newEvent()).eventId))['1x2:home']!;
    const odd = await sportsApi('maxStake', {
      token: p.gameToken,
      selectionIds: [home.id],
      kind: 'multiple',
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().status).toBe('invalid_bet');
    for (const selectionIds of [[], [0], ['1'], Array.from({ length: 101 }, (_, i) => i + 1)])
      expect((await sportsApi('maxStake', { token: p.gameToken, selectionIds })).statusCode).toBe(400);
    // A selection the book does not have has no Max.
    expect((await maxOf(p.gameToken, { selectionIds: [987_654_321] })).singles).toEqual([]);
  });
});
