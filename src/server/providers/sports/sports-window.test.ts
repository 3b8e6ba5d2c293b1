import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enterScore } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { livePriceOf, messagesAbout, waitForLive } from '../../../../test/support/sports-live.ts';
import { openSse } from '../../../../test/support/sse.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { parsePrice } from '../../../shared/sports/price.ts';
import { queryRows } from '../../db/client.ts';
import { COALESCE_MS } from './live-feed.ts';
import { settleBets } from './settlement-runs.ts';
import { setEventState, setMarketOpen, setPrices, upsertEvent } from './trading.service.ts';
import { flushWallet } from './wallet-sync.ts';

/** Long enough for any push still due to have come (several intervals, on a busy machine). */
const SETTLE_MS = Math.max(COALESCE_MS * 4, 300);

describe.runIf(backendAvailable)('the sports window: live prices, receipts, my bets', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp();
  let base = '';
  beforeAll(async () => {
    base = t.config.publicUrl;
  });

  it('pushes a price move, a suspension and a score to the windows showing the event, not to others', async () => {
    const { eventId, marketId } = await newEvent({ live: true });
    const other = await newEvent();
    const stream = await openSse(`${base}/sports/live?events=${eventId}`, {});
    expect(stream.status).toBe(200);
    await waitForLive(stream, eventId, () => livePriceOf(stream.events, eventId, 'home') === '2/1');
    await t.db.transaction((tx) =>
      setPrices(tx, marketId, [{ key: 'home', price: parsePrice('2.5', 'decimal')! }]),
    );
    await waitForLive(stream, eventId, () => livePriceOf(stream.events, eventId, 'home') === '5/2');
    // The move came as a delta naming only the selection that moved.
    const delta = stream.events.find((e) => e.event === 'delta');
    expect(delta?.data).toEqual({
      id: eventId,
      markets: [
        { id: marketId, version: expect.any(Number), selections: [{ id: expect.any(Number), price: '5/2' }] },
      ],
    });
    await setMarketOpen(t.db, { marketId }, false);
    await waitForLive(stream, eventId, (e) => e.markets[0]?.status === 'suspended');
    await setEventState(t.db, eventId, { score: { home: 1, away: 0, clock: "12'" } });
    await waitForLive(stream, eventId, (e) => e.score?.home === 1);
    // A bet's liability moving is no change the window shows; the other event is not this stream's.
    await t.db.transaction((tx) =>
      setPrices(tx, other.marketId, [{ key: 'home', price: parsePrice('3.0', 'decimal')! }]),
    );
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    expect(stream.events.filter((e) => (e.data as { id: number }).id !== eventId)).toEqual([]);
    stream.close();
  });

  it('a stream following two events gets nothing of a third, and a burst of moves as fewer deltas ending on the last price', async () => {
    const a = await newEvent({ live: true });
    const b = await newEvent({ live: true });
    const third = await newEvent({ live: true });
    const stream = await openSse(
      `${base}/sports/live?events=${a.eventId},${b.eventId}&new=${third.eventId}`,
      {},
    );
    await waitForLive(stream, a.eventId, () => true);
    await waitForLive(stream, b.eventId, () => true);
    // Three moves of a back to back, and a move of the third. The first goes at once; the ones behind
    // it within COALESCE_MS wait for the interval's end and go as one (the exact timing is
    // live-feed.unit.test.ts's): without the interval each would be its own delta.
    for (const price of ['2.1', '2.2', '2.3'])
      await t.db.transaction((tx) =>
        setPrices(tx, a.marketId, [{ key: 'home', price: parsePrice(price, 'decimal')! }]),
      );
    await t.db.transaction((tx) =>
      setPrices(tx, third.marketId, [{ key: 'home', price: parsePrice('5.0', 'decimal')! }]),
    );
    await waitForLive(stream, a.eventId, () => livePriceOf(stream.events, a.eventId, 'home') === '23/10');
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const deltas = messagesAbout(stream, a.eventId).filter((e) => e.event === 'delta');
    expect(deltas.length).toBeLessThanOrEqual(2);
    // The window ends on the last price. A push may read all three moves at once, and the one after
    // it then carries only the market's newer version, so the price need not be in the last delta.
    expect(livePriceOf(stream.events, a.eventId, 'home')).toBe('23/10');
    expect(deltas.some((d) => JSON.stringify(d.data).includes('"23/10"'))).toBe(true);
    expect(messagesAbout(stream, third.eventId)).toEqual([]);
    expect(messagesAbout(stream, b.eventId).map((e) => e.event)).toEqual(['event']);
    stream.close();
  });

  it('with new=<id> also brings an event the book opens later, then its changes; without it, nothing', async () => {
    const shown = await newEvent();
    const discovering = await openSse(`${base}/sports/live?events=${shown.eventId}&new=${shown.eventId}`, {});
    const fixed = await openSse(`${base}/sports/live?events=${shown.eventId}`, {});
    await waitForLive(discovering, shown.eventId, () => true);
    await waitForLive(fixed, shown.eventId, () => true);

    const opened = await newEvent({ prices: ['1.8', '3.5', '4.5'] });
    await waitForLive(discovering, opened.eventId, () => true);
    await t.db.transaction((tx) =>
      setPrices(tx, opened.marketId, [{ key: 'home', price: parsePrice('1.9', 'decimal')! }]),
    );
    await waitForLive(
      discovering,
      opened.eventId,
      () => livePriceOf(discovering.events, opened.eventId, 'home') === '19/10',
    );

    // An event that changes while it is not listed (here: it ended) is no new event to show.
    const [row] = await queryRows<{ competition_id: number }>(
      t.db,
      sql`select competition_id from sb_events where id = ${shown.eventId}`,
    );
    const endedId = await upsertEvent(t.db, {
      competitionId: row!.competition_id,
      name: 'Ended v Over',
      startsAt: new Date(Date.now() - 7_200_000),
    });
    await setEventState(t.db, endedId, { status: 'ended' });
    await t.db.transaction((tx) =>
      setPrices(tx, opened.marketId, [{ key: 'home', price: parsePrice('2.0', 'decimal')! }]),
    );
    await waitForLive(
      discovering,
      opened.eventId,
      () => livePriceOf(discovering.events, opened.eventId, 'home') === '2/1',
    );
    expect(messagesAbout(discovering, endedId)).toEqual([]);
    expect(fixed.events.filter((e) => (e.data as { id: number }).id !== shown.eventId)).toEqual([]);
    discovering.close();
    fixed.close();
  });

  it('with new=<id> a stream opened after the book opened an event brings it (the window had no stream then), not older ones', async () => {
    const older = await newEvent();
    const shown = await newEvent();
    // The listing tells the window the book's newest event; the window's stream asks for those above it.
    const listing = (await sportsApi('events', { eventId: shown.eventId })).json<{ newest: number }>();
    expect(listing.newest).toBeGreaterThanOrEqual(shown.eventId);
    // Opened while none of the window's streams listened (it opens a new one whenever what it shows changes).
    const opened = await newEvent({ prices: ['1.8', '3.5', '4.5'] });
    const stream = await openSse(`${base}/sports/live?events=${shown.eventId}&new=${listing.newest}`, {});
    await waitForLive(stream, shown.eventId, () => true);
    await waitForLive(
      stream,
      opened.eventId,
      () => livePriceOf(stream.events, opened.eventId, 'home') === '9/5',
    );
    // Then followed like the others.
    await t.db.transaction((tx) =>
      setPrices(tx, opened.marketId, [{ key: 'home', price: parsePrice('1.9', 'decimal')! }]),
    );
    await waitForLive(
      stream,
      opened.eventId,
      () => livePriceOf(stream.events, opened.eventId, 'home') === '19/10',
    );
    expect(messagesAbout(stream, older.eventId)).toEqual([]);
    stream.close();
  });

  it('refuses a malformed list of events with a 400 and no stream', async () => {
    for (const q of [
      '',
      '?events=',
      '?events=abc',
      `?events=${'1,'.repeat(201)}1`,
      '?events=1&new=yes',
      '?events=1&new=-1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/sports/live${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'invalid' });
    }
  });

  it('a receipt, then my bets: leg states, totals, date filter, keyset pages, and a resettlement with its reason', async () => {
    const p = await newPlayer();
    const init = (await sportsApi('init', { token: p.gameToken })).json();
    expect(init).toMatchObject({ status: 'success', rounding: 'down' });
    const a = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const b = await newEvent({ prices: ['1.5', '3.0', '4.0'] });
    const sa = await eventSelections(a.eventId);
    const sb = await eventSelections(b.eventId);
    const placed = [];
    for (const legs of [[sa['1x2:home']!], [sb['1x2:away']!], [sa['1x2:home']!, sb['1x2:home']!]]) {
      const res = await placeBet(p.gameToken, legs, { unitStake: 1_000 });
      expect(res.json()).toMatchObject({ status: 'success' });
      placed.push(res.json().betId as number);
    }
    const receipt = (await sportsApi('bet', { token: p.gameToken, betId: placed[2] })).json();
    expect(receipt.bet).toMatchObject({ id: placed[2], totalStake: 1_000, potentialReturn: 3_000 });
    expect(receipt.bet.legs.map((l: { state: string }) => l.state)).toEqual(['open', 'open']);
    // Each leg carries the codes a page names the market and the selection by in its language, the
    // English names as accepted (a market renamed since keeps its name on the bet) and the label.
    await t.db.execute(sql`update sb_markets set name = 'Full-time result' where id = ${a.marketId}`);
    const [leg] = (await sportsApi('bet', { token: p.gameToken, betId: placed[2] })).json().bet.legs;
    expect(leg).toMatchObject({
      marketType: '1x2',
      market: 'Match result',
      selectionKey: 'home',
      selection: 'Home',
      line: null,
      event: expect.stringMatching(/^Home \S+ v Away \S+$/),
    });
    expect(leg.label).toBe(`${leg.event} · Match result · Home`);
    // Another member cannot read it.
    const q = await newPlayer();
    expect((await sportsApi('bet', { token: q.gameToken, betId: placed[2] })).statusCode).toBe(404);

    await enterScore(t, a.marketId, 1, 0);
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const mine = (await sportsApi('bets', { token: p.gameToken, from, to })).json();
    expect(mine.bets.map((x: { id: number }) => x.id)).toEqual([...placed].reverse());
    const multiple = mine.bets[0];
    expect(multiple.legs.map((l: { state: string }) => l.state)).toEqual(['won', 'open']);
    expect(mine.totals).toMatchObject({
      settledCount: 1,
      staked: 1_000,
      returned: 2_000,
      net: 1_000,
      openStake: 2_000,
    });

    const open = (await sportsApi('bets', { token: p.gameToken, from, to, state: 'open' })).json();
    expect(open.bets).toHaveLength(2);
    const settled = (await sportsApi('bets', { token: p.gameToken, from, to, state: 'settled' })).json();
    expect(settled.bets.map((x: { id: number }) => x.id)).toEqual([placed[0]]);
    // A range that ends before the bets holds none of them.
    const before = (
      await sportsApi('bets', {
        token: p.gameToken,
        from: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        to: from,
      })
    ).json();
    expect(before.bets).toEqual([]);
    // Pages of one, by the (time, id) cursor, walk the same list.
    const seen: number[] = [];
    let cursor: unknown;
    for (;;) {
      const page = (
        await sportsApi('bets', {
          token: p.gameToken,
          from,
          to,
          limit: 1,
          ...(cursor ? { before: cursor } : {}),
        })
      ).json();
      seen.push(...page.bets.map((x: { id: number }) => x.id));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(seen).toEqual([...placed].reverse());

    // The trader corrects the result: the single is resettled and its history says why.
    await t.db.execute(
      sql`update sb_markets set result = ${JSON.stringify({ kind: 'score', home: 0, away: 1 })}::jsonb where id = ${a.marketId}`,
    );
    expect(
      await settleBets(t.db, t.app.sportsWallet, [placed[0]!], {
        operatorId: null,
        reason: 'wrong score entered',
      }),
    ).toBe(1);
    await flushWallet(t.db, t.app.sportsWallet, [placed[0]!]);
    const after = (await sportsApi('bet', { token: p.gameToken, betId: placed[0] })).json().bet;
    expect(after.history.map((h: { kind: string }) => h.kind)).toEqual(['settle', 'resettle']);
    expect(after.history[1]).toMatchObject({ reason: 'wrong score entered', amount: 0 });
    expect(after.legs[0].state).toBe('lost');

    // The member site's own bet history lists the sports bets, each linking to its bet and proof.
    const site = (await t.call('get-slot-bets-list', { kind: 'sport' }, { token: p.token })).json();
    expect(site.list.map((r: { roundId: string }) => r.roundId)).toEqual(
      [...placed].reverse().map((id) => `sb-${id}`),
    );
    expect(site.list.at(-1)).toMatchObject({
      category: 'sport',
      stake: 1_000,
      verifyUrl: `/sports?bet=${placed[0]}`,
    });
  });

  it('reads a page of my bets and the totals by the (player, placed_at, id) index', async () => {
    // One transaction: the setting and the plan on the same connection.
    const plan = (query: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = (await tx.execute(sql`explain ${query}`)) as unknown as
          | { rows: Record<string, string>[] }
          | Record<string, string>[];
        const list = Array.isArray(rows) ? rows : rows.rows;
        return list.map((r) => Object.values(r)[0]).join('\n');
      });
    const from = '2026-01-01T00:00:00Z';
    const to = '2026-04-01T00:00:00Z';
    expect(
      await plan(
        sql`select b.* from sb_bets b where b.player_id = ${'1'} and b.placed_at >= ${from}::timestamptz and b.placed_at < ${to}::timestamptz
            and (b.placed_at, b.id) < (${to}::timestamptz, ${1000}) order by b.placed_at desc, b.id desc limit 21`,
      ),
    ).toContain('sb_bets_player_placed');
    expect(
      await plan(
        sql`select count(*) from sb_bets where player_id = ${'1'} and placed_at >= ${from}::timestamptz and placed_at < ${to}::timestamptz`,
      ),
    ).toContain('sb_bets_player_placed');
  });

  it('refuses bad history filters with a 400', async () => {
    const p = await newPlayer(0);
    for (const body of [
      { from: 'yesterday' },
      { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { state: 'won' },
      { limit: 0 },
    ]) {
      const res = await sportsApi('bets', { token: p.gameToken, ...body });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses a stream for malformed event ids with a clear 400, before any stream opens', async () => {
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    for (const query of ['', 'events=', 'events=abc', 'events=-1', `events=${tooMany}`, 'events=1&new=x']) {
      const res = await t.app.inject({ method: 'GET', url: `/sports/live?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type'], query).toMatch(/^application\/json/);
      expect(res.json(), query).toMatchObject({ status: 'invalid', msg: expect.any(String) });
    }
  });
});
