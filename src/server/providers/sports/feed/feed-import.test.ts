import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../../test/support/db-snapshot.ts';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { placeSingle } from '../../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { queryRows } from '../../../db/client.ts';
import { enterResult } from '../results.service.ts';
import { importFeed } from './feed-import.service.ts';

const starts = new Date(Date.now() + 86_400_000).toISOString();
const lines = (records: object[]) => records.map((r) => JSON.stringify(r)).join('\n');
const FEED = lines([
  {
    type: 'fixture',
    source: 'acme',
    id: 'ev-1',
    seq: 1,
    sport: 'football',
    sportName: 'Football',
    competition: 'Test Cup [DEMO]',
    competitionId: 'c-1',
    name: 'Red Owls v Blue Foxes',
    home: 'Red Owls',
    away: 'Blue Foxes',
    startsAt: starts,
  },
  {
    type: 'market',
    source: 'acme',
    id: 'mk-1',
    seq: 1,
    event: 'ev-1',
    marketType: 'total',
    name: 'Total goals 2.5',
    params: { line: '2.5' },
    selections: [
      { key: 'over', name: 'Over', price: '-110', format: 'american' },
      { key: 'under', name: 'Under', price: '5/6', format: 'fractional' },
    ],
  },
  { type: 'price', source: 'acme', id: 'mk-1', seq: 2, prices: [{ key: 'over', price: '2.05' }] },
]);

describe.runIf(backendAvailable)('the JSON-lines feed import', () => {
  const { t, sportsApi, newPlayer, eventSelections } = useSportsApp();
  const wallet = () => t.app.sportsWallet;

  it('applies a file once: the same file again changes nothing; an older record is ignored', async () => {
    expect(await importFeed(t.db, wallet(), FEED)).toEqual({ applied: 3, skipped: 0, errors: [] });
    const [sel] = await queryRows<{ price_num: number; price_den: number }>(
      t.db,
      sql`select price_num, price_den from sb_selections where key = 'over'`,
    );
    expect([sel!.price_num, sel!.price_den]).toEqual([41, 20]);
    const before = await snapshotAllTables(t.db, ['sb_feed_cursor']);
    expect(await importFeed(t.db, wallet(), FEED)).toEqual({ applied: 0, skipped: 3, errors: [] });
    // An out-of-order price (seq 1 < 2) changes nothing either.
    const old = lines([
      { type: 'price', source: 'acme', id: 'mk-1', seq: 1, prices: [{ key: 'over', price: '9.0' }] },
    ]);
    expect(await importFeed(t.db, wallet(), old)).toEqual({ applied: 0, skipped: 1, errors: [] });
    expect(await snapshotAllTables(t.db, ['sb_feed_cursor'])).toBe(before);
  });

  it('reports bad lines by number and applies nothing from them', async () => {
    const before = await snapshotAllTables(t.db);
    const report = await importFeed(
      t.db,
      wallet(),
      [
        '{nope',
        JSON.stringify({
          type: 'price',
          source: 'acme',
          id: 'mk-1',
          seq: 9,
          prices: [{ key: 'over', price: 'abc' }],
        }),
        JSON.stringify({ type: 'weird' }),
      ].join('\n'),
    );
    expect(report.applied).toBe(0);
    expect(report.errors.map((e) => e.line)).toEqual([1, 2, 3]);
    expect(await snapshotAllTables(t.db)).toBe(before);
  });

  it('suspend, result and cancel records trade and settle like the desk', async () => {
    const p = await newPlayer(100_000);
    const [ev] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where external_id = 'ev-1'`,
    );
    const s = await eventSelections(Number(ev!.id));
    const place = (sel: { id: number; price: string }) => placeSingle(t, p.gameToken, sel);
    await importFeed(
      t.db,
      wallet(),
      lines([{ type: 'suspend', source: 'acme', id: 'mk-1', seq: 3, suspended: true }]),
    );
    expect((await place(s['total:over']!)).json().refusal).toBe('market_suspended');
    await importFeed(
      t.db,
      wallet(),
      lines([{ type: 'suspend', source: 'acme', id: 'mk-1', seq: 4, suspended: false }]),
    );
    expect((await place(s['total:over']!)).json().status).toBe('success');
    expect((await place(s['total:under']!)).json().status).toBe('success');
    expect(
      await importFeed(
        t.db,
        wallet(),
        lines([
          { type: 'result', source: 'acme', id: 'mk-1', seq: 5, result: { kind: 'score', home: 2, away: 1 } },
        ]),
      ),
    ).toMatchObject({ applied: 1 });
    // Over 2.5 with three goals wins at 2.05; under loses.
    expect((await balancesOf(t, p.token)).cash).toBe(80_000 + 20_500);
    const bets = (await sportsApi('bets', { token: p.gameToken })).json().bets;
    expect(bets[1].history[0].proof.legs[0].resultSource).toBe('feed:acme');
  });

  it('a result or cancel record moves no bet on a market the desk settled; where it differs, the desk sees it', async () => {
    const market = (seq: number, extra: object) =>
      lines([{ type: 'result', source: 'acme', id: 'mk-2', seq, ...extra }]);
    const fixture = JSON.parse(FEED.split('\n')[0]!);
    const total = JSON.parse(FEED.split('\n')[1]!);
    expect(
      await importFeed(
        t.db,
        wallet(),
        lines([
          { ...fixture, id: 'ev-2', name: 'Green Bees v Grey Wolves' },
          { ...total, id: 'mk-2', event: 'ev-2' },
        ]),
      ),
    ).toMatchObject({ applied: 2, errors: [] });
    const [m] = await queryRows<{ id: number; event_id: number }>(
      t.db,
      sql`select id, event_id from sb_markets where external_id = 'mk-2'`,
    );
    const s = await eventSelections(Number(m!.event_id));
    const p = await newPlayer(100_000);
    for (const pick of ['total:over', 'total:under'])
      expect((await placeSingle(t, p.gameToken, s[pick]!)).json().status).toBe('success');
    // The desk settles 1–0: under wins at 11/6.
    await enterResult(t.db, wallet(), Number(m!.id), { kind: 'score', home: 1, away: 0 }, { source: 'desk' });
    const cash = 80_000 + 18_333;
    expect((await balancesOf(t, p.token)).cash).toBe(cash);
    const said = async () =>
      (
        await queryRows<{ feed_disagrees: { kind: string } | null }>(
          t.db,
          sql`select feed_disagrees from sb_markets where id = ${m!.id}`,
        )
      )[0]!.feed_disagrees;

    // The feed says 2–1 (over): the desk's result stands, the feed's is kept for the desk.
    expect(
      await importFeed(t.db, wallet(), market(2, { result: { kind: 'score', home: 2, away: 1 } })),
    ).toMatchObject({ applied: 1, errors: [] });
    expect((await balancesOf(t, p.token)).cash).toBe(cash);
    expect(await said()).toMatchObject({ kind: 'result', result: { kind: 'score', home: 2, away: 1 } });
    // Then 1–1, which pays as the desk's 1–0 does: nothing to tell.
    await importFeed(t.db, wallet(), market(3, { result: { kind: 'score', home: 1, away: 1 } }));
    expect(await said()).toBeNull();
    // A cancel: stakes are not handed back over the desk's result.
    await importFeed(
      t.db,
      wallet(),
      lines([{ type: 'cancel', source: 'acme', id: 'mk-2', seq: 4, reason: 'abandoned' }]),
    );
    expect((await balancesOf(t, p.token)).cash).toBe(cash);
    expect(await said()).toMatchObject({ kind: 'cancel' });
    await expectSoundLedger(t.db);
  });
});
