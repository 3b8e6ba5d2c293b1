import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/jobs.ts';
import { abandonOverdueEvents } from './abandonment.ts';
import { expireDelayedBets } from './bets.service.ts';
import { runAutoCashouts } from './cashout.service.ts';
import { type ReconcileReport, reconciler } from './reconciler.ts';
import { workPendingRuns } from './settlement-runs.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { flushWallet } from './wallet-sync.ts';

const RESEND_AFTER_MS = 30_000;

export interface SportsMaintenance {
  /** Starts a pass in this process now unless one is running (once the app listens: a restart resumes at once). */
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
 * The book's housekeeping, a periodic job (jobs/jobs.ts: once per `everyMs` across all processes,
 * stopped when the app closes): it refuses live bets whose delay passed a minute ago without a
 * confirmation (giving their liability back), cancels postponed events past the book's limit, works
 * settlement runs left unfinished (a crash, another process), resends settlement steps the wallet
 * never answered, and runs the reconciler. Every step stays idempotent or leased, so a pass that runs
 * beside another (a kick at start, a slow pass overtaken by the next period's, a retry after a crash)
 * does nothing twice. Passes never overlap in one process.
 */
export function sportsMaintenance(
  db: Db,
  wallet: SportsWallet,
  opts: { everyMs: number; jobs: JobRunner; onError: (error: unknown) => void },
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
  /** This process's pass: the one running if there is one, else a new one. */
  const pass = () => {
    if (stopped) return Promise.resolve();
    current ??= runOnce().finally(() => {
      current = undefined;
    });
    return current;
  };
  // The job's run fails (logged, retried by the job runner) when the pass throws.
  opts.jobs.every('sports-maintenance', opts.everyMs, pass, { retryLimit: 1 });
  return {
    kick: () => void pass().catch(opts.onError),
    runOnce,
    get running() {
      return !stopped;
    },
    async stop() {
      stopped = true;
      await current?.catch(() => undefined);
    },
  };
}
