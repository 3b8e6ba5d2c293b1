import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { prng } from '../../../../test/support/prng.ts';
import { cashoutClient, expectBookAndWalletAgree } from '../../../../test/support/sports-cashout.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { verifyBet } from '../../../../tools/sports-verify.ts';
import { queryRows } from '../../db/client.ts';
import { reconciler } from './reconciler.ts';
import { flushWallet } from './wallet-sync.ts';

const SEED = Number(process.env.SPORTS_CASHOUT_SEED ?? 30);

/**
 * Accepting a cash-out races everything else that can end or change a bet (docs/sportsbook.md,
 * "Cash-out"): 200 concurrent calls over 8 bets, each bet's 25 being full and partial accepts of the
 * same and of different offers, its market's result, its suspension, a price move and a bet stop, in a
 * seeded order. Each bet must end at most once (a result or a cash-out), every accepted cash-out paid
 * exactly what it answered, and the book, its proofs and the wallet agree.
 */
describe.runIf(backendAvailable && isPostgres)('cash-out under concurrency (PostgreSQL)', () => {
  const { t, newPlayer, as, book } = useSportsBook(
    { confirmResults: false, cashoutMarginBp: 500, cashoutOfferSeconds: 60 },
    { loginMaxFailuresPerAddress: 1000 },
  );
  const co = cashoutClient(t);

  it(`200 attempts racing a result, a bet stop, a price move and a second accept (seed ${SEED})`, async () => {
    const random = prng(SEED);
    const bets = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const p = await newPlayer(100_000);
        const m = await book.match();
        const betId = await book.placed(p, [m.home]);
        const offers = [await co.offered(p, betId), await co.offered(p, betId), await co.offered(p, betId)];
        return { p, m, betId, offers };
      }),
    );
    type Op = { bet: number; run: () => Promise<{ json(): Record<string, unknown> } | unknown> };
    const ops: Op[] = [];
    bets.forEach((b, i) => {
      const desk = as('trading');
      ops.push({ bet: i, run: () => book.score(b.m.marketId, 1, 0) });
      ops.push({
        bet: i,
        run: () => desk.post(`/api/admin/sports/markets/${b.m.marketId}/status`, { open: false }),
      });
      ops.push({
        bet: i,
        run: () =>
          desk.post(`/api/admin/sports/markets/${b.m.marketId}/prices`, {
            prices: [{ key: 'home', price: '2.2' }],
          }),
      });
      ops.push({
        bet: i,
        run: () =>
          desk.post(`/api/admin/sports/events/${b.m.eventId}/state`, {
            betStopAt: new Date(Date.now() - 1_000).toISOString(),
          }),
      });
      for (let k = 0; k < 21; k++) {
        const offer = b.offers[Math.floor(random() * b.offers.length)]!;
        const kind = random();
        const more =
          kind < 0.4 ? {} : kind < 0.8 ? { part: 1_000 + Math.floor(random() * 3_000) } : { minAmount: 0 };
        ops.push({ bet: i, run: () => co.accept(b.p, b.betId, offer.offerId, more) });
      }
    });
    for (let i = ops.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ops[i], ops[j]] = [ops[j]!, ops[i]!];
    }
    expect(ops.length).toBe(200);
    const answers = await Promise.all(ops.map((op) => op.run()));

    await flushWallet(t.db, t.app.sportsWallet);
    for (const [i, b] of bets.entries()) {
      const mine = answers
        .filter((_, k) => ops[k]!.bet === i)
        .map((a) => (a as { json(): Record<string, unknown> }).json())
        .filter((a) => 'paid' in a && a.status === 'success') as { bet: string; paid: number }[];
      const row = await expectBookAndWalletAgree(t, b.betId);
      const full = mine.filter((a) => a.bet === 'cashed_out');
      expect(full.length).toBeLessThanOrEqual(1);
      const steps = await queryRows<{ kind: string; amount: number }>(
        t.db,
        sql`select kind, amount from sb_settlements where bet_id = ${b.betId} order by seq`,
      );
      // Each success answered is one cash-out step of the amount it said, and nothing else paid the bet out.
      expect(
        steps
          .filter((s) => s.kind.startsWith('cashout'))
          .map((s) => Number(s.amount))
          .sort(),
      ).toEqual(mine.map((a) => a.paid).sort());
      if (row.status === 'cashed_out') {
        expect(full.length).toBe(1);
        expect(steps.filter((s) => s.kind === 'settle' || s.kind === 'void')).toEqual([]);
      } else {
        expect(full).toEqual([]);
        expect(row.status).toBe('settled');
        expect(steps.filter((s) => s.kind === 'settle').length).toBe(1);
      }
      expect((await verifyBet(t.db, b.betId)).problems).toEqual([]);
      const paid = mine.reduce((sum, a) => sum + a.paid, 0);
      const settled = row.status === 'settled' ? Number(row.settled_return) : 0;
      expect(await book.cash(b.p)).toBe(100_000 - 10_000 + paid + settled);
    }
    await reconciler(t.db, t.app.sportsWallet, { pendingGraceMs: 5_000 })();
    const findings = await queryRows<{ bet_id: number; kind: string }>(
      t.db,
      sql`select bet_id, kind from sb_reconcile_findings
          where bet_id = any(${`{${bets.map((b) => b.betId).join(',')}}`}::int8[])`,
    );
    expect(findings).toEqual([]);
    await expectSoundLedger(t.db);
  });
});
