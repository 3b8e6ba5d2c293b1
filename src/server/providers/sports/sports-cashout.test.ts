import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { addBookLimit } from '../../../../test/support/sports.ts';
import { cashoutClient, expectBookAndWalletAgree } from '../../../../test/support/sports-cashout.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { verifyBet } from '../../../../tools/sports-verify.ts';
import { queryRows } from '../../db/client.ts';
import { runAutoCashouts } from './cashout.service.ts';
import { sportsClock } from './clock.ts';
import { reconciler } from './reconciler.ts';
import { auditRunningStakes } from './running-stakes.audit.ts';

/**
 * Cash-out through the sports window's HTTP API (docs/sportsbook.md, "Cash-out"): offers priced from
 * the current prices with the site's margin, full and partial acceptance, the automatic cash-out, the
 * refusals; each bet's money checked against its wallet round and its proof by sports:verify.
 * Prices 2.0 / 3.0 / 4.0: home's fair probability is (1/2) / (13/12) = 6/13.
 */
describe.runIf(backendAvailable)('sportsbook cash-out', () => {
  const { t, sportsApi, newPlayer, as, book } = useSportsBook({
    confirmResults: false,
    cashoutMarginBp: 500,
    cashoutOfferSeconds: 10,
    cancelWindowMinutes: 60,
  });
  const co = cashoutClient(t);
  const prices = (marketId: number, home: string) =>
    as('trading').post(`/api/admin/sports/markets/${marketId}/prices`, {
      prices: [{ key: 'home', price: home }],
    });
  const findings = async (betId: number) => {
    await reconciler(t.db, t.app.sportsWallet, { pendingGraceMs: 5_000 })();
    return queryRows<{ kind: string }>(
      t.db,
      sql`select kind from sb_reconcile_findings where bet_id = ${betId}`,
    );
  };
  /** The bet's proof, the book and the wallet, the reconciler and the ledger all agree; the bet as the book has it. */
  const expectAllAgree = async (betId: number) => {
    const bet = await expectBookAndWalletAgree(t, betId);
    expect((await verifyBet(t.db, betId)).problems).toEqual([]);
    expect(await findings(betId)).toEqual([]);
    await expectSoundLedger(t.db);
    return bet;
  };

  it('offers stake × price × fair probability less the site margin, and follows the price', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    // 10,000 × 2 × 6/13 × 0.95 = 8,769.23…
    expect(await co.offered(p, betId)).toMatchObject({ amount: 8_769, stake: 10_000 });
    await prices(m.marketId, '1.5');
    // 1.5 / 3.0 / 4.0: q = 8/15; 10,000 × 2 × 8/15 × 0.95 = 10,133.33…
    expect((await co.offered(p, betId)).amount).toBe(10_133);
    await book.settings({ cashoutMarginBp: 1_000 });
    try {
      expect((await co.offered(p, betId)).amount).toBe(9_600);
    } finally {
      await book.settings({ cashoutMarginBp: 500 });
    }
  });

  it('a multiple: a won leg counts its price, an open one its worth now; a lost leg ends the offers', async () => {
    const p = await newPlayer(100_000);
    const a = await book.match();
    const b = await book.match();
    const c = await book.match();
    const betId = await book.placed(p, [a.home, b.home]);
    await book.score(a.marketId, 1, 0);
    // 10,000 × 2 × 12/13 × 0.95 = 17,538.46…
    expect((await co.offered(p, betId)).amount).toBe(17_538);
    const lost = await book.placed(p, [b.home, c.home]);
    await book.score(c.marketId, 0, 1);
    // A multiple with a lost leg is lost at once: there is nothing to cash out.
    expect((await co.offer(p, lost)).json()).toMatchObject({ status: 'refused', refusal: 'not_available' });
  });

  it('a full cash-out pays once, ends the bet, and a later result changes nothing', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    const offer = await co.offered(p, betId);
    const taken = await co.accept(p, betId, offer.offerId);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'success', bet: 'cashed_out', paid: 8_769, stake: 0 });
    expect(await book.cash(p)).toBe(100_000 - 10_000 + 8_769);
    // The same offer again, and a fresh offer: refused, nothing paid.
    expect((await co.accept(p, betId, offer.offerId)).json()).toMatchObject({
      status: 'refused',
      refusal: 'not_available',
      msg: 'sports.cashout.refusal.not_available',
    });
    expect((await co.offer(p, betId)).statusCode).toBe(409);
    await book.score(m.marketId, 2, 0);
    expect(await book.cash(p)).toBe(100_000 - 10_000 + 8_769);
    const bet = (await sportsApi('bet', { token: p.gameToken, betId })).json().bet;
    expect(bet).toMatchObject({ status: 'cashed_out', settledReturn: 8_769 });
    const step = bet.history.at(-1);
    expect(step).toMatchObject({ kind: 'cashout', amount: 8_769, proof: null, paid: true });
    expect(step.cashout).toMatchObject({ kind: 'cashout', stake: '10000', part: '10000', paid: '8769' });
    await expectAllAgree(betId);
  });

  it('a cancel window reaches a bet cashed out whole: the cash-out is taken back, the bet void, its stake returned', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const placedFrom = new Date(Date.now() - 1_000);
    // A past-posted bet (the member knew the score), cashed out as soon as the price caught up.
    const betId = await book.placed(p, [m.home]);
    expect((await prices(m.marketId, '1.1')).statusCode).toBe(200);
    const offer = await co.offered(p, betId);
    expect(offer.amount).toBeGreaterThan(10_000);
    expect((await co.accept(p, betId, offer.offerId)).json()).toMatchObject({ bet: 'cashed_out' });
    expect(await book.cash(p)).toBe(90_000 + offer.amount);
    const res = await book.cancelWindow(m.eventId, { from: placedFrom, reason: 'past-posting' });
    expect(res.statusCode, res.body).toBe(200);
    // The bet never stood: the member is back where they were, the cash-out's profit taken back.
    expect(await book.cash(p)).toBe(100_000);
    const bet = (await sportsApi('bet', { token: p.gameToken, betId })).json().bet;
    expect(bet).toMatchObject({ status: 'void', settledReturn: 10_000 });
    expect(bet.history.map((h: { kind: string }) => h.kind)).toEqual(['cashout', 'unsettle', 'void']);
    expect(await expectAllAgree(betId)).toMatchObject({ status: 'void' });
    // Nothing left on the book's liability for it.
    const [sel] = await queryRows<{ liability: number }>(
      t.db,
      sql`select coalesce(sum(liability), 0)::int8 as liability from sb_selection_liability where selection_id = ${m.home.id}`,
    );
    expect(Number(sel!.liability)).toBe(0);
  });

  it('a cancel window takes back partial cash-outs too: the whole stake is returned, nothing more', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const placedFrom = new Date(Date.now() - 1_000);
    const betId = await book.placed(p, [m.home]);
    expect((await prices(m.marketId, '1.1')).statusCode).toBe(200);
    // Nearly all of it cashed out at the better price, in two parts; a sliver left on the bet.
    let paid = 0;
    for (const part of [6_000, 3_900]) {
      const offer = await co.offered(p, betId);
      const taken = (await co.accept(p, betId, offer.offerId, { part })).json();
      expect(taken).toMatchObject({ status: 'success', bet: 'open' });
      paid += taken.paid;
    }
    expect(paid).toBeGreaterThan(9_900);
    expect(await book.cash(p)).toBe(90_000 + paid);
    expect((await book.cancelWindow(m.eventId, { from: placedFrom })).statusCode).toBe(200);
    expect(await book.cash(p)).toBe(100_000);
    const bet = (await sportsApi('bet', { token: p.gameToken, betId })).json().bet;
    expect(bet).toMatchObject({ status: 'void', totalStake: 10_000, cashoutStake: 0, cashoutPaid: 0 });
    expect(bet.history.map((h: { kind: string }) => h.kind)).toEqual([
      'cashout_partial',
      'cashout_partial',
      'unsettle',
      'unsettle',
      'void',
    ]);
    expect(await expectAllAgree(betId)).toMatchObject({ status: 'void' });
  });

  it('a multiple cashed out whole with a leg voided by a window rides again on its other leg', async () => {
    const p = await newPlayer(100_000);
    const a = await book.match();
    const b = await book.match();
    const placedFrom = new Date(Date.now() - 1_000);
    const betId = await book.placed(p, [a.home, b.home]);
    expect((await prices(a.marketId, '1.1')).statusCode).toBe(200);
    const offer = await co.offered(p, betId);
    expect((await co.accept(p, betId, offer.offerId)).json()).toMatchObject({ bet: 'cashed_out' });
    // Only the first match's market was past-posted: its leg counts 1.00, the second stands.
    const res = await book.cancelWindow(a.eventId, { from: placedFrom, marketId: a.marketId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await book.cash(p)).toBe(90_000);
    expect((await book.bet(p, betId)).status).toBe('open');
    expect((await book.score(b.marketId, 1, 0)).statusCode).toBe(200);
    // 10,000 × 1.00 × 2.0.
    expect(await book.cash(p)).toBe(90_000 + 20_000);
    expect(await expectAllAgree(betId)).toMatchObject({ status: 'settled' });
  });

  it('in play, a cash-out waits the bet delay; a goal or a suspension during it refuses the cash-out', async () => {
    const state = (eventId: number, body: object) =>
      as('trading').post(`/api/admin/sports/events/${eventId}/state`, body);
    const inPlay = async () => {
      const p = await newPlayer(100_000);
      const m = await book.match();
      const betId = await book.placed(p, [m.home]);
      expect((await state(m.eventId, { status: 'live', score: { home: 0, away: 0 } })).statusCode).toBe(200);
      const offer = await co.offered(p, betId);
      const first = await co.accept(p, betId, offer.offerId);
      // The book's delay (5 s): nothing decided, nothing paid yet.
      expect(first.statusCode).toBe(202);
      expect(first.json()).toMatchObject({ status: 'delayed', betId });
      expect(await book.cash(p)).toBe(90_000);
      return { p, m, betId, offer };
    };
    const afterDelay = async (run: () => Promise<{ statusCode: number; json(): unknown }>) => {
      sportsClock.advance(5_001);
      try {
        return await run();
      } finally {
        sportsClock.reset();
      }
    };

    // Nothing moved: the same call after the delay cashes out, even past the offer's own expiry.
    const calm = await inPlay();
    expect((await co.accept(calm.p, calm.betId, calm.offer.offerId)).json()).toMatchObject({
      status: 'delayed',
    });
    sportsClock.advance(10_000);
    try {
      const taken = await co.accept(calm.p, calm.betId, calm.offer.offerId);
      expect(taken.json()).toMatchObject({ status: 'success', bet: 'cashed_out', paid: calm.offer.amount });
    } finally {
      sportsClock.reset();
    }
    expect(await book.cash(calm.p)).toBe(90_000 + calm.offer.amount);
    await expectAllAgree(calm.betId);

    // A goal during the delay: refused, the bet stays open.
    const goal = await inPlay();
    expect((await state(goal.m.eventId, { score: { home: 1, away: 0 } })).statusCode).toBe(200);
    const refused = await afterDelay(() => co.accept(goal.p, goal.betId, goal.offer.offerId));
    expect(refused.json()).toMatchObject({ status: 'refused', refusal: 'market_suspended' });
    expect((await book.bet(goal.p, goal.betId)).status).toBe('open');
    expect(await book.cash(goal.p)).toBe(90_000);

    // The market suspended and reopened during the delay: refused too.
    const pause = await inPlay();
    const open = (yes: boolean) =>
      as('trading').post(`/api/admin/sports/markets/${pause.m.marketId}/status`, { open: yes });
    expect((await open(false)).statusCode).toBe(200);
    expect((await open(true)).statusCode).toBe(200);
    const paused = await afterDelay(() => co.accept(pause.p, pause.betId, pause.offer.offerId));
    expect(paused.json()).toMatchObject({ status: 'refused', refusal: 'market_suspended' });
    expect(await book.cash(pause.p)).toBe(90_000);
    await expectSoundLedger(t.db);
  });

  it('a partial cash-out pays its share and leaves the rest of the stake to settle', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    const offer = await co.offered(p, betId);
    const taken = (await co.accept(p, betId, offer.offerId, { part: 4_000 })).json();
    // 8,769.23… × 4/10 = 3,507.69…
    expect(taken).toMatchObject({ status: 'success', bet: 'open', paid: 3_507, stake: 6_000 });
    const open = (await sportsApi('bet', { token: p.gameToken, betId })).json().bet;
    expect(open).toMatchObject({
      status: 'open',
      totalStake: 6_000,
      potentialReturn: 12_000,
      cashoutStake: 4_000,
      cashoutPaid: 3_507,
    });
    // The offer was for the stake before: taken once, and stale for the rest.
    expect((await co.accept(p, betId, offer.offerId, { part: 1_000 })).json().refusal).toBe('offer_expired');
    const [sel] = await queryRows<{ liability: number }>(
      t.db,
      sql`select coalesce(sum(liability), 0)::int8 as liability from sb_selection_liability where selection_id = ${m.home.id}`,
    );
    expect(Number(sel!.liability)).toBe(6_000);
    await book.score(m.marketId, 1, 0);
    expect(await book.cash(p)).toBe(100_000 - 10_000 + 3_507 + 12_000);
    expect(await expectAllAgree(betId)).toMatchObject({ status: 'settled' });
  });

  it('refuses a suspended market, a bet stop, a price fallen below the accepted value and an expired offer', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    let offer = await co.offered(p, betId);
    await as('trading').post(`/api/admin/sports/markets/${m.marketId}/status`, { open: false });
    expect((await co.accept(p, betId, offer.offerId)).json().refusal).toBe('market_suspended');
    expect((await co.offer(p, betId)).json().refusal).toBe('market_suspended');
    await as('trading').post(`/api/admin/sports/markets/${m.marketId}/status`, { open: true });
    offer = await co.offered(p, betId);
    await prices(m.marketId, '2.5');
    expect((await co.accept(p, betId, offer.offerId)).json()).toMatchObject({
      status: 'refused',
      refusal: 'price_changed',
    });
    // The member may accept less. 2.5 / 3.0 / 4.0: q = (2/5) / (59/60) = 24/59; a tenth of
    // 10,000 × 2 × 24/59 × 0.95 = 772.88…, not the 876 offered for it, but above the 700 accepted.
    expect((await co.accept(p, betId, offer.offerId, { part: 1_000 })).json().refusal).toBe('price_changed');
    const lower = (await co.accept(p, betId, offer.offerId, { minAmount: 700, part: 1_000 })).json();
    expect(lower).toMatchObject({ status: 'success', bet: 'open', paid: 772, stake: 9_000 });
    offer = await co.offered(p, betId);
    sportsClock.advance(10_001);
    try {
      expect((await co.accept(p, betId, offer.offerId)).json().refusal).toBe('offer_expired');
    } finally {
      sportsClock.reset();
    }
    await as('trading').post(`/api/admin/sports/events/${m.eventId}/state`, {
      betStopAt: new Date(Date.now() - 1_000).toISOString(),
    });
    expect((await co.offer(p, betId)).json().refusal).toBe('bet_stop');
    await expectBookAndWalletAgree(t, betId);
    await expectSoundLedger(t.db);
  });

  it('refuses what is not the member’s open single or multiple, and hostile input with 400', async () => {
    const p = await newPlayer(100_000);
    const other = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    const offer = await co.offered(p, betId);
    expect((await co.offer(other, betId)).json().refusal).toBe('not_available');
    expect((await co.accept(other, betId, offer.offerId)).json().refusal).toBe('not_available');
    expect((await co.accept(p, betId, offer.offerId, { part: 10_001 })).json().refusal).toBe('invalid_part');
    for (const body of [
      { betId, offerId: 'x' },
      { betId, offerId: offer.offerId, part: -5 },
      { betId: 'one', offerId: offer.offerId },
      { betId, offerId: offer.offerId, minAmount: 1.5 },
      { betId, offerId: `${'a'.repeat(5_000)}` },
    ]) {
      const res = await sportsApi('cashout', { token: p.gameToken, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe('invalid');
    }
    expect((await co.auto(p, betId, -1)).statusCode).toBe(400);
    expect(await book.cash(p)).toBe(90_000);
  });

  it('an automatic cash-out waits for its amount, then cashes out the whole bet once', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    expect((await co.auto(p, betId, 10_000)).json()).toMatchObject({
      status: 'success',
      autoCashoutAt: 10_000,
    });
    expect(await runAutoCashouts(t.db, t.app.sportsWallet)).not.toContain(betId);
    await prices(m.marketId, '1.5');
    expect(await runAutoCashouts(t.db, t.app.sportsWallet)).toContain(betId);
    expect(await runAutoCashouts(t.db, t.app.sportsWallet)).not.toContain(betId);
    expect(await book.cash(p)).toBe(100_000 - 10_000 + 10_133);
    expect(await expectAllAgree(betId)).toMatchObject({ status: 'cashed_out' });
  });

  it('what a bet holds against its member’s maximum stake on the selection follows its cash-outs, its settlement and a result taken back', async () => {
    const p = await newPlayer(200_000);
    const m = await book.match();
    await addBookLimit(t.db, 'market', m.marketId, { max_stake: 30_000 });
    const maxLeft = async () =>
      (await sportsApi('maxStake', { token: p.gameToken, selectionIds: [m.home.id] })).json().singles[0].max;
    const held = async () => {
      const [row] = await queryRows<{ stake: number }>(
        t.db,
        sql`select r.stake from sb_running_stakes r
            where r.selection_id = ${m.home.id} and r.player_id = (select player_id from sb_bets where id = ${first})`,
      );
      expect(await auditRunningStakes(t.db)).toEqual([]);
      return row ? Number(row.stake) : 0;
    };
    const first = await book.placed(p, [m.home], { unitStake: 20_000 });
    expect(await maxLeft()).toBe(10_000);
    // A quarter cashed out: what is left of the stake still counts.
    const offer = await co.offered(p, first);
    expect((await co.accept(p, first, offer.offerId, { part: 5_000 })).json()).toMatchObject({
      stake: 15_000,
    });
    expect(await held()).toBe(15_000);
    expect(await maxLeft()).toBe(15_000);
    const rest = await co.offered(p, first);
    expect((await co.accept(p, first, rest.offerId)).json()).toMatchObject({
      status: 'success',
      bet: 'cashed_out',
    });
    expect(await held()).toBe(0);
    expect(await maxLeft()).toBe(30_000);
    const second = await book.placed(p, [m.home], { unitStake: 30_000 });
    expect(await maxLeft()).toBe(0);
    expect((await book.score(m.marketId, 1, 0)).statusCode).toBe(200);
    expect((await book.bet(p, second)).status).toBe('settled');
    expect(await held()).toBe(0);
    // The result taken back (a second operator confirms it): the bet runs again and holds its stake again.
    const unsettle = (
      await as('trading').post(`/api/admin/sports/markets/${m.marketId}/unsettle`, {
        reason: 'result withdrawn',
      })
    ).json();
    if (unsettle.state === 'proposed')
      expect(
        (await as('owner').post(`/api/admin/sports/proposals/${unsettle.proposal}/confirm`, {})).statusCode,
      ).toBe(200);
    expect((await book.bet(p, second)).status).toBe('open');
    expect(await held()).toBe(30_000);
    await expectSoundLedger(t.db);
  });
});
