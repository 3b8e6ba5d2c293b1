import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { tellSettledWins } from './settled-news.ts';
import type { SportsWallet, WalletAnswer } from './sports-wallet.ts';
import { sendStep, type UnpaidStep } from './wallet-step.ts';

/** Calls in flight at once: enough to fill the wallet's batches, few enough not to queue in it. */
export const PAYOUT_WORKERS = 64;
/** Paid marks are written this many at a time, off the senders' path. */
const MARK_EVERY = 500;

export interface PayoutQueue {
  /** Adds one bet's unpaid steps, oldest first: they go out in that order, one after another. */
  push(steps: UnpaidStep[]): void;
  /** Steps pushed and not yet answered: the producer waits while too many are. */
  readonly pending: number;
  /** Resolves once the pending count is under `below`. */
  roomFor(below: number): Promise<void>;
  /** Sends what is left, writes the last paid marks, and answers the totals. */
  drain(): Promise<{ sent: number; failed: number }>;
}

/**
 * A continuous stream of settlement steps to the wallet: a fixed set of senders takes the next bet as
 * soon as it has answered the last, so no page ends with a tail of idle senders waiting for the
 * slowest call (the barrier a page-by-page flush had). Paid marks are written in batches while the
 * senders carry on; a step answered but not yet marked (a crash just now) is sent again later, and
 * the wallet answers the repeat with its stored reply.
 */
export function payoutQueue(db: Db, wallet: SportsWallet, workers = PAYOUT_WORKERS): PayoutQueue {
  const bets: UnpaidStep[][] = [];
  let head = 0;
  let pending = 0;
  let sent = 0;
  let failed = 0;
  let paid: number[] = [];
  let marking: Promise<unknown> = Promise.resolve();
  let markError: unknown;
  let closed = false;
  let wakeSenders: (() => void)[] = [];
  let waiters: { below: number; resolve: () => void }[] = [];

  const mark = () => {
    if (paid.length === 0) return;
    const ids = paid;
    paid = [];
    // One statement at a time, in order: a later mark never races an earlier one.
    marking = marking.then(() =>
      queryRows<{ id: number }>(
        db,
        sql`update sb_settlements set paid = true where id = any(${intArray(ids)}::int8[]) and not paid
            returning id`,
      )
        // The winners hear of it on screen, once (a step marked before is not told again; best effort).
        .then((marked) =>
          tellSettledWins(
            db,
            marked.map((row) => Number(row.id)),
          ).catch(() => undefined),
        )
        .catch((error: unknown) => {
          markError = error;
        }),
    );
  };
  const settleWaiters = () => {
    const ready = waiters.filter((w) => pending < w.below);
    waiters = waiters.filter((w) => pending >= w.below);
    for (const w of ready) w.resolve();
  };
  const sender = async () => {
    for (;;) {
      if (head < bets.length) {
        const steps = bets[head]!;
        bets[head++] = [];
        for (let i = 0; i < steps.length; i++) {
          const s = steps[i]!;
          const answer = await sendStep(wallet, s).catch((): WalletAnswer => ({ status: 'error' }));
          // Not applied: the bet's later steps wait, and the housekeeping pass sends them again.
          if (answer.status !== 'success') {
            failed++;
            pending -= steps.length - i;
            break;
          }
          sent++;
          pending--;
          paid.push(Number(s.id));
          if (paid.length >= MARK_EVERY) mark();
        }
        settleWaiters();
        continue;
      }
      if (closed) return;
      await new Promise<void>((resolve) => wakeSenders.push(resolve));
    }
  };
  const started = Array.from({ length: workers }, sender);

  return {
    push(steps) {
      if (steps.length === 0) return;
      // Compact now and then so a long stream does not keep every answered bet's slot.
      if (head > 4096) {
        bets.splice(0, head);
        head = 0;
      }
      bets.push(steps);
      pending += steps.length;
      const wake = wakeSenders.shift();
      wake?.();
    },
    get pending() {
      return pending;
    },
    roomFor(below) {
      if (pending < below) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ below, resolve }));
    },
    async drain() {
      closed = true;
      for (const wake of wakeSenders) wake();
      wakeSenders = [];
      await Promise.all(started);
      mark();
      await marking;
      if (markError) throw markError;
      return { sent, failed };
    },
  };
}
