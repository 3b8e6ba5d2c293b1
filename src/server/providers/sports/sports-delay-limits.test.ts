import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addBookLimit } from '../../../../test/support/sports.ts';
import { cashoutClient } from '../../../../test/support/sports-cashout.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { runAutoCashouts } from './cashout.service.ts';
import { sportsClock } from './clock.ts';

/**
 * What a live bet's delay and the book's limits hold to, whatever moves meanwhile: a delayed bet taken
 * at a new price meets the limits at that price (delay-verdict.ts); a bet stop set after the start never
 * lets a pre-match bet in once the match has begun (placement.service.ts betStopOf); an automatic
 * cash-out waits, as a member's does, for prices a goal may not have reached yet (cashout.service.ts).
 */
describe.runIf(backendAvailable)('the bet delay and the limits', () => {
  const { t, sportsApi, newPlayer, as, book } = useSportsBook({
    confirmResults: false,
    cashoutMarginBp: 500,
    cashoutOfferSeconds: 10,
  });
  const co = cashoutClient(t);
  const confirmAfterDelay = async (gameToken: string, betId: number) => {
    sportsClock.advance(5_001);
    try {
      return (await sportsApi('confirm', { token: gameToken, betId })).json();
    } finally {
      sportsClock.reset();
    }
  };
  const movePrice = (marketId: number, home: string) =>
    as('trading').post(`/api/admin/sports/markets/${marketId}/prices`, {
      prices: [{ key: 'home', price: home }],
    });

  it('a delayed live bet repriced to a better price at confirm still meets the max payout', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match({ live: true }); // 2.0 / 3.0 / 4.0
    await addBookLimit(t.db, 'market', m.marketId, { max_payout: 30_000 });
    // 10,000 at 2.0 = 20,000: within the 30,000 max payout.
    const placed = (await book.place(p, [m.home], { priceChange: 'better', unitStake: 10_000 })).json();
    expect(placed).toMatchObject({ status: 'delayed' });
    expect((await movePrice(m.marketId, '5.0')).statusCode).toBe(200);
    // The same slip placed fresh at 5.0 is refused by the rule: 50,000 > 30,000.
    const fresh = (await book.place(p, [{ ...m.home, price: '5/1' }], { priceChange: 'any' })).json();
    expect(fresh).toMatchObject({ status: 'refused', refusal: 'payout_too_high' });
    // Taken at 5.0 it would return 50,000: refused at its confirmation, the stake back.
    const confirmed = await confirmAfterDelay(p.gameToken, placed.betId);
    expect(confirmed).toMatchObject({ status: 'refused', refusal: 'payout_too_high' });
    await book.score(m.marketId, 1, 0);
    expect({ bet: (await book.bet(p, placed.betId)).status, cash: await book.cash(p) }).toEqual({
      bet: 'refused',
      cash: 100_000,
    });
  });

  it("a delayed live bet repriced at confirm still meets its market's max liability", async () => {
    const p = await newPlayer(100_000);
    const m = await book.match({ live: true });
    await addBookLimit(t.db, 'market', m.marketId, { max_liability: 15_000 });
    // Exposure 10,000 at 2.0: within the 15,000 liability limit.
    const placed = (await book.place(p, [m.home], { priceChange: 'any', unitStake: 10_000 })).json();
    expect(placed).toMatchObject({ status: 'delayed' });
    expect((await movePrice(m.marketId, '5.0')).statusCode).toBe(200);
    // Taken at 5.0 the book would hold 40,000 on a market capped at 15,000: refused, nothing held.
    const confirmed = await confirmAfterDelay(p.gameToken, placed.betId);
    expect(confirmed).toMatchObject({ status: 'refused', refusal: 'liability_reached' });
    const [row] = await queryRows<{ liability: string }>(
      t.db,
      sql`select liability::text from sb_selection_liability where selection_id = ${m.home.id}`,
    );
    expect({ liability: Number(row?.liability ?? 0), cash: await book.cash(p) }).toEqual({
      liability: 0,
      cash: 100_000,
    });
  });

  it("a delayed live double repriced at confirm meets the max liability of its open leg's market", async () => {
    const p = await newPlayer(100_000);
    // The later match is listed first, so its market's id is the lower one: the legs as the book locks
    // them (by market) are not in the slip's order.
    const later = await book.match();
    const live = await book.match({ live: true });
    await addBookLimit(t.db, 'market', live.marketId, { max_liability: 35_000 });
    // 10,000 at 2.0 × 2.0: exposure 30,000, held on the open leg (the match in play, first in the slip).
    const placed = (
      await book.place(p, [live.home, later.home], { priceChange: 'better', unitStake: 10_000 })
    ).json();
    expect(placed).toMatchObject({ status: 'delayed' });
    expect((await movePrice(live.marketId, '2.5')).statusCode).toBe(200);
    // At 2.5 the exposure is 40,000 on a market capped at 35,000: refused, nothing held.
    const confirmed = await confirmAfterDelay(p.gameToken, placed.betId);
    expect(confirmed).toMatchObject({ status: 'refused', refusal: 'liability_reached' });
    const [row] = await queryRows<{ liability: string }>(
      t.db,
      sql`select coalesce(sum(liability), 0)::text as liability from sb_selection_liability
          where selection_id in (${live.home.id}, ${later.home.id})`,
    );
    expect({ liability: Number(row!.liability), cash: await book.cash(p) }).toEqual({
      liability: 0,
      cash: 100_000,
    });
  });

  it('a delayed live bet repriced within the limits is taken at the new price', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match({ live: true });
    await addBookLimit(t.db, 'market', m.marketId, { max_payout: 30_000, max_liability: 15_000 });
    const placed = (await book.place(p, [m.home], { priceChange: 'better', unitStake: 10_000 })).json();
    expect(placed).toMatchObject({ status: 'delayed' });
    expect((await movePrice(m.marketId, '2.5')).statusCode).toBe(200);
    expect(await confirmAfterDelay(p.gameToken, placed.betId)).toMatchObject({ status: 'success' });
    await book.score(m.marketId, 1, 0);
    expect(await book.cash(p)).toBe(90_000 + 25_000);
  });

  it('a pre-match bet is refused once the event has started, whatever bet stop the desk set', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match({ startsInMs: 60_000 });
    const startsAt = Date.now() + 60_000;
    const set = await as('trading').post(`/api/admin/sports/events/${m.eventId}/state`, {
      betStopAt: new Date(startsAt + 3_600_000).toISOString(),
    });
    expect(set.statusCode, set.body).toBe(200);
    sportsClock.advance(10 * 60_000); // ten minutes into the match; the event is still 'scheduled'
    try {
      const res = (await book.place(p, [m.home])).json();
      expect(res).toMatchObject({ status: 'refused', refusal: 'event_started' });
      expect(await book.cash(p)).toBe(100_000);
    } finally {
      sportsClock.reset();
    }
  });

  it('an automatic cash-out does not pay on the prices of before a goal the manual cash-out is refused for', async () => {
    const state = (eventId: number, body: object) =>
      as('trading').post(`/api/admin/sports/events/${eventId}/state`, body);
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]); // 10,000 at 2.0
    expect((await state(m.eventId, { status: 'live', score: { home: 0, away: 0 } })).statusCode).toBe(200);
    // The manual way: delayed, then refused after the away side scores.
    const offer = await co.offered(p, betId);
    expect((await co.accept(p, betId, offer.offerId)).statusCode).toBe(202);
    // The automatic way, set at once at the lowest amount.
    expect((await co.auto(p, betId, 1)).json()).toMatchObject({ status: 'success' });
    // The away side scores; the prices have not moved yet.
    expect((await state(m.eventId, { score: { home: 0, away: 1 } })).statusCode).toBe(200);
    sportsClock.advance(5_001);
    try {
      const manual = (await co.accept(p, betId, offer.offerId)).json();
      expect(manual).toMatchObject({ status: 'refused', refusal: 'market_suspended' });
    } finally {
      sportsClock.reset();
    }
    // Not cashed out at 8,769 (home still at 2.0, as at 0-0) a moment after home went a goal down.
    const auto = await runAutoCashouts(t.db, t.app.sportsWallet);
    expect({ autoCashedOut: auto.includes(betId), cash: await book.cash(p) }).toEqual({
      autoCashedOut: false,
      cash: 90_000,
    });
    // A bet delay later, on prices that had time to follow the goal, it is.
    sportsClock.advance(5_001);
    try {
      expect(await runAutoCashouts(t.db, t.app.sportsWallet)).toContain(betId);
    } finally {
      sportsClock.reset();
    }
  });
});
