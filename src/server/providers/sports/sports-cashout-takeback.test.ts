import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { cashoutClient, expectBookAndWalletAgree } from '../../../../test/support/sports-cashout.ts';
import { useSportsBook } from '../../../../test/support/sports-desk.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { verifyBet } from '../../../../tools/sports-verify.ts';
import { queryRows } from '../../db/client.ts';
import { cancelUndecidedBetsOf, rollbackLegVoids, voidWindowIn } from './leg-voids.ts';
import { workRun } from './settlement-runs.ts';

/**
 * A void of a leg takes back the bet's cash-outs (cashout-takeback.ts): the edges around it. A member's
 * break leaves cash-outs alone, a bet already settled on its rest is taken back too, a rollback of the
 * cancel gives the cash-outs back, sports:verify counts only what stands, and a void run takes its
 * selections in the book's lock order.
 */
describe.runIf(backendAvailable)('sportsbook: cash-outs and the voids that take them back', () => {
  const { t, newPlayer, as, book } = useSportsBook({
    confirmResults: false,
    cashoutMarginBp: 500,
    cashoutOfferSeconds: 10,
    cancelWindowMinutes: 60,
  });
  const co = cashoutClient(t);
  /** The feed's bet_cancel of a market's bets placed in [from, to), settled at once as the adapter does. */
  const feedCancel = async (marketId: number, from: Date, to: Date) => {
    const done = await t.db.transaction((tx) =>
      voidWindowIn(tx, { marketId }, from, to, { reason: 'feed: bet_cancel' }, 'feed'),
    );
    await workRun(t.db, t.app.sportsWallet, done.runId!);
  };
  /** The feed's rollback_bet_cancel of that window: its cancel was a mistake. */
  const feedRollback = (marketId: number, from: Date, to: Date) =>
    rollbackLegVoids(
      t.db,
      t.app.sportsWallet,
      { marketId },
      from,
      to,
      {
        reason: 'feed: rollback_bet_cancel',
      },
      'feed',
    );
  const prices = (marketId: number, home: string) =>
    as('trading').post(`/api/admin/sports/markets/${marketId}/prices`, {
      prices: [{ key: 'home', price: home }],
    });

  it('a rollback_bet_cancel after a take-back gives the member back the cash-out they took', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const from = new Date(Date.now() - 1_000);
    const betId = await book.placed(p, [m.home]);
    const offer = await co.offered(p, betId);
    expect((await co.accept(p, betId, offer.offerId)).json()).toMatchObject({ bet: 'cashed_out' });
    expect(await book.cash(p)).toBe(90_000 + offer.amount);
    // The feed cancels the market's bets, then takes the cancel back (its cancel was a mistake).
    const to = new Date(Date.now() + 60_000);
    await feedCancel(m.marketId, from, to);
    expect(await book.cash(p)).toBe(100_000);
    await feedRollback(m.marketId, from, to);
    // As before the mistaken cancel: the bet cashed out, the member holding the cash-out.
    const bet = await book.bet(p, betId);
    expect({ status: bet.status, cash: await book.cash(p) }).toEqual({
      status: 'cashed_out',
      cash: 90_000 + offer.amount,
    });
    await expectBookAndWalletAgree(t, betId);
    expect((await verifyBet(t.db, betId)).problems).toEqual([]);
    await expectSoundLedger(t.db);
  });

  it('a rollback of the cancel gives back a partial cash-out: the bet rides on its rest again', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const from = new Date(Date.now() - 1_000);
    const betId = await book.placed(p, [m.home]);
    const offer = await co.offered(p, betId);
    const taken = (await co.accept(p, betId, offer.offerId, { part: 4_000 })).json();
    expect(taken).toMatchObject({ status: 'success', bet: 'open', stake: 6_000 });
    const to = new Date(Date.now() + 60_000);
    await feedCancel(m.marketId, from, to);
    expect(await book.cash(p)).toBe(100_000);
    await feedRollback(m.marketId, from, to);
    expect(await book.cash(p)).toBe(90_000 + taken.paid);
    expect(await expectBookAndWalletAgree(t, betId)).toMatchObject({
      status: 'open',
      total_stake: 6_000,
      cashout_stake: 4_000,
    });
    // The rest settles on its result: 6,000 at 2.0.
    expect((await book.score(m.marketId, 1, 0)).statusCode).toBe(200);
    expect(await book.cash(p)).toBe(90_000 + taken.paid + 12_000);
    expect(await expectBookAndWalletAgree(t, betId)).toMatchObject({ status: 'settled' });
    await expectSoundLedger(t.db);
  });

  it('a member break does not take back a partial cash-out taken at a loss', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const betId = await book.placed(p, [m.home]);
    // The bet is going badly: home drifts to 6.0; the member cuts their loss on 6,000 of the stake.
    expect((await prices(m.marketId, '6.0')).statusCode).toBe(200);
    const offer = await co.offered(p, betId);
    const taken = (await co.accept(p, betId, offer.offerId, { part: 6_000 })).json();
    expect(taken).toMatchObject({ status: 'success', bet: 'open' });
    expect(taken.paid).toBeLessThan(6_000);
    // Then takes a break: the open, undecided bet is cancelled (its rest, 4,000, paid back).
    await cancelUndecidedBetsOf(t.db, t.app.sportsWallet, String(p.memberId), 'player protection: break');
    // A break is never a way out of a bet going badly: the loss the member took stands.
    expect(await book.cash(p)).toBe(90_000 + taken.paid + 4_000);
  });

  it('partial cash-outs of a past-posted bet are taken back even once the rest has settled', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const from = new Date(Date.now() - 1_000);
    const betId = await book.placed(p, [m.home]);
    expect((await prices(m.marketId, '1.1')).statusCode).toBe(200);
    // Nearly all of it cashed out (a sliver of 1 left, so the bet is never "cashed out whole").
    const offer = await co.offered(p, betId);
    const taken = (await co.accept(p, betId, offer.offerId, { part: 9_999 })).json();
    expect(taken).toMatchObject({ status: 'success', bet: 'open' });
    // The match ends before the desk finds the past-posting.
    expect((await book.score(m.marketId, 0, 1)).statusCode).toBe(200);
    expect((await book.bet(p, betId)).status).toBe('settled');
    expect((await book.cancelWindow(m.eventId, { from })).statusCode).toBe(200);
    // Same as the whole cash-out the commit takes back: the member is back where they were.
    expect(await book.cash(p)).toBe(100_000);
  });

  it('sports:verify reports the money a bet paid, not a cash-out taken back', async () => {
    const p = await newPlayer(100_000);
    const m = await book.match();
    const from = new Date(Date.now() - 1_000);
    const betId = await book.placed(p, [m.home]);
    const offer = await co.offered(p, betId);
    expect((await co.accept(p, betId, offer.offerId)).json()).toMatchObject({ bet: 'cashed_out' });
    expect((await book.cancelWindow(m.eventId, { from })).statusCode).toBe(200);
    expect(await book.cash(p)).toBe(100_000);
    const v = await verifyBet(t.db, betId);
    expect(v.problems).toEqual([]);
    expect(v.amount).toBe(10_000);
  });

  it('a multiple taken back, cashed out in part again, then its other leg voided: book, wallet and ledger agree', async () => {
    const p = await newPlayer(100_000);
    const a = await book.match();
    const b = await book.match();
    const from = new Date(Date.now() - 1_000);
    const betId = await book.placed(p, [a.home, b.home]);
    const offer = await co.offered(p, betId);
    expect((await co.accept(p, betId, offer.offerId)).json()).toMatchObject({ bet: 'cashed_out' });
    expect((await book.cancelWindow(a.eventId, { from, marketId: a.marketId })).statusCode).toBe(200);
    expect(await book.cash(p)).toBe(90_000);
    const again = await co.offered(p, betId);
    const taken = (await co.accept(p, betId, again.offerId, { part: 4_000 })).json();
    expect(taken).toMatchObject({ status: 'success', bet: 'open' });
    expect((await book.cancelWindow(b.eventId, { from, marketId: b.marketId })).statusCode).toBe(200);
    expect(await book.cash(p)).toBe(100_000);
    expect(await expectBookAndWalletAgree(t, betId)).toMatchObject({ status: 'void' });
    const { reconciler } = await import('./reconciler.ts');
    await reconciler(t.db, t.app.sportsWallet, { pendingGraceMs: 5_000 })();
    expect(
      await queryRows(t.db, sql`select kind from sb_reconcile_findings where bet_id = ${betId}`),
    ).toEqual([]);
    const [round] = await queryRows<{
      total_bet: number;
      total_win: number;
      status: string;
      has_win: boolean;
    }>(
      t.db,
      sql`select total_bet, total_win, status, has_win from game_rounds where round_id = ${`sb-${betId}`}`,
    );
    expect(round).toBeDefined();
  });

  it.runIf(isPostgres)(
    'a void run takes its selections in the book lock order (no deadlock with a placement)',
    async () => {
      const p = await newPlayer(100_000);
      const m = await book.match();
      const from = new Date(Date.now() - 1_000);
      // `home` sorts before `away`. A cashed out on away; B open on home.
      const a = await book.placed(p, [m.away]);
      const offer = await co.offered(p, a);
      expect((await co.accept(p, a, offer.offerId)).json()).toMatchObject({ bet: 'cashed_out' });
      await book.placed(p, [m.home]);
      const to = new Date(Date.now() + 60_000);
      const done = await t.db.transaction((tx) =>
        voidWindowIn(tx, { eventId: m.eventId }, from, to, { reason: 'past-posting' }, 'desk_window'),
      );
      // Another transaction takes home then away, in the book's order (as a placement of both would).
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const homeLocked = new Promise<void>((r) => {
        locked = r;
      });
      let blockerError: unknown;
      const blocker = t.db
        .transaction(async (tx) => {
          await tx.execute(sql`set local deadlock_timeout = '20ms'`);
          await tx.execute(sql`select id from sb_selections where id = ${m.home.id} for update`);
          locked();
          await gate;
          await tx.execute(sql`select id from sb_selections where id = ${m.away.id} for update`);
        })
        .catch((e: unknown) => {
          blockerError = e;
        });
      await homeLocked;
      const run = workRun(t.db, t.app.sportsWallet, done.runId!);
      // Wait until the run waits on a lock (home), then the blocker goes on to away.
      for (let i = 0; i < 200; i++) {
        const [row] = await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database()
                and wait_event_type = 'Lock' and query ilike '%sb_selections%'`,
        );
        if (Number(row!.n) > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      release();
      await blocker;
      await run;
      expect(String((blockerError as Error | undefined)?.message ?? blockerError ?? '')).not.toMatch(
        /deadlock/,
      );
      expect(blockerError).toBeUndefined();
    },
  );
});
