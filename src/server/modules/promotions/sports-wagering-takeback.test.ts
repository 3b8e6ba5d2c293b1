import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { bonusesOf, createCampaign } from '../../../../test/support/promotions.ts';
import { memberCurrency } from '../../../../test/support/sports.ts';
import { cashoutClient } from '../../../../test/support/sports-cashout.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

/**
 * A sports bet counts its stake towards a bonus's wagering when it opens; a void of the bet or a
 * cash-out takes back what it counted (promo_unwager_sports): a bet voided or sold back risked nothing,
 * and must not turn bonus money into cash (found by a red-team review: a 100,000 single voided, or cashed
 * out at once, cleared ×2 wagering on a 50,000 bonus, which then converted).
 */
describe.runIf(backendAvailable)('promotions: a void or a cash-out takes back sports wagering', () => {
  const { t, newPlayer, as, book } = useSportsBook({
    confirmResults: false,
    cashoutMarginBp: 500,
    cashoutOfferSeconds: 10,
    cancelWindowMinutes: 60,
  });
  const co = cashoutClient(t);
  /** A member with `cash` and a 50,000 code bonus needing ×2 wagering (100,000), sports counting 100 %. */
  const bonusHolder = async (code: string, cash = 100_000) => {
    const p = await newPlayer(cash);
    await createCampaign(as('owner'), {
      currency: await memberCurrency(t, p.memberId),
      name: `Code ${code}`,
      type: 'code',
      code,
      percentBps: 0,
      fixedAmount: 50_000,
      cap: null,
      minDeposit: 0,
      wageringMultiple: 2,
      sportsBps: 10_000,
    });
    expect((await t.call('claim-promo-code', { code }, { token: p.token })).json()).toMatchObject({
      status: 'success',
    });
    return p;
  };
  const wagered = async (token: string) => (await bonusesOf(t, { token })).active?.wageringDone;
  const convert = (token: string) => t.call('convert-bonus', {}, { token });
  /** The desk voids the market's bets of the last minute (a cancel window for past-posting). */
  const pastPosted = async (m: { eventId: number; marketId: number }) => {
    const res = await book.cancelWindow(m.eventId, {
      from: new Date(Date.now() - 60_000),
      marketId: m.marketId,
    });
    expect(res.statusCode).toBe(200);
  };

  it('a bet voided by a cancel window counts nothing: the bonus does not convert', async () => {
    const p = await bonusHolder('TB-VOID');
    const m = await book.match();
    await book.placed(p, [m.home], { unitStake: 100_000 });
    expect(await wagered(p.token)).toBe(100_000);
    await pastPosted(m);
    expect(await book.cash(p)).toBe(100_000);
    expect(await wagered(p.token)).toBe(0);
    expect((await convert(p.token)).statusCode).not.toBe(200);
    expect(await book.cash(p)).toBe(100_000);
    await expectSoundLedger(t.db);
  });

  it('a cash-out takes back what its part of the stake counted; a settled bet keeps its count', async () => {
    const p = await bonusHolder('TB-CASH');
    const m = await book.match();
    const betId = await book.placed(p, [m.home], { unitStake: 60_000 });
    expect(await wagered(p.token)).toBe(60_000);
    const offer = await co.offered(p, betId);
    expect((await co.accept(p, betId, offer.offerId, { part: 20_000 })).json()).toMatchObject({
      bet: 'open',
    });
    expect(await wagered(p.token)).toBe(40_000);
    const rest = await co.offered(p, betId);
    expect((await co.accept(p, betId, rest.offerId)).json()).toMatchObject({ bet: 'cashed_out' });
    expect(await wagered(p.token)).toBe(0);
    expect((await convert(p.token)).statusCode).not.toBe(200);
    // A bet that stands and settles keeps what it counted.
    const n = await book.match();
    await book.placed(p, [n.away], { unitStake: 30_000 });
    expect((await book.score(n.marketId, 1, 0)).statusCode).toBe(200);
    expect(await wagered(p.token)).toBe(30_000);
    await expectSoundLedger(t.db);
  });

  it('a bonus converts on what settled bets wagered, not on a bet still open', async () => {
    const p = await bonusHolder('TB-OPEN');
    const m = await book.match();
    await book.placed(p, [m.away], { unitStake: 100_000 });
    expect(await wagered(p.token)).toBe(100_000);
    // The bet could still be voided or cashed out: its count is not yet the member's.
    expect((await convert(p.token)).statusCode).not.toBe(200);
    expect(await book.cash(p)).toBe(0);
    // Settled, then its result taken back: open again, not counted yet.
    expect((await book.score(m.marketId, 1, 0)).statusCode).toBe(200);
    const unsettle = await as('trading').post(`/api/admin/sports/markets/${m.marketId}/unsettle`, {
      reason: 'wrong result',
    });
    expect(unsettle.statusCode).toBe(200);
    expect((await convert(p.token)).statusCode).not.toBe(200);
    // Settled again (lost here), it counts, and the bonus converts.
    expect((await book.score(m.marketId, 1, 0)).statusCode).toBe(200);
    expect((await convert(p.token)).json()).toMatchObject({ status: 'success' });
    expect(await book.cash(p)).toBe(50_000);
    await expectSoundLedger(t.db);
  });

  it('a void takes back only what the bet added, not wagering other bets earned', async () => {
    const p = await bonusHolder('TB-CAP', 300_000);
    // 90,000 wagered on a bet that stands and settles.
    const n = await book.match();
    await book.placed(p, [n.away], { unitStake: 90_000 });
    expect((await book.score(n.marketId, 1, 0)).statusCode).toBe(200);
    expect(await wagered(p.token)).toBe(90_000);
    // A 100,000 single adds only the 10,000 the requirement still needed...
    const m = await book.match();
    await book.placed(p, [m.home], { unitStake: 100_000 });
    expect(await wagered(p.token)).toBe(100_000);
    // ...and its void takes back those 10,000 only, not the 90,000 the settled bet earned.
    await pastPosted(m);
    expect(await wagered(p.token)).toBe(90_000);
    await expectSoundLedger(t.db);
  });
});
