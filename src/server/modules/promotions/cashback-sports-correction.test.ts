import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { onlyCashback } from '../../../../test/support/promotions.ts';
import { memberCurrency } from '../../../../test/support/sports.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { payCashbacks } from './cashback.service.ts';

/**
 * A sports bet lost in a period already paid its cashback, then resettled as a win by the trading
 * desk: the cashback on a loss that never happened is taken back, once (the desk's routes over HTTP).
 */
describe.runIf(backendAvailable)('promotions: cashback after the trading desk corrects a result', () => {
  const { t, newPlayer, as, book } = useSportsBook({ confirmResults: false });

  it('a losing bet resettled as a win takes its cashback back', async () => {
    const p = await newPlayer(100_000);
    await onlyCashback(t.db, as('owner'), { currency: await memberCurrency(t, p.memberId) });
    const m = await book.match();
    await book.placed(p, [m.away], { unitStake: 100_000 });
    expect((await book.score(m.marketId, 1, 0)).statusCode).toBe(200);
    expect(await book.cash(p)).toBe(0);
    // All of it yesterday: the period has ended and is paid, 10 % of the 100,000 lost.
    await t.db.execute(sql`update member_play_days set day = day - 1 where member_id = ${p.memberId}`);
    await t.db.execute(
      sql`update game_rounds set opened_at = opened_at - interval '1 day' where member_id = ${p.memberId}`,
    );
    await payCashbacks(t.db);
    expect(await book.cash(p)).toBe(10_000);

    // The desk finds the result was 0-1: the bet won 400,000 at 4.0.
    const corrected = await book.correct(m.marketId, { kind: 'score', home: 0, away: 1 }, 'wrong score');
    expect(corrected.statusCode).toBe(200);
    expect(await book.cash(p)).toBe(410_000);
    await payCashbacks(t.db);
    await payCashbacks(t.db);
    expect(await book.cash(p)).toBe(400_000);
    const corrections = await queryRows<{ amount: number }>(
      t.db,
      sql`select k.amount from promo_cashback_corrections k
          join promo_cashback_payments c on c.id = k.payment_id where c.member_id = ${p.memberId}`,
    );
    expect(corrections.map((k) => Number(k.amount))).toEqual([-10_000]);
    await expectSoundLedger(t.db);
  });
});
