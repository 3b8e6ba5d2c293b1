import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../../test/support/money.ts';
import { useSecondOperator } from '../../../../../test/support/operators.ts';
import { expectBookAndWalletAgree } from '../../../../../test/support/sports-cashout.ts';
import { useSportsBook } from '../../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { homeWins1x2, mainMarkets, useUofStandIn } from '../../../../../test/support/uof.ts';
import { pricedCorrectScoreMatch, scores } from '../../../../../test/support/uof-correct-score.ts';
import { queryRows } from '../../../db/client.ts';
import * as uof from './uof-build.ts';
import type { UofFeed } from './uof-feed.ts';

/**
 * A market the feed covers and the desk settled: the desk's result is the operator's confirmed word.
 * A later bet_settlement (whole or partial), rollback_bet_settlement or bet_cancel from the feed moves
 * no bet the desk settled; where it says otherwise than the desk, the trader sees it on the desk's
 * market (`feedDisagrees`) until they correct the result or dismiss it. Through the feed's real
 * adapter and the desk's HTTP routes.
 */
describe.runIf(backendAvailable)("the feed's word on a market the desk settled", () => {
  const { t, newPlayer, eventSelections, placeBet, as, book } = useSportsBook({ confirmResults: false });
  const { ts, liveFeed, fixture } = useUofStandIn(t);
  const desk = () => as('trading');
  const b = useSecondOperator(t, 'trading');

  const betOf = async (betId: number) =>
    (
      await queryRows<{ status: string; settled_return: number | null; steps: number }>(
        t.db,
        sql`select status, settled_return::int8 as settled_return,
              (select count(*)::int from sb_settlements s where s.bet_id = b.id) as steps
            from sb_bets b where id = ${betId}`,
      )
    ).map((r) => ({
      status: r.status,
      paid: r.settled_return === null ? null : Number(r.settled_return),
      steps: Number(r.steps),
    }))[0]!;
  const betsOf = (ids: number[]) => Promise.all(ids.map(betOf));

  /** A pre-match fixture with its main markets and its correct score (10.0 on every score), as the feed lists it. */
  const pricedMatch = (feed: UofFeed) => pricedCorrectScoreMatch(t, feed, { ts, fixture });
  type Match = Awaited<ReturnType<typeof pricedMatch>>;
  const settle = (feed: UofFeed, m: Match, body: uof.SettledMarket[], certainty: 1 | 2 = 2) =>
    feed.receive(uof.betSettlement({ ...m.h, timestamp: ts() }, body, certainty));

  /** The market as the desk shows it. */
  async function deskMarket(m: Match, marketId: number, state = '') {
    // The match by its start, to the millisecond: no other test's fixture starts then.
    const from = m.startsAt.toISOString();
    const to = new Date(m.startsAt.getTime() + 1).toISOString();
    const res = await desk().get(`/api/admin/sports/events?from=${from}&to=${to}&limit=100${state}`);
    expect(res.statusCode).toBe(200);
    const markets = res.json().events.flatMap((e: { markets: { id: number }[] }) => e.markets);
    return markets.find((x: { id: number }) => x.id === marketId) as {
      status: string;
      resultState: string;
      result: unknown;
      feedDisagrees: { kind: string; outcomes?: { key: string; won: boolean }[] } | null;
      proposedResult: unknown;
      proposedBy: number | null;
    };
  }
  const place = async (p: Awaited<ReturnType<typeof newPlayer>>, m: Match, picks: string[]) => {
    const ids: number[] = [];
    for (const pick of picks) {
      const bet = (await placeBet(p.gameToken, [m.s[pick]!])).json();
      expect(bet, pick).toMatchObject({ status: 'success' });
      ids.push(bet.betId);
    }
    return ids;
  };
  const expectAgree = async (ids: number[]) => {
    for (const id of ids) await expectBookAndWalletAgree(t, id);
    await expectSoundLedger(t.db);
  };

  it("a partial bet_settlement after the desk's result moves no bet the desk settled; where it differs, the desk is told", async () => {
    const { feed } = await liveFeed(3);
    const m = await pricedMatch(feed);
    const p = await newPlayer();
    // 100.00 each on 0-0, 1-1, 2-1 (correct score, 10.0) and on the draw (3.40).
    const bets = await place(p, m, [
      'correct_score:0-0',
      'correct_score:1-1',
      'correct_score:2-1',
      '1x2:draw',
    ]);
    // The trader settles both markets from the desk: 1–1.
    for (const id of [m.correctScore, m.matchResult])
      expect((await book.score(id, 1, 1)).json()).toMatchObject({ state: 'confirmed' });
    const settled = await betsOf(bets);
    expect(settled.map((x) => [x.status, x.paid])).toEqual([
      ['settled', 0],
      ['settled', 100_000],
      ['settled', 0],
      ['settled', 34_000],
    ]);
    const cash = 1_000_000 - 40_000 + 100_000 + 34_000;
    expect(await book.cash(p)).toBe(cash);

    // The feed settles the scores no longer possible, as the desk did: nothing moves, nothing to tell.
    const agreeing = await settle(feed, m, scores(['0-0', '1-0', '0-1']), 1);
    expect(agreeing.outcome).toBe('applied');
    expect(await betsOf(bets)).toEqual(settled);
    expect(await deskMarket(m, m.correctScore)).toMatchObject({
      status: 'settled',
      result: { kind: 'score', home: 1, away: 1 },
      feedDisagrees: null,
    });

    // Then it says 2-1 won and 1-1 lost: the desk's result stands, and the desk sees the feed's word.
    const differing = await settle(feed, m, scores(['1-1'], ['2-1']), 2);
    expect(differing.notes?.join('\n')).toMatch(/desk/);
    // So does a 1X2 settled otherwise (the home side won, says the feed).
    await feed.receive(uof.betSettlement({ ...m.h, timestamp: ts() }, homeWins1x2));
    expect(await betsOf(bets)).toEqual(settled);
    expect(await book.cash(p)).toBe(cash);
    expect((await deskMarket(m, m.correctScore)).feedDisagrees).toMatchObject({
      kind: 'settlement',
      outcomes: [
        { key: '1-1', won: false },
        { key: '2-1', won: true },
      ],
    });
    expect((await deskMarket(m, m.matchResult)).feedDisagrees).toMatchObject({
      kind: 'settlement',
      outcomes: [
        { key: 'home', won: true },
        { key: 'draw', won: false },
      ],
    });
    await expectAgree(bets);

    // The trader follows the feed on the correct score (a correction, as any): 2-1 paid, 1-1 taken back.
    expect((await book.correct(m.correctScore, { kind: 'score', home: 2, away: 1 })).statusCode).toBe(200);
    expect((await betsOf(bets)).map((x) => x.paid)).toEqual([0, 0, 100_000, 34_000]);
    expect((await deskMarket(m, m.correctScore)).feedDisagrees).toBeNull();
    // And keeps the desk's 1X2: the feed's word is dismissed, nothing moves; twice is refused.
    const dismiss = () => desk().post(`/api/admin/sports/markets/${m.matchResult}/dismiss-feed`);
    expect((await dismiss()).statusCode).toBe(200);
    expect((await deskMarket(m, m.matchResult)).feedDisagrees).toBeNull();
    expect((await dismiss()).statusCode).toBe(409);
    const audit = await as('owner').get(
      `/api/admin/audit?action=sports.feed-disagreement.dismiss&target=sb-market:${m.matchResult}`,
    );
    expect(audit.json().entries).toHaveLength(1);
    // A market that is not one, or not known: refused, nothing changes.
    expect((await desk().post('/api/admin/sports/markets/x1/dismiss-feed')).statusCode).toBe(400);
    expect((await desk().post('/api/admin/sports/markets/999999999/dismiss-feed')).statusCode).toBe(404);
    expect((await betsOf(bets)).map((x) => x.paid)).toEqual([0, 0, 100_000, 34_000]);
    await expectAgree(bets);
  });

  it("dead heats: the feed's factor is compared exactly with the desk's, and pays on a market only the feed settles", async () => {
    const { feed } = await liveFeed(3);
    const f = fixture();
    const h = { product: 3, eventId: f.id };
    // The half-time/full-time market (47; outcome 418 is 1/1, 424 X/1, 434 2/2) at 5.0, with the 1X2.
    const htft = {
      id: 47,
      outcomes: [418, 420, 422, 424, 426, 428, 430, 432, 434].map((id) => ({ id, odds: '5.0' })),
    };
    await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, { markets: [...mainMarkets(), htft] }));
    const [e] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where source = 'uof' and external_id = ${f.id}`,
    );
    const [hm] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_markets where external_id = ${`${f.id}/47`}`,
    );
    const htftId = Number(hm!.id);
    const m = {
      h,
      startsAt: f.startTime,
      eventId: Number(e!.id),
      s: await eventSelections(Number(e!.id)),
      correctScore: 0,
      matchResult: 0,
    };
    const p = await newPlayer();
    const bets = await place(p, m, ['ht_ft:1/1', 'ht_ft:x/1', 'ht_ft:2/2', '1x2:home']);
    // The desk: 1/1 and X/1 tie for the one place paid, half each.
    const tie = await desk().post(`/api/admin/sports/markets/${htftId}/result`, {
      result: {
        kind: 'winners',
        winners: [
          { key: '1/1', deadHeat: '1/2' },
          { key: 'x/1', deadHeat: '1/2' },
        ],
      },
    });
    expect(tie.json()).toMatchObject({ state: 'confirmed' });
    // The feed says the same in its decimals: nothing to tell.
    const same: uof.SettledMarket[] = [
      {
        id: 47,
        outcomes: [
          { id: 418, result: 1, deadHeat: '0.5' },
          { id: 424, result: 1, deadHeat: '0.50' },
          { id: 434, result: 0 },
        ],
      },
    ];
    await feed.receive(uof.betSettlement({ ...h, timestamp: ts() }, same));
    expect((await deskMarket(m, htftId)).feedDisagrees).toBeNull();
    // Then 1/1 won outright, no dead heat: shown, and the desk's halves stand.
    await feed.receive(
      uof.betSettlement({ ...h, timestamp: ts() }, [{ id: 47, outcomes: [{ id: 418, result: 1 }] }]),
    );
    expect((await deskMarket(m, htftId)).feedDisagrees).toMatchObject({
      kind: 'settlement',
      outcomes: [{ key: '1/1', won: true }],
    });
    // The 1X2, the feed's alone: home won in a dead heat of two, half of 2.10.
    await feed.receive(
      uof.betSettlement({ ...h, timestamp: ts() }, [
        {
          id: 1,
          outcomes: [
            { id: 1, result: 1, deadHeat: '0.5' },
            { id: 2, result: 0 },
            { id: 3, result: 0 },
          ],
        },
      ]),
    );
    expect((await betsOf(bets)).map((x) => x.paid)).toEqual([25_000, 25_000, 0, 10_500]);
    await expectAgree(bets);
  });

  it("a desk void stands through the feed's settlement; the feed's cancel of a desk result is told, not applied", async () => {
    const { feed } = await liveFeed(3);
    const m = await pricedMatch(feed);
    const p = await newPlayer();
    const bets = await place(p, m, ['correct_score:0-0', 'correct_score:1-1', '1x2:home', '1x2:draw']);
    // The desk voids the correct score (stakes back) and settles the 1X2 as a draw.
    const voided = await desk().post(`/api/admin/sports/markets/${m.correctScore}/result`, {
      result: { kind: 'void' },
    });
    expect(voided.json()).toMatchObject({ state: 'confirmed' });
    await book.score(m.matchResult, 0, 0);
    const settled = await betsOf(bets);
    expect(settled.map((x) => [x.status, x.paid])).toEqual([
      ['void', 10_000],
      ['void', 10_000],
      ['settled', 0],
      ['settled', 34_000],
    ]);

    // The feed settles part of the correct score: the void stands for every bet, the desk is told.
    await settle(feed, m, scores(['0-0'], ['1-1']), 2);
    expect(await betsOf(bets)).toEqual(settled);
    expect((await deskMarket(m, m.correctScore)).feedDisagrees).toMatchObject({ kind: 'settlement' });

    // The feed cancels the 1X2: the desk's draw stands; the feed's cancel is shown, and gone once it takes it back.
    await feed.receive(uof.betCancel({ ...m.h, timestamp: ts() }, [{ id: 1 }]));
    expect(await betsOf(bets)).toEqual(settled);
    expect(await deskMarket(m, m.matchResult)).toMatchObject({
      status: 'settled',
      result: { kind: 'score', home: 0, away: 0 },
      feedDisagrees: { kind: 'cancel' },
    });
    await feed.receive(uof.rollbackBetCancel({ ...m.h, timestamp: ts() }, [{ id: 1 }]));
    expect(await betsOf(bets)).toEqual(settled);
    expect((await deskMarket(m, m.matchResult)).feedDisagrees).toBeNull();
    await expectAgree(bets);
  });

  it("the desk's cancel of a feed's event is its word: the feed's later settlement takes no refund back", async () => {
    const { feed } = await liveFeed(3);
    const m = await pricedMatch(feed);
    const p = await newPlayer();
    const bets = await place(p, m, ['1x2:home', '1x2:draw', 'correct_score:0-0', 'correct_score:1-1']);
    // The live scout settles 0-0 lost; then the trader cancels the match: every other bet gets its stake back.
    await settle(feed, m, scores(['0-0']), 1);
    const eventId = Number(
      (
        await queryRows<{ event_id: number }>(
          t.db,
          sql`select event_id from sb_markets where id = ${m.matchResult}`,
        )
      )[0]!.event_id,
    );
    const cancelled = await desk().post(`/api/admin/sports/events/${eventId}/state`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    const settled = await betsOf(bets);
    expect(settled.map((x) => [x.status, x.paid])).toEqual([
      ['void', 10_000],
      ['void', 10_000],
      ['settled', 0],
      ['void', 10_000],
    ]);
    // The feed settles the 1X2 and the rest of the correct score: no refund is taken back, the desk is told.
    await feed.receive(uof.betSettlement({ ...m.h, timestamp: ts() }, homeWins1x2));
    await settle(feed, m, scores(['2-1'], ['1-1']), 2);
    expect(await betsOf(bets)).toEqual(settled);
    for (const id of [m.matchResult, m.correctScore])
      expect((await deskMarket(m, id, '&status=cancelled')).feedDisagrees).toMatchObject({
        kind: 'settlement',
      });
    await expectAgree(bets);
  });

  it("rollback_bet_settlement leaves the desk's result, also one the desk entered between the feed's settlement and its rollback", async () => {
    const { feed } = await liveFeed(3);
    const m = await pricedMatch(feed);
    const p = await newPlayer();
    const bets = await place(p, m, ['1x2:home', '1x2:draw', 'correct_score:1-1']);
    // The feed settles the 1X2 (home won); the trader corrects it to a draw.
    await feed.receive(uof.betSettlement({ ...m.h, timestamp: ts() }, homeWins1x2));
    expect((await betsOf(bets)).map((x) => x.paid)).toEqual([21_000, 0, null]);
    expect((await book.correct(m.matchResult, { kind: 'score', home: 1, away: 1 })).statusCode).toBe(200);
    // The desk settles the correct score alone.
    await book.score(m.correctScore, 1, 1);
    const settled = await betsOf(bets);
    expect(settled.map((x) => x.paid)).toEqual([0, 34_000, 100_000]);

    // The feed takes back its settlements: the desk's results stand, and the desk is told.
    const rolled = await feed.receive(
      uof.rollbackBetSettlement({ ...m.h, timestamp: ts() }, [{ id: 1 }, { id: 45 }]),
    );
    expect(rolled.notes?.join('\n')).toMatch(/desk/);
    expect(await betsOf(bets)).toEqual(settled);
    for (const id of [m.matchResult, m.correctScore])
      expect(await deskMarket(m, id)).toMatchObject({
        resultState: 'confirmed',
        feedDisagrees: { kind: 'rollback' },
      });
    // Its next settlement, agreeing with the desk, clears what it said; nothing moves.
    await settle(feed, m, scores(['0-0'], ['1-1']));
    expect((await deskMarket(m, m.correctScore)).feedDisagrees).toBeNull();
    expect(await betsOf(bets)).toEqual(settled);
    await expectAgree(bets);
  });

  it("with a second operator asked: the feed settles over a desk entry still waiting, which stays proposed; a waiting correction outlives the feed's settlement and its rollback", async () => {
    await book.settings({ confirmResults: true });
    try {
      const { feed } = await liveFeed(3);
      const m = await pricedMatch(feed);
      const p = await newPlayer();
      const bets = await place(p, m, ['correct_score:0-0', 'correct_score:1-1', '1x2:home', '1x2:draw']);
      // Trader A enters 1–1; before B confirms it, the feed settles 0-0 lost: that bet settles.
      expect((await book.score(m.correctScore, 1, 1)).json()).toMatchObject({ state: 'entered' });
      await settle(feed, m, scores(['0-0']), 1);
      expect((await betsOf(bets)).map((x) => x.status)).toEqual(['settled', 'open', 'open', 'open']);
      // A's entry waits as a correction of the feed's result, and B's confirmation settles the rest.
      expect(await deskMarket(m, m.correctScore)).toMatchObject({
        resultState: 'confirmed',
        proposedResult: { kind: 'score', home: 1, away: 1 },
      });
      expect((await b().post(`/api/admin/sports/markets/${m.correctScore}/confirm`)).json()).toMatchObject({
        state: 'confirmed',
      });
      expect((await betsOf(bets)).map((x) => x.paid)).toEqual([0, 100_000, null, null]);

      // The feed settles the 1X2's home win; A proposes a draw; the feed settles the rest, then takes it all back.
      const homeWon = [{ id: 1, outcomes: [{ id: 1, result: 1 as const }] }];
      await feed.receive(uof.betSettlement({ ...m.h, timestamp: ts() }, homeWon, 1));
      const proposed = await book.correct(m.matchResult, { kind: 'score', home: 0, away: 0 });
      expect(proposed.json()).toMatchObject({ state: 'entered' });
      const draw = { kind: 'score', home: 0, away: 0 };
      await feed.receive(uof.betSettlement({ ...m.h, timestamp: ts() }, homeWins1x2, 2));
      expect((await deskMarket(m, m.matchResult)).proposedResult).toEqual(draw);
      // A cancel of the feed's and its take-back leave A's correction waiting too.
      await feed.receive(uof.betCancel({ ...m.h, timestamp: ts() }, [{ id: 1 }]));
      expect((await betsOf(bets)).map((x) => x.status)).toEqual(['settled', 'settled', 'void', 'void']);
      expect((await deskMarket(m, m.matchResult)).proposedResult).toEqual(draw);
      await feed.receive(uof.rollbackBetCancel({ ...m.h, timestamp: ts() }, [{ id: 1 }]));
      expect((await betsOf(bets)).map((x) => x.paid)).toEqual([0, 100_000, 21_000, 0]);
      expect((await deskMarket(m, m.matchResult)).proposedResult).toEqual(draw);
      await feed.receive(uof.rollbackBetSettlement({ ...m.h, timestamp: ts() }, [{ id: 1 }]));
      // Home's payout is taken back with the feed's result; A's draw now waits as the entered result.
      expect((await betsOf(bets)).map((x) => x.status)).toEqual(['settled', 'settled', 'open', 'open']);
      expect(await deskMarket(m, m.matchResult)).toMatchObject({
        resultState: 'entered',
        result: { kind: 'score', home: 0, away: 0 },
        proposedResult: null,
      });
      expect((await b().post(`/api/admin/sports/markets/${m.matchResult}/confirm`)).json()).toMatchObject({
        state: 'confirmed',
      });
      expect((await betsOf(bets)).map((x) => x.paid)).toEqual([0, 100_000, 0, 34_000]);
      await expectAgree(bets);
    } finally {
      await book.settings({ confirmResults: false });
    }
  });
});
