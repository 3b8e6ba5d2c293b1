import type { Db } from '../../db/client.ts';
import { abandonOverdueEvents } from './abandonment.ts';
import { expireDelayedBets } from './bets.service.ts';
import { runAutoCashouts } from './cashout.service.ts';
import { type ReconcileReport, reconciler } from './reconciler.ts';
import { workPendingRuns } from './settlement-runs.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { flushWallet } from './wallet-sync.ts';

const RESEND_AFTER_MS = 30_000;

export interface SportsMaintenance {
  /** Starts a pass now unless one is running (the app does so once it listens: a restart resumes at once). */
  kick(): void;
  /** One pass (see sportsMaintenance). */
  runOnce(): Promise<{
    expired: number;
    sent: number;
    failed: number;
    settled: number;
    abandoned: number;
    reconciled: ReconcileReport;
  }>;
  readonly running: boolean;
  stop(): Promise<void>;
}

/**
 * The book's housekeeping, started with the app and stopped when it closes; every `everyMs` it refuses live
 * bets whose delay passed a minute ago without a confirmation (giving their liability back), cancels
 * postponed events past the book's limit, works settlement runs left unfinished (a crash, another
 * process), resends settlement steps the wallet never answered, and runs the reconciler. Safe in
 * several processes at once: every step is idempotent or leased. Passes never overlap.
 */
export function sportsMaintenance(
  db: Db,
  wallet: SportsWallet,
  opts: { everyMs: number; onError: (error: unknown) => void },
): SportsMaintenance {
  let current: Promise<unknown> | undefined;
  let stopped = false;
  const reconcile = reconciler(db, wallet, { pendingGraceMs: Math.max(5_000, 3 * opts.everyMs) });
  const runOnce = async () => {
    const expired = await expireDelayedBets(db);
    const abandoned = await abandonOverdueEvents(db);
    const settled = await workPendingRuns(db, wallet);
    // Automatic cash-outs whose value reached the member's amount (cashout.service.ts).
    await runAutoCashouts(db, wallet);
    // Steps younger than this are normally still in their settler's queue: sent once, not twice.
    const { sent, failed } = await flushWallet(db, wallet, undefined, new Date(Date.now() - RESEND_AFTER_MS));
    const reconciled = await reconcile();
    return { expired, sent, failed, settled, abandoned, reconciled };
  };
  const pass = () => {
    if (current || stopped) return;
    current = runOnce()
      .catch(opts.onError)
      .finally(() => {
        current = undefined;
      });
  };
  const timer = setInterval(pass, opts.everyMs);
  timer.unref();
  return {
    kick: pass,
    runOnce,
    get running() {
      return !stopped;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
