import { MSG } from '../../../shared/messages.ts';
import { invalid } from '../../http/api-error.ts';

/** SPEC §9: deposits and withdrawals are at least 10000, in steps of 10000. */
export const CASH_STEP = 10_000;
export const CASH_MINIMUM = 10_000;

/** SPEC §5, in its order: > 0 (msg2007), ≥ 10000 (msg2008), a multiple of 10000 (msg2009). */
export function checkDepositAmount(amount: number): void {
  if (!(amount > 0)) throw invalid('the deposit must be more than 0', MSG.depositPositive);
  if (amount < CASH_MINIMUM) throw invalid(`the minimum deposit is ${CASH_MINIMUM}`, MSG.depositMinimum);
  if (!Number.isInteger(amount) || amount % CASH_STEP !== 0) {
    throw invalid(`deposits are made in steps of ${CASH_STEP}`, MSG.depositStep);
  }
}

/** SPEC §5: a multiple of 10000 (msg2013) and at least 10000 (msg2014). */
export function checkWithdrawAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount % CASH_STEP !== 0) {
    throw invalid(`withdrawals are made in steps of ${CASH_STEP}`, MSG.withdrawStep);
  }
  if (amount < CASH_MINIMUM) throw invalid(`the minimum withdrawal is ${CASH_MINIMUM}`, MSG.withdrawMinimum);
}
