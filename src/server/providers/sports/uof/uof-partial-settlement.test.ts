import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { expectBookAndWalletAgree } from '../../../../../test/support/sports-cashout.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { homeWins1x2, useUofStandIn } from '../../../../../test/support/uof.ts';
import {
  correctScoreOdds,
  pricedCorrectScoreMatch,
  SCORES,
  scores,
} from '../../../../../test/support/uof-correct-score.ts';
import { queryRows } from '../../../db/client.ts';
import { cancelUndecidedBetsOf } from '../leg-voids.ts';
import { correctResult } from '../results.service.ts';
import * as uof from './uof-build.ts';
import type { UofFeed } from './uof-feed.ts';

/**
 * A market settled over several bet_settlement messages (UOF: outcomes already decided come early, a
 * correct score's impossible scores while the match is on, the rest at the end). Each message settles
 * only the outcomes it lists: the result is per outcome, merged across messages; a bet waits for its
 * own outcome. A confirmed settlement (certainty 2) corrects a live-scouted one (1); a live-scouted
 * one never overrides a confirmed result.
 */

describe.runIf(backendAvailable)('UOF: a market settled over several bet_settlement messages', () => {
  const { t, newPlayer, placeBet, sportsApi } = useSportsApp();
  const { ts, liveFeed, fixture } = useUofStandIn(t);

  const betOf = async (betId: number) =>
    (
      await queryRows<{ status: string; settled_return: number | null; steps: number }>(
        t.db,
        sql`select status, settled_return, (select count(*)::int from sb_settlements s where s.bet_id = b.id) as steps
            from sb_bets b where id = ${betId}`,
      )
    )[0]!;
  const statuses = async (ids: number[]) => Promise.all(ids.map(async (id) => (await betOf(id)).status));

  /** A pre-match fixture priced with its main markets and its correct score at 10.0 on every score. */
  const pricedMatch = (feed: UofFeed) => pricedCorrectScoreMatch(t, feed, { ts, fixture });
  const settle = (
    feed: UofFeed,
    h: { product: number; eventId: string },
    body: uof.SettledMarket[],
    certainty: 1 | 2,
  ) => feed.receive(uof.betSettlement({ ...h, timestamp: ts() }, body, certainty));

  it('pays each outcome when its own settlement comes, leaves unlisted ones open; a resend or a lower certainty changes nothing', async () => {
    const { feed } = await liveFeed(3);
    const { h, s } = await pricedMatch(feed);
    const p = await newPlayer();
    // 100.00 each on 0-0, 1-1, 2-1 and 3-3, at 10.0.
    const picks = ['0-0', '1-1', '2-1', '3-3'];
    const bets: number[] = [];
    for (const score of picks) {
      const bet = (await placeBet(p.gameToken, [s[`correct_score:${score}`]!])).json();
      expect(bet).toMatchObject({ status: 'success' });
      bets.push(bet.betId);
    }
    const [nilNil, oneOne, twoOne, threeThree] = bets as [number, number, number, number];
    const cash = async () => (await balancesOf(t, p.token)).cash;
    expect(await cash()).toBe(1_000_000 - 40_000);

    // In play at 1–1 the live scout settles the scores no longer possible: 0-0, 1-0, 0-1 lost.
    expect((await settle(feed, h, scores(['0-0', '1-0', '0-1']), 1)).outcome).toBe('applied');
    expect(await statuses(bets)).toEqual(['settled', 'open', 'open', 'open']);

    // Full time 1–1, live scouted: 1-1 won, 2-1 lost; 3-3 not listed yet.
    expect((await settle(feed, h, scores(['2-1'], ['1-1']), 1)).outcome).toBe('applied');
    // 0-0 stays lost (the later message did not list it); 3-3 waits, open, not lost.
    expect(await statuses(bets)).toEqual(['settled', 'settled', 'settled', 'open']);
    expect(await cash()).toBe(1_000_000 - 40_000 + 100_000);
    const paid = await betOf(oneOne);
    expect(Number(paid.settled_return)).toBe(100_000);

    // The confirmation (certainty 2) of the same results changes nothing: no new step, no money.
    expect((await settle(feed, h, scores(['0-0'], ['1-1']), 2)).outcome).toBe('applied');
    expect((await betOf(oneOne)).steps).toBe(paid.steps);
    expect((await betOf(nilNil)).steps).toBe(1);
    expect(await cash()).toBe(1_000_000 - 40_000 + 100_000);

    // A live-scouted message after the confirmation saying otherwise does not override it.
    const lower = await settle(feed, h, scores(['1-1'], ['0-0']), 1);
    expect(lower.outcome).toBe('applied');
    expect(lower.notes?.join('\n')).toMatch(/certainty/);
    expect(await statuses(bets)).toEqual(['settled', 'settled', 'settled', 'open']);
    expect((await betOf(oneOne)).steps).toBe(paid.steps);
    expect(await cash()).toBe(1_000_000 - 40_000 + 100_000);

    // A confirmed result that differs from the live-scouted one corrects that outcome alone: 2-1 won.
    await settle(feed, h, scores(['3-3'], ['2-1']), 2);
    expect(await statuses(bets)).toEqual(['settled', 'settled', 'settled', 'settled']);
    expect(Number((await betOf(twoOne)).settled_return)).toBe(100_000);
    expect((await betOf(oneOne)).steps).toBe(paid.steps);
    expect((await betOf(threeThree)).steps).toBe(1);
    expect(await cash()).toBe(1_000_000 - 40_000 + 200_000);
    for (const id of bets) await expectBookAndWalletAgree(t, id);
    await expectSoundLedger(t.db);
  });

  it('a market settled in part goes on trading its open outcomes while the feed keeps it active; a settled outcome takes no bet', async () => {
    const { feed } = await liveFeed(3);
    const { h, s, eventId } = await pricedMatch(feed);
    const p = await newPlayer();
    /** The correct score as the sports window lists it: its status and which outcomes take bets. */
    const listed = async () => {
      const events = (await sportsApi('events', { eventId })).json().events as {
        markets: { type: string; status: string; selections: { key: string; open: boolean }[] }[];
      }[];
      const m = events[0]?.markets.find((x) => x.type === 'correct_score');
      return m && { status: m.status, closed: m.selections.filter((x) => !x.open).map((x) => x.key) };
    };
    const tryBet = async (score: string) =>
      (await placeBet(p.gameToken, [s[`correct_score:${score}`]!])).json() as {
        status: string;
        refusal?: string;
        betId: number;
      };

    // At the first goal the live scout settles 0-0 lost; the market stays active in the feed.
    await settle(feed, h, scores(['0-0']), 1);
    expect(await listed()).toEqual({ status: 'open', closed: ['0-0'] });
    const twoOne = await tryBet('2-1');
    expect(twoOne.status).toBe('success');
    expect(await tryBet('0-0')).toMatchObject({ status: 'refused', refusal: 'market_suspended' });

    // The feed's odds show every score active again, 0-0 too, one by one and in a batch: 0-0 stays closed.
    const allActive = {
      markets: [
        {
          ...correctScoreOdds,
          outcomes: correctScoreOdds.outcomes.map((o) => ({ ...o, active: 1 as const })),
        },
      ],
    };
    // (With the match's status, in play 1–0, a message takes the one-by-one path; without, the set-based one.)
    await feed.receive(
      uof.oddsChange({ ...h, timestamp: ts() }, { ...allActive, status: { status: 1, home: 1, away: 0 } }),
    );
    expect(await listed()).toEqual({ status: 'open', closed: ['0-0'] });
    await feed.receiveBatch([
      uof.oddsChange({ ...h, timestamp: ts() }, allActive),
      uof.oddsChange({ ...h, timestamp: ts() }, allActive),
    ]);
    expect(await listed()).toEqual({ status: 'open', closed: ['0-0'] });
    expect(await tryBet('0-0')).toMatchObject({ status: 'refused', refusal: 'market_suspended' });

    // Every other score settled at full time (2–1): the market is settled, takes no bet, the 2-1 bet is paid.
    const others = SCORES.filter((x) => x !== '0-0' && x !== '2-1');
    await settle(feed, h, scores(others, ['2-1']), 2);
    expect(await listed()).toBeUndefined();
    expect(await tryBet('3-3')).toMatchObject({ status: 'refused' });
    expect(await statuses([twoOne.betId])).toEqual(['settled']);
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 10_000 + 100_000);
    await expectBookAndWalletAgree(t, twoOne.betId);
    await expectSoundLedger(t.db);
  });

  it('a rollback of a settlement in part opens its outcomes to the odds again', async () => {
    const { feed } = await liveFeed(3);
    const { h, s } = await pricedMatch(feed);
    const p = await newPlayer();
    await settle(feed, h, scores(['0-0']), 1);
    await feed.receive(uof.rollbackBetSettlement({ ...h, timestamp: ts() }, [{ id: 45 }]));
    // The market waits, suspended, for the feed's next odds (no outcome's activity said): then 0-0 takes bets.
    await feed.receive(
      uof
        .oddsChange({ ...h, timestamp: ts() }, { markets: [correctScoreOdds] })
        .replaceAll(' active="1"', ''),
    );
    expect((await placeBet(p.gameToken, [s['correct_score:0-0']!])).json()).toMatchObject({
      status: 'success',
    });
  });

  it("the desk's score over a market settled in part by the feed settles all of it", async () => {
    const { feed } = await liveFeed(3);
    const { h, s } = await pricedMatch(feed);
    const p = await newPlayer();
    await settle(feed, h, scores(['0-0']), 1);
    const [m] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_markets where external_id = ${`${h.eventId}/45`}`,
    );
    const bet = (await placeBet(p.gameToken, [s['correct_score:1-1']!])).json();
    expect(bet.status).toBe('success');
    await correctResult(
      t.db,
      t.app.sportsWallet,
      Number(m!.id),
      { kind: 'score', home: 1, away: 1 },
      {
        source: 'desk',
        operatorId: null,
        reason: 'the feed is late',
      },
    );
    expect(await statuses([bet.betId])).toEqual(['settled']);
    expect((await placeBet(p.gameToken, [s['correct_score:2-1']!])).json()).toMatchObject({
      status: 'refused',
    });
    await expectBookAndWalletAgree(t, bet.betId);
  });

  it('a multiple with a leg on such a market settles when its own outcome is listed, and a lost leg stays lost', async () => {
    const { feed } = await liveFeed(3);
    const a = await pricedMatch(feed);
    const b = await pricedMatch(feed);
    const p = await newPlayer();
    // Doubles: 1-1 on A with home on B (10.0 × 2.10), 0-0 on A with home on B.
    const winner = (await placeBet(p.gameToken, [a.s['correct_score:1-1']!, b.s['1x2:home']!])).json();
    const loser = (await placeBet(p.gameToken, [a.s['correct_score:0-0']!, b.s['1x2:home']!])).json();
    expect([winner.status, loser.status]).toEqual(['success', 'success']);
    const doubles = [winner.betId, loser.betId];

    await settle(feed, a.h, scores(['0-0']), 1);
    expect(await statuses(doubles)).toEqual(['open', 'settled']);
    await feed.receive(uof.betSettlement({ ...b.h, timestamp: ts() }, homeWins1x2));
    expect(await statuses(doubles)).toEqual(['open', 'settled']);
    // The rest of A's correct score, later: the 1-1 double pays, the 0-0 one stays lost.
    await settle(feed, a.h, scores(['2-1'], ['1-1']), 2);
    expect(await statuses(doubles)).toEqual(['settled', 'settled']);
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 20_000 + 210_000);
    expect((await betOf(loser.betId)).steps).toBe(1);
    for (const id of doubles) await expectBookAndWalletAgree(t, id);
    await expectSoundLedger(t.db);
  });

  it('rollback_bet_settlement takes back every outcome of the market it names, and only of that market', async () => {
    const { feed } = await liveFeed(3);
    const { h, s } = await pricedMatch(feed);
    const p = await newPlayer();
    const bets: number[] = [];
    for (const pick of ['correct_score:0-0', 'correct_score:1-1', 'correct_score:3-3', '1x2:draw']) {
      const bet = (await placeBet(p.gameToken, [s[pick]!])).json();
      expect(bet).toMatchObject({ status: 'success' });
      bets.push(bet.betId);
    }
    await settle(feed, h, scores(['0-0']), 1);
    await settle(feed, h, scores([], ['1-1']), 1);
    await settle(
      feed,
      h,
      [
        {
          id: 1,
          outcomes: [
            { id: 1, result: 0 },
            { id: 2, result: 1 },
            { id: 3, result: 0 },
          ],
        },
      ],
      1,
    );
    expect(await statuses(bets)).toEqual(['settled', 'settled', 'open', 'settled']);
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 40_000 + 100_000 + 34_000);

    // The correct score's settlements are taken back, both messages' outcomes; the 1X2 stands.
    await feed.receive(uof.rollbackBetSettlement({ ...h, timestamp: ts() }, [{ id: 45 }]));
    expect(await statuses(bets)).toEqual(['open', 'open', 'open', 'settled']);
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 40_000 + 34_000);

    // Settled again in part: only the outcomes listed now.
    await settle(feed, h, scores(['1-1'], ['0-0']), 2);
    expect(await statuses(bets)).toEqual(['settled', 'settled', 'open', 'settled']);
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 40_000 + 34_000 + 100_000);
    for (const id of bets) await expectBookAndWalletAgree(t, id);
    await expectSoundLedger(t.db);
  });

  it("a member's break cancels a bet whose own outcome has no result yet, though others of its market have", async () => {
    const { feed } = await liveFeed(3);
    const { h, s } = await pricedMatch(feed);
    const p = await newPlayer();
    const bet = (await placeBet(p.gameToken, [s['correct_score:3-3']!])).json();
    await settle(feed, h, scores(['0-0']), 1);
    expect(
      await cancelUndecidedBetsOf(t.db, t.app.sportsWallet, String(p.memberId), 'player protection: break'),
    ).toEqual([bet.betId]);
    expect(await statuses([bet.betId])).toEqual(['void']);
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000);
    await expectBookAndWalletAgree(t, bet.betId);
    await expectSoundLedger(t.db);
  });

  it('an event cancelled after part of a market was settled voids the outcomes not settled; the settled ones stand', async () => {
    const { feed } = await liveFeed(3);
    const { h, s } = await pricedMatch(feed);
    const p = await newPlayer();
    const bets: number[] = [];
    for (const pick of ['correct_score:0-0', 'correct_score:1-1']) {
      const bet = (await placeBet(p.gameToken, [s[pick]!])).json();
      bets.push(bet.betId);
    }
    await settle(feed, h, scores(['0-0']), 1);
    // The match is abandoned (sport_event_status 5, cancelled).
    await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, { status: { status: 5 } }));
    expect(await statuses(bets)).toEqual(['settled', 'void']);
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 20_000 + 10_000);
    for (const id of bets) await expectBookAndWalletAgree(t, id);
    await expectSoundLedger(t.db);
  });
});
