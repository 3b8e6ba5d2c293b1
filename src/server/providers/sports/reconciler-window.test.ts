import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { reconciler } from './reconciler.ts';
import { flushWallet } from './wallet-sync.ts';

/**
 * The reconciler settles an open bet a result decides when no settlement reached it. Accumulators with
 * one leg decided and another still to play match its search on every pass and stay open; a window of
 * them (2,000 in a real pass, 2 here) must not hide the bets after them.
 */
describe.runIf(backendAvailable)(
  'sportsbook reconciler: decided bets past a window of undecided ones',
  () => {
    const { t, newPlayer, book } = useSportsBook({ confirmResults: false });

    /** The market's result is older than the reconciler's grace: a settlement that never came would be due. */
    const ageResult = (marketId: number) =>
      t.db.execute(
        sql`update sb_markets set result_at = now() - interval '10 minutes' where id = ${marketId}`,
      );

    it('settles a missed bet that three half-decided doubles stood before', async () => {
      const first = await book.match();
      const later = await book.match();
      for (let i = 0; i < 3; i++) {
        await book.placed(await newPlayer(50_000), [first.home, later.home]);
      }
      const missed = await book.match();
      const p = await newPlayer(50_000);
      const missedBet = await book.placed(p, [missed.home]);

      // The first match is settled as usual (the doubles stay open: the later match is still to play).
      expect((await book.score(first.marketId, 2, 0)).statusCode).toBe(200);
      await ageResult(first.marketId);
      // The missed match's result is in the book, but no run settled its bet (a crash before the run).
      await t.db.execute(
        sql`update sb_markets set result = '{"kind":"score","home":1,"away":0}'::jsonb, result_state = 'confirmed',
            result_source = 'desk', result_at = now() - interval '10 minutes', status = 'settled'
          where id = ${missed.marketId}`,
      );
      const status = async () =>
        (
          await queryRows<{ status: string }>(t.db, sql`select status from sb_bets where id = ${missedBet}`)
        )[0]!.status;
      expect(await status()).toBe('open');

      const reconcileOnce = reconciler(t.db, t.app.sportsWallet, { pendingGraceMs: 5_000, window: 2 });
      for (let pass = 0; pass < 3 && (await status()) === 'open'; pass++) await reconcileOnce();

      expect(await status()).toBe('settled');
      // Its win is paid as the book's maintenance pays every step: 10,000 at 2.0, once.
      await flushWallet(t.db, t.app.sportsWallet);
      expect(await book.cash(p)).toBe(50_000 - 10_000 + 20_000);
      await expectSoundLedger(t.db);
    });
  },
);
