import type { Db } from '../../db/client.ts';
import { expireDelayedBets } from './bets.service.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { flushWallet } from './wallet-sync.ts';

const RESEND_AFTER_MS = 30_000;

export interface SportsMaintenance {
  /** One pass: refuse delayed bets nobody confirmed, send settlement steps the wallet has not answered. */
  runOnce(): Promise<{ expired: number; sent: number; failed: number }>;
  readonly running: boolean;
  stop(): Promise<void>;
}

/**
 * The book's housekeeping, started with the app and stopped when it closes: every `everyMs` it refuses
 * live bets whose delay passed a minute ago without a confirmation (giving their liability back) and
 * resends settlement steps the wallet never answered (a feed import from another process, a wallet
 * outage). Safe in several processes at once: both steps are idempotent. Passes never overlap.
 */
export function sportsMaintenance(
  db: Db,
  wallet: SportsWallet,
  opts: { everyMs: number; onError: (error: unknown) => void },
): SportsMaintenance {
  let current: Promise<unknown> | undefined;
  let stopped = false;
  const runOnce = async () => {
    const expired = await expireDelayedBets(db);
    // Steps younger than this are normally still in their settler's queue: sent once, not twice.
    const { sent, failed } = await flushWallet(db, wallet, undefined, new Date(Date.now() - RESEND_AFTER_MS));
    return { expired, sent, failed };
  };
  const timer = setInterval(() => {
    if (current || stopped) return;
    current = runOnce()
      .catch(opts.onError)
      .finally(() => {
        current = undefined;
      });
  }, opts.everyMs);
  timer.unref();
  return {
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
