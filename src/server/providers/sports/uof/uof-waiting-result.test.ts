import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../../test/support/money.ts';
import { cashoutClient, expectBookAndWalletAgree } from '../../../../../test/support/sports-cashout.ts';
import { useSportsBook } from '../../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { mainMarkets, producerUp, useUofStandIn } from '../../../../../test/support/uof.ts';
import {
  correctScoreOdds,
  pricedCorrectScoreMatch,
  scores,
} from '../../../../../test/support/uof-correct-score.ts';
import { queryRows } from '../../../db/client.ts';
import * as uof from './uof-build.ts';
import type { UofFeed } from './uof-feed.ts';

/**
 * A result the desk entered and a second operator has yet to confirm is known to the book: its
 * market takes no bet and offers no cash-out on what it decides, whatever the feed's later odds say
 * of the market (one by one or in a batch). Also when it waits as a correction of the feed's
 * settlement in part (the market trading on its open outcomes), or comes back as the entered result
 * when the feed takes its settlement back. Through the feed's adapter and the member's HTTP routes.
 */
describe.runIf(backendAvailable)('a result waiting for its second operator on a feed market', () => {
  const { t, newPlayer, placeBet, book } = useSportsBook({ confirmResults: true });
  const { ts, liveFeed, fixture, feedOf, standIn } = useUofStandIn(t);
  const co = cashoutClient(t);

  const pricedMatch = (feed: UofFeed) => pricedCorrectScoreMatch(t, feed, { ts, fixture });
  type Match = Awaited<ReturnType<typeof pricedMatch>>;
  /** The feed's odds again, every market active, one message alone or a lane's batch of two. */
  const oddsAgain = async (feed: UofFeed, m: Match, batch: boolean) => {
    const odds = () =>
      uof.oddsChange({ ...m.h, timestamp: ts() }, { markets: [...mainMarkets(), correctScoreOdds] });
    if (batch) await feed.receiveBatch([odds(), odds()]);
    else await feed.receive(odds());
  };
  const marketStatus = async (id: number) =>
    (await queryRows<{ status: string }>(t.db, sql`select status from sb_markets where id = ${id}`))[0]!
      .status;
  const refused = { status: 'refused', refusal: 'market_suspended' };

  for (const batch of [false, true])
    it(`the desk's 1X2 result entered, the feed's odds ${batch ? 'in a batch' : 'alone'} open the market again: no bet on it, no cash-out`, async () => {
      const { feed } = await liveFeed(3);
      const m = await pricedMatch(feed);
      const p = await newPlayer();
      const before = (await placeBet(p.gameToken, [m.s['1x2:away']!])).json();
      expect(before).toMatchObject({ status: 'success' });
      // Trader A enters home 2–0; the market waits, suspended, for trader B.
      expect((await book.score(m.matchResult, 2, 0)).json()).toMatchObject({ state: 'entered' });
      expect(await marketStatus(m.matchResult)).toBe('suspended');
      // The feed, late, still prices the match: its odds say the market is active.
      await oddsAgain(feed, m, batch);
      // The market stays suspended, as members see it, until trader B decides.
      expect(await marketStatus(m.matchResult)).toBe('suspended');
      expect((await placeBet(p.gameToken, [m.s['1x2:home']!])).json()).toMatchObject(refused);
      expect((await co.offer(p, before.betId)).json()).toMatchObject(refused);
      // A market without a result is untouched: the correct score still takes bets.
      expect((await placeBet(p.gameToken, [m.s['correct_score:1-1']!])).json()).toMatchObject({
        status: 'success',
      });
      await expectBookAndWalletAgree(t, before.betId);
      await expectSoundLedger(t.db);
    });

  it("a producer's recovery reopens its markets but not one whose result waits", async () => {
    const { feed } = feedOf({ aliveTimeoutMs: 300, recoveryTimeoutMs: 60_000 });
    await producerUp(feed, standIn(), 3, ts());
    const m = await pricedMatch(feed);
    expect((await book.score(m.matchResult, 2, 0)).json()).toMatchObject({ state: 'entered' });
    await feed.receive(uof.alive(3, ts()));
    await new Promise((r) => setTimeout(r, 400));
    expect(await feed.watch()).toContain(3);
    expect(await marketStatus(m.correctScore)).toBe('suspended');
    const recovered = new Promise<number>((resolve) => {
      standIn().onRecovery = (r) => resolve(r.requestId);
    });
    await feed.receive(uof.alive(3, ts()));
    await feed.receive(uof.snapshotComplete(3, ts(), await recovered));
    expect(await marketStatus(m.correctScore)).toBe('open');
    expect(await marketStatus(m.matchResult)).toBe('suspended');
  });

  it("the desk's score waiting as a correction of the feed's settlement in part: the open outcomes take no bet", async () => {
    const { feed } = await liveFeed(3);
    const m = await pricedMatch(feed);
    const p = await newPlayer();
    const before = (await placeBet(p.gameToken, [m.s['correct_score:2-1']!])).json();
    expect(before).toMatchObject({ status: 'success' });
    // Trader A enters 1–1; the feed's live scout then settles 0-0 lost: A's 1–1 waits as a correction.
    expect((await book.score(m.correctScore, 1, 1)).json()).toMatchObject({ state: 'entered' });
    await feed.receive(uof.betSettlement({ ...m.h, timestamp: ts() }, scores(['0-0']), 1));
    await oddsAgain(feed, m, false);
    expect(await marketStatus(m.correctScore)).toBe('suspended');
    // 1-1 is the score the desk entered: no bet on it, nor on any other score, nor a cash-out of 2-1.
    expect((await placeBet(p.gameToken, [m.s['correct_score:1-1']!])).json()).toMatchObject(refused);
    expect((await placeBet(p.gameToken, [m.s['correct_score:3-3']!])).json()).toMatchObject(refused);
    expect((await co.offer(p, before.betId)).json()).toMatchObject(refused);
    await expectBookAndWalletAgree(t, before.betId);
    await expectSoundLedger(t.db);
  });

  it('the feed takes back its settlement under a waiting correction: the correction, entered now, is known; its outcomes take no bet', async () => {
    const { feed } = await liveFeed(3);
    const m = await pricedMatch(feed);
    const p = await newPlayer();
    await feed.receive(uof.betSettlement({ ...m.h, timestamp: ts() }, scores(['0-0']), 1));
    // Trader A corrects the feed's result to a final 0–0; the feed then takes its settlement back.
    expect((await book.correct(m.correctScore, { kind: 'score', home: 0, away: 0 })).json()).toMatchObject({
      state: 'entered',
    });
    await feed.receive(uof.rollbackBetSettlement({ ...m.h, timestamp: ts() }, [{ id: 45 }]));
    await oddsAgain(feed, m, true);
    expect((await placeBet(p.gameToken, [m.s['correct_score:0-0']!])).json()).toMatchObject(refused);
    expect((await placeBet(p.gameToken, [m.s['correct_score:1-0']!])).json()).toMatchObject(refused);
  });
});
