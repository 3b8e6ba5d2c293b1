import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import type { JobRunner } from './jobs/jobs.ts';
import { CLEAR_EXPIRED_EVERY_MS, clearExpiredAttempts } from './modules/accounts/attempt-limits.ts';
import type { PaymentProvider } from './modules/cashier/payments/provider.ts';
import { expirePaymentSessions } from './modules/cashier/payments/session-expiry.ts';
import { expireBonuses } from './modules/promotions/bonus-close.service.ts';
import { payCashbacks } from './modules/promotions/cashback.service.ts';
import { levelUpSweep } from './modules/promotions/vip.service.ts';

/**
 * The sweeps, each once per period across all app processes (jobs/jobs.ts): card and coin payments
 * left open expire by themselves (the site's paymentSessionMinutes); bonuses past their end go back to
 * the promotions expense; cashback campaigns pay each ended period's net losses, once per member;
 * members whose wagering reached a higher level rise to it, with its level-up bonus (issue 36); login
 * and code counters whose window ended an hour ago are deleted. Each
 * still claims its rows with locks or unique keys, so a run repeated after a crash does nothing twice.
 */
export function scheduleHousekeeping(
  jobs: JobRunner,
  db: Db,
  paymentProviders: ReadonlyMap<string, PaymentProvider>,
  log: FastifyBaseLogger,
): void {
  jobs.every('payment-session-sweep', 60_000, () => expirePaymentSessions(db, paymentProviders));
  jobs.every('bonus-expiry-sweep', 60_000, () => expireBonuses(db));
  // A member whose payout or level-up throws is logged and the sweep goes on with the others.
  jobs.every('cashback-payout', 300_000, () =>
    payCashbacks(db, (err, where) => log.error({ err, ...where }, 'cashback of a member failed')),
  );
  jobs.every('attempt-limits-sweep', CLEAR_EXPIRED_EVERY_MS, () => clearExpiredAttempts(db));
  jobs.every('level-up-sweep', 300_000, () =>
    levelUpSweep(db, (err, where) => log.error({ err, ...where }, 'level-up of a member failed')),
  );
}
