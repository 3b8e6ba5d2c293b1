import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useSecondOperator } from '../../../../test/support/operators.ts';
import { cashoutClient, expectBookAndWalletAgree } from '../../../../test/support/sports-cashout.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

/**
 * A cash-out is final against later results and corrections, so it must not be priced on a result the
 * desk is already correcting: while a correction of a decided leg's result waits for its second
 * operator, the member (who saw the match) knows which way it goes, and a cash-out then would sell
 * the book a leg at the value of a result about to be taken back.
 */
describe.runIf(backendAvailable)('cash-out while a decided leg’s correction waits', () => {
  const { t, newPlayer, as, book } = useSportsBook({ confirmResults: true });
  const second = useSecondOperator(t, 'trading');
  const cash = cashoutClient(t);

  it('no offer and no accept on a leg whose confirmed result a correction is about to change', async () => {
    const p = await newPlayer(100_000);
    const a = await book.match();
    const b = await book.match();
    const betId = await book.placed(p, [a.home, b.home]);
    // Home wins a, entered by one trader and confirmed by another: the double rides on b.
    expect((await book.score(a.marketId, 1, 0)).json()).toMatchObject({ state: 'entered' });
    expect((await second().post(`/api/admin/sports/markets/${a.marketId}/confirm`)).json()).toMatchObject({
      state: 'confirmed',
    });
    const before = await cash.offered(p, betId);
    // The score was wrong: away won. The correction waits for the second trader.
    const proposed = await as('trading').post(`/api/admin/sports/markets/${a.marketId}/correct`, {
      result: { kind: 'score', home: 0, away: 1 },
      reason: 'wrong score entered',
    });
    expect(proposed.statusCode).toBe(200);
    expect((await cash.offer(p, betId)).json()).toMatchObject({
      status: 'refused',
      refusal: 'market_suspended',
    });
    expect((await cash.accept(p, betId, before.offerId)).json()).toMatchObject({
      status: 'refused',
      refusal: 'market_suspended',
    });
    expect(await book.cash(p)).toBe(90_000);
    // Confirmed: the double is lost, and nothing was paid on the wrong result.
    expect((await second().post(`/api/admin/sports/markets/${a.marketId}/confirm`)).statusCode).toBe(200);
    const bet = await book.bet(p, betId);
    expect(bet).toMatchObject({ status: 'settled', settledReturn: 0 });
    expect(await book.cash(p)).toBe(90_000);
    await expectBookAndWalletAgree(t, betId);
    await expectSoundLedger(t.db);
  });
});
