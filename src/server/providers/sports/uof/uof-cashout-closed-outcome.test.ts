import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../../test/support/money.ts';
import { useSportsApp } from '../../../../../test/support/sports-app.ts';
import { cashoutClient, expectBookAndWalletAgree } from '../../../../../test/support/sports-cashout.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { homeWins1x2, only1x2, producerUp, useUofStandIn } from '../../../../../test/support/uof.ts';
import { queryRows } from '../../../db/client.ts';
import { runAutoCashouts } from '../cashout.service.ts';
import * as uof from './uof-build.ts';

/**
 * A cash-out while the feed has closed one outcome of the bet's market (`active="0"`) is not offered,
 * taken or fired automatically (docs/sportsbook.md, "Cash-out"): the overround over the outcomes still
 * open would price the bet as if the closed one could never win, though it is usually only paused.
 * 10,000 on home at 2.0 in a 2.0 / 3.0 / 4.0 1X2 is offered 8,769; with the draw closed it would be
 * 10,000 × 2 × (1/2) / (3/4) × 0.95 = 12,666. A leg whose market is decided counts its result, whatever
 * its outcomes' state.
 */
describe.runIf(backendAvailable)('UOF: cash-out while an outcome of the market is closed', () => {
  const { t, newPlayer, eventSelections, placeBet } = useSportsApp();
  const { standIn, ts, feedOf, fixture } = useUofStandIn(t);
  const co = cashoutClient(t);

  /** A pre-match 1X2 at 2.0 / 3.0 / 4.0 from the pre-match producer, and its selections. */
  async function pricedMatch(feed: ReturnType<typeof feedOf>['feed']) {
    const f = fixture();
    const h = { product: 3, eventId: f.id };
    await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, only1x2('2.00', '3.00', '4.00')));
    const [e] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sb_events where source = 'uof' and external_id = ${f.id}`,
    );
    return { h, s: await eventSelections(Number(e!.id)) };
  }
  /** The 1X2 at 2.0 / 3.0 / 4.0 with the draw closed (`active`: 0) or open again (1). */
  const drawActive = (active: 0 | 1) => ({
    markets: [
      {
        id: 1,
        outcomes: [
          { id: 1, odds: '2.00' },
          { id: 2, odds: '3.00', active },
          { id: 3, odds: '4.00' },
        ],
      },
    ],
  });
  const betStatus = async (betId: number) =>
    (await queryRows<{ status: string }>(t.db, sql`select status from sb_bets where id = ${betId}`))[0]
      ?.status;

  it('is refused while the draw is closed, never taken automatically, and comes back with it', async () => {
    const { feed } = feedOf();
    await producerUp(feed, standIn(), 3, ts());
    const { h, s } = await pricedMatch(feed);
    const p = await newPlayer();
    const bet = (await placeBet(p.gameToken, [s['1x2:home']!])).json();
    expect(bet).toMatchObject({ status: 'success' });
    const before = await co.offered(p, bet.betId);
    expect(before.amount).toBe(8_769);
    // The member's automatic cash-out at 9,000: above the fair offer, below the price with the draw out.
    expect((await co.auto(p, bet.betId, 9_000)).json()).toMatchObject({ status: 'success' });

    // Single messages and a lane's batch write the same selections; the batch closes it here.
    const [closed] = await feed.receiveBatch([uof.oddsChange({ ...h, timestamp: ts() }, drawActive(0))]);
    expect(closed?.outcome).toBe('applied');
    const refusal = { status: 'refused', refusal: 'market_suspended' };
    expect((await co.offer(p, bet.betId)).json()).toMatchObject(refusal);
    // The offer made before the draw closed is not taken at the renormalised price either.
    expect((await co.accept(p, bet.betId, before.offerId)).json()).toMatchObject(refusal);
    expect(await runAutoCashouts(t.db, t.app.sportsWallet)).not.toContain(bet.betId);
    expect(await betStatus(bet.betId)).toBe('open');

    // The draw back: the offer is the fair one again, and still below the automatic amount.
    await feed.receive(uof.oddsChange({ ...h, timestamp: ts() }, drawActive(1)));
    expect((await co.offered(p, bet.betId)).amount).toBe(8_769);
    expect(await runAutoCashouts(t.db, t.app.sportsWallet)).not.toContain(bet.betId);
    expect(await betStatus(bet.betId)).toBe('open');
    await expectBookAndWalletAgree(t, bet.betId);
    await expectSoundLedger(t.db);
  });

  it("a multiple's leg already won counts its price though its market's outcomes are all closed", async () => {
    const { feed } = feedOf();
    await producerUp(feed, standIn(), 3, ts());
    const a = await pricedMatch(feed);
    const b = await pricedMatch(feed);
    const p = await newPlayer();
    const bet = (await placeBet(p.gameToken, [a.s['1x2:home']!, b.s['1x2:home']!])).json();
    expect(bet).toMatchObject({ status: 'success' });
    // A's 1X2 closes every outcome, then settles: home won.
    await feed.receive(
      uof.oddsChange(
        { ...a.h, timestamp: ts() },
        {
          markets: [
            {
              id: 1,
              outcomes: [
                { id: 1, odds: '2.00', active: 0 },
                { id: 2, odds: '3.00', active: 0 },
                { id: 3, odds: '4.00', active: 0 },
              ],
            },
          ],
        },
      ),
    );
    await feed.receive(uof.betSettlement({ ...a.h, timestamp: ts() }, homeWins1x2));
    // 10,000 × 2 (won) × 2 × 6/13 × 0.95 = 17,538.46…
    const offer = await co.offered(p, bet.betId);
    expect(offer.amount).toBe(17_538);
    // B's draw closed: no cash-out, though A is decided.
    await feed.receive(uof.oddsChange({ ...b.h, timestamp: ts() }, drawActive(0)));
    expect((await co.offer(p, bet.betId)).json()).toMatchObject({
      status: 'refused',
      refusal: 'market_suspended',
    });
    await feed.receive(uof.oddsChange({ ...b.h, timestamp: ts() }, drawActive(1)));
    const again = await co.offered(p, bet.betId);
    expect((await co.accept(p, bet.betId, again.offerId)).json()).toMatchObject({
      status: 'success',
      bet: 'cashed_out',
      paid: 17_538,
    });
    await expectBookAndWalletAgree(t, bet.betId);
    await expectSoundLedger(t.db);
  });
});
