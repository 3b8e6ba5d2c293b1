import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { useOperators } from '../../../../../test/support/operators.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { mainMarkets, only1x2, producerUp, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import * as uof from './uof-build.ts';
import type { UofFeed } from './uof-feed.ts';

/**
 * The UOF adapter, message by message, through the same entry the broker consumer and the demo use
 * (feed.receive); bets go through the sports window's API and money through the wallet.
 */
describe.runIf(backendAvailable)('the Unified Odds Feed adapter', () => {
  const { t, newPlayer, eventSelections, placeBet } = useSportsApp();
  const { standIn, ts, feedOf, liveFeed, fixture } = useUofStandIn(t);
  const { as } = useOperators(t);

  async function eventOf(urn: string) {
    const [e] = await queryRows<{ id: number; status: string; score: unknown; starts_at: Date }>(
      t.db,
      sql`select id, status, score, starts_at from sb_events where source = 'uof' and external_id = ${urn}`,
    );
    return e ? { ...e, id: Number(e.id) } : undefined;
  }
  /** A fixture the prematch feed (product 3) has priced with its main markets, and its selections in the book. */
  async function pricedFixture(feed: UofFeed) {
    const f = fixture();
    const h = { product: 3, eventId: f.id };
    await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() }));
    const e = await eventOf(f.id);
    return { f, h, s: await eventSelections(e!.id) };
  }
  async function marketsOf(urn: string) {
    const rows = await queryRows<{
      id: number;
      external_id: string;
      type: string;
      status: string;
      params: object;
    }>(
      t.db,
      sql`select m.id, m.external_id, m.type, m.status, m.params from sb_markets m join sb_events e on e.id = m.event_id
          where e.external_id = ${urn} order by m.id`,
    );
    return Object.fromEntries(
      rows.map((r) => [r.external_id.slice(urn.length + 1), { ...r, id: Number(r.id) }]),
    );
  }
  const betStatus = async (betId: number) =>
    (await queryRows<{ status: string }>(t.db, sql`select status from sb_bets where id = ${betId}`))[0]
      ?.status;

  it('odds_change opens the fixture and its catalogue markets; lines that could never settle are refused', async () => {
    const { feed } = await liveFeed();
    const f = fixture();
    const h = { product: 1, eventId: f.id };
    const receipt = await feed.receive(
      uof.oddsChange(
        { ...h, timestamp: ts() },
        {
          status: { status: 1, home: 0, away: 0, matchTime: '12:00' },
          markets: [
            ...mainMarkets(),
            {
              id: 14,
              specifiers: 'hcp=0:1',
              outcomes: [
                { id: 1711, odds: '2.80' },
                { id: 1712, odds: '3.50' },
                { id: 1713, odds: '2.30' },
              ],
            },
            {
              id: 19,
              specifiers: 'total=1.5',
              outcomes: [
                { id: 12, odds: '2.2' },
                { id: 13, odds: '1.6' },
              ],
            },
            {
              id: 18,
              specifiers: 'total=2.3',
              outcomes: [
                { id: 12, odds: '1.9' },
                { id: 13, odds: '1.9' },
              ],
            },
            { id: 45, outcomes: [{ id: 274, odds: '9.0' }] },
            { id: 999, outcomes: [{ id: 1, odds: '2.0' }] },
          ],
        },
      ),
    );
    expect(receipt.outcome).toBe('applied');
    expect(receipt.notes?.join('\n')).toMatch(/total=2.3 refused: the line "2.3" is not in quarter goals/);
    expect(receipt.notes?.join('\n')).toMatch(/market 45 .*waits for a price on every outcome/);
    expect(receipt.notes?.join('\n')).toMatch(/market 999 is not in the catalogue/);
    const e = await eventOf(f.id);
    expect(e).toMatchObject({ status: 'live', score: { home: 0, away: 0, clock: '12:00' } });
    const markets = await marketsOf(f.id);
    expect(Object.keys(markets).sort()).toEqual([
      '1',
      '14?hcp=0:1',
      '16?hcp=-0.25',
      '18?total=2.5',
      '19?total=1.5',
    ]);
    expect(markets['14?hcp=0:1']).toMatchObject({
      type: 'handicap_3way',
      params: { line: '-1' },
      status: 'open',
    });
    expect(markets['19?total=1.5']).toMatchObject({
      type: 'team_total',
      params: { team: 'home', line: '1.5' },
    });
    // The member's window lists them at the feed's prices.
    const s = await eventSelections(e!.id);
    expect(s['1x2:home']?.price).toBe('21/10');
    expect(s['handicap:home']?.price).toBe('19/10');
    expect(s['total:under']?.price).toBe('39/20');
  });

  it('a repeat changes nothing, an older message is stale, a malformed or unknown one is counted and skipped', async () => {
    const { feed, warnings } = await liveFeed();
    const f = fixture();
    const h = { product: 1, eventId: f.id };
    const first = uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() });
    const older = ts();
    const newer = uof.oddsChange({ ...h, timestamp: ts() }, only1x2('2.50', '3.20', '3.00'));
    expect((await feed.receive(first)).outcome).toBe('applied');
    expect((await feed.receive(newer)).outcome).toBe('applied');
    expect((await feed.receive(newer)).outcome).toBe('duplicate');
    // A recovery resends the same message with its request id: still the same message.
    expect((await feed.receive(newer.replace('<odds_change ', '<odds_change request_id="7" '))).outcome).toBe(
      'duplicate',
    );
    const stale = uof.oddsChange({ ...h, timestamp: older }, only1x2('9.00', '9.00', '9.00'));
    expect((await feed.receive(stale)).outcome).toBe('stale');
    const e = await eventOf(f.id);
    expect((await eventSelections(e!.id))['1x2:home']?.price).toBe('5/2');

    const bad = [
      '<odds_change product="1" event_id="sr:match:1" timestamp="1"><odds><market',
      '<weather product="1" timestamp="1"/>',
      `<odds_change product="1" event_id="${f.id}" timestamp="${ts()}"><odds><market id="1"><outcome id="1" odds="lots"/></market></odds></odds_change>`,
      `<bet_settlement product="1" event_id="${f.id}" timestamp="${ts()}"><outcomes><market id="1"><outcome id="1" result="2"/></market></outcomes></bet_settlement>`,
      '<alive product="1" timestamp="soon" subscribed="1"/>',
    ];
    for (const xml of bad) expect((await feed.receive(xml)).outcome).toBe('rejected');
    expect((await feed.receive(bad[0]!)).outcome).toBe('rejected');
    expect(warnings.length).toBe(bad.length + 1);
    const [counted] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sb_uof_messages where outcome = 'rejected' and key like 'bad:%'`,
    );
    expect(Number(counted!.n)).toBeGreaterThanOrEqual(bad.length);
    expect((await eventSelections(e!.id))['1x2:home']?.price).toBe('5/2');
  });

  it('end to end: prices, a bet, bet_stop, settlement with a void factor, rollback, resettlement; book and wallet agree', async () => {
    const { feed } = await liveFeed(3);
    const p = await newPlayer();
    const { f, h, s } = await pricedFixture(feed);
    // Asian handicap home −0.25 at 1.90, 100.00 staked.
    const bet = (await placeBet(p.gameToken, [s['handicap:home']!])).json();
    expect(bet).toMatchObject({ status: 'success' });
    expect((await balancesOf(t, p.token)).cash).toBe(990_000);
    // bet_stop: the market is suspended, a new bet refused.
    await feed.receive(uof.betStop({ ...h, timestamp: ts() }));
    const refused = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
    expect(refused).toMatchObject({ refusal: 'market_suspended' });
    // A draw: the home −0.25 is half lost (result 0, void factor 0.5): half the stake back.
    const drawn = uof.betSettlement({ ...h, timestamp: ts() }, [
      {
        id: 16,
        specifiers: 'hcp=-0.25',
        outcomes: [
          { id: 1714, result: 0, voidFactor: '0.5' },
          { id: 1715, result: 1, voidFactor: '0.5' },
        ],
      },
    ]);
    expect((await feed.receive(drawn)).outcome).toBe('applied');
    expect(await betStatus(bet.betId)).toBe('settled');
    expect((await balancesOf(t, p.token)).cash).toBe(995_000);
    // Rolled back: the bet is open again, the half stake taken back.
    await feed.receive(
      uof.rollbackBetSettlement({ ...h, timestamp: ts() }, [{ id: 16, specifiers: 'hcp=-0.25' }]),
    );
    expect(await betStatus(bet.betId)).toBe('open');
    expect((await balancesOf(t, p.token)).cash).toBe(990_000);
    // Resettled as a home win: 100 × 1.90.
    const won = uof.betSettlement({ ...h, timestamp: ts() }, [
      {
        id: 16,
        specifiers: 'hcp=-0.25',
        outcomes: [
          { id: 1714, result: 1 },
          { id: 1715, result: 0 },
        ],
      },
    ]);
    await feed.receive(won);
    expect(await betStatus(bet.betId)).toBe('settled');
    expect((await balancesOf(t, p.token)).cash).toBe(1_009_000);
    // The same settlement again changes nothing.
    expect((await feed.receive(won)).outcome).toBe('duplicate');
    expect((await balancesOf(t, p.token)).cash).toBe(1_009_000);
    const [proof] = await queryRows<{ result_source: string }>(
      t.db,
      sql`select result_source from sb_markets where external_id = ${`${f.id}/16?hcp=-0.25`}`,
    );
    expect(proof?.result_source).toBe('feed:uof');
    await expectSoundLedger(t.db);
  });

  it('a bet_cancel window voids the legs of bets placed in it, not the others; rollback_bet_cancel takes it back', async () => {
    const { feed } = await liveFeed(3);
    const p = await newPlayer();
    const [fa, fb] = [fixture(), fixture()];
    for (const f of [fa, fb])
      await feed.receive(
        uof.oddsChange({ product: 3, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
      );
    const a = await eventSelections((await eventOf(fa.id))!.id);
    const b = await eventSelections((await eventOf(fb.id))!.id);
    try {
      // Two doubles, an hour apart: 1X2 home on A at 2.10 with over 2.5 on B at 1.85.
      const early = (await placeBet(p.gameToken, [a['1x2:home']!, b['total:over']!])).json();
      const windowStart = sportsClock.now().getTime() + 30 * 60_000;
      sportsClock.advance(60 * 60_000);
      const late = (await placeBet(p.gameToken, [a['1x2:home']!, b['total:over']!])).json();
      const windowEnd = sportsClock.now().getTime() + 60_000;
      expect([early.status, late.status]).toEqual(['success', 'success']);
      // A late price on A's 1X2: only the bets placed in the window lose that leg.
      await feed.receive(
        uof.betCancel({ product: 3, eventId: fa.id, timestamp: ts() }, [{ id: 1 }], {
          start: windowStart,
          end: windowEnd,
        }),
      );
      const voided = await queryRows<{ bet_id: number; idx: number; void_kind: string | null }>(
        t.db,
        sql`select bet_id, idx, void_kind from sb_bet_legs where bet_id in (${early.betId}, ${late.betId}) order by bet_id, idx`,
      );
      expect(voided.map((l) => l.void_kind)).toEqual([null, null, 'void', null]);
      // A wins its 1X2, B goes over: the early double pays 2.10 × 1.85, the late one 1.00 × 1.85.
      await feed.receive(
        uof.betSettlement({ product: 3, eventId: fa.id, timestamp: ts() }, [
          {
            id: 1,
            outcomes: [
              { id: 1, result: 1 },
              { id: 2, result: 0 },
              { id: 3, result: 0 },
            ],
          },
        ]),
      );
      await feed.receive(
        uof.betSettlement({ product: 3, eventId: fb.id, timestamp: ts() }, [
          {
            id: 18,
            specifiers: 'total=2.5',
            outcomes: [
              { id: 12, result: 1 },
              { id: 13, result: 0 },
            ],
          },
        ]),
      );
      expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 20_000 + 38_850 + 18_500);
      await feed.receive(
        uof.rollbackBetCancel({ product: 3, eventId: fa.id, timestamp: ts() }, [{ id: 1 }], {
          start: windowStart,
          end: windowEnd,
        }),
      );
      expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 20_000 + 38_850 * 2);
      await expectSoundLedger(t.db);
    } finally {
      sportsClock.reset();
    }
  });

  it('a whole-market bet_cancel voids it (stakes back); fixture_change moves the start; the rollback reopens it', async () => {
    const { feed } = await liveFeed(3);
    const p = await newPlayer();
    const { f, h, s } = await pricedFixture(feed);
    const bet = (await placeBet(p.gameToken, [s['total:over']!])).json();
    await feed.receive(uof.betCancel({ ...h, timestamp: ts() }, [{ id: 18, specifiers: 'total=2.5' }]));
    expect(await betStatus(bet.betId)).toBe('void');
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000);
    await feed.receive(
      uof.rollbackBetCancel({ ...h, timestamp: ts() }, [{ id: 18, specifiers: 'total=2.5' }]),
    );
    expect(await betStatus(bet.betId)).toBe('open');
    expect((await balancesOf(t, p.token)).cash).toBe(990_000);
    // A new kick-off: the fixture is read again from the API.
    const later = new Date(f.startTime.getTime() + 3_600_000);
    standIn().fixtures.set(f.id, { ...f, startTime: later });
    expect((await feed.receive(uof.fixtureChange({ ...h, timestamp: ts() }, later.getTime()))).outcome).toBe(
      'applied',
    );
    expect(new Date((await eventOf(f.id))!.starts_at).getTime()).toBe(later.getTime());
    await expectSoundLedger(t.db);
  });

  it('a fixture_change keeps the bet stop a trader set on the match', async () => {
    const { feed } = await liveFeed(3);
    const { f, h } = await pricedFixture(feed);
    const event = await eventOf(f.id);
    const stop = new Date(f.startTime.getTime() - 600_000);
    const set = await as('owner').post(`/api/admin/sports/events/${event!.id}/state`, {
      betStopAt: stop.toISOString(),
    });
    expect(set.statusCode).toBe(200);
    expect(
      (await feed.receive(uof.fixtureChange({ ...h, timestamp: ts() }, f.startTime.getTime()))).outcome,
    ).toBe('applied');
    const [row] = await queryRows<{ bet_stop_at: Date | null }>(
      t.db,
      sql`select bet_stop_at from sb_events where id = ${event!.id}`,
    );
    // Wiped, bets would be taken past the stop the trader set.
    expect(row?.bet_stop_at && new Date(row.bet_stop_at).getTime()).toBe(stop.getTime());
  });

  it('a producer down suspends its markets; it recovers from its last alive and reopens on snapshot_complete', async () => {
    const { feed } = feedOf({ aliveTimeoutMs: 300, recoveryTimeoutMs: 60_000 });
    await producerUp(feed, standIn(), 1, ts());
    const f = fixture();
    const h = { product: 1, eventId: f.id };
    await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() }));
    const open = async () => Object.values(await marketsOf(f.id)).filter((m) => m.status === 'open').length;
    expect(await open()).toBe(3);
    const lastAlive = ts();
    await feed.receive(uof.alive(1, lastAlive));
    // Silence: within the timeout's reach the watch takes the producer down.
    await new Promise((r) => setTimeout(r, 400));
    expect(await feed.watch()).toContain(1);
    expect(await open()).toBe(0);
    // Back: the recovery asks from the last alive; prices arriving meanwhile do not reopen anything.
    const recovered = new Promise<number>((resolve) => {
      standIn().onRecovery = (r) => resolve(r.requestId);
    });
    await feed.receive(uof.alive(1, ts()));
    const requestId = await recovered;
    expect(standIn().recoveries.at(-1)).toMatchObject({ product: 'liveodds', after: lastAlive });
    await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, { markets: mainMarkets() }));
    expect(await open()).toBe(0);
    // Another request's snapshot_complete is not this one.
    await feed.receive(uof.snapshotComplete(1, ts(), requestId + 1));
    expect(await open()).toBe(0);
    await feed.receive(uof.snapshotComplete(1, ts(), requestId));
    expect(await open()).toBe(3);
    // subscribed="0" takes it down at once.
    await feed.receive(uof.alive(1, ts(), 0));
    expect(await open()).toBe(0);
  });
  it('a database restart since the last alive takes the producer down and through recovery (odds batches commit asynchronously)', async () => {
    const { feed } = await liveFeed(3);
    const f = fixture();
    await feed.receive(
      uof.oddsChange({ product: 3, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
    );
    const open = async () => Object.values(await marketsOf(f.id)).filter((m) => m.status === 'open').length;
    expect(await open()).toBe(3);
    const lastAlive = ts();
    await feed.receive(uof.alive(3, lastAlive));
    // An alive while the database has run all along changes nothing.
    await feed.receive(uof.alive(3, ts()));
    expect(await open()).toBe(3);
    // As if the database had restarted after that alive was recorded.
    await t.db.execute(
      sql`update sb_uof_producers set last_alive_at = pg_postmaster_start_time() - interval '1 second' where product = 3`,
    );
    const recovered = new Promise<number>((resolve) => {
      standIn().onRecovery = (r) => resolve(r.requestId);
    });
    await feed.receive(uof.alive(3, ts()));
    expect(await open()).toBe(0);
    const requestId = await recovered;
    // From a minute before the last alive it had: the odds a lane applied just after it are resent too.
    expect(standIn().recoveries.at(-1)).toMatchObject({ product: 'pre', after: lastAlive + 1_000 - 60_000 });
    await feed.receive(uof.snapshotComplete(3, ts(), requestId));
    expect(await open()).toBe(3);
  });
  it('a failover since the last alive does the same: the promoted standby kept its start time, its timeline is new', async () => {
    const { feed } = await liveFeed(3);
    const f = fixture();
    await feed.receive(
      uof.oddsChange({ product: 3, eventId: f.id, timestamp: ts() }, { markets: mainMarkets() }),
    );
    const open = async () => Object.values(await marketsOf(f.id)).filter((m) => m.status === 'open').length;
    await feed.receive(uof.alive(3, ts()));
    expect(await open()).toBe(3);
    // As if that alive had been recorded by the old primary, on the timeline before this server's
    // promotion: its start time is older than the alive, so only the timeline tells.
    await t.db.execute(
      sql`update sb_uof_producers set last_alive_timeline = last_alive_timeline - 1 where product = 3`,
    );
    const recovered = new Promise<number>((resolve) => {
      standIn().onRecovery = (r) => resolve(r.requestId);
    });
    await feed.receive(uof.alive(3, ts()));
    expect(await open()).toBe(0);
    await feed.receive(uof.snapshotComplete(3, ts(), await recovered));
    expect(await open()).toBe(3);
    // Recovered on this timeline: the next alive changes nothing.
    await feed.receive(uof.alive(3, ts()));
    expect(await open()).toBe(3);
  });
});
