import { MSG, type MsgKey } from './messages.ts';

/**
 * SPEC §5 and §9: deposits and withdrawals are at least 10000, in steps of 10000. Written once: the site
 * checks before sending, the server checks again with the same functions.
 */
export const CASH_STEP = 10_000;
export const CASH_MINIMUM = 10_000;

/** The deposit rules in SPEC §5's order: > 0 (msg2007), ≥ the minimum (msg2008), a multiple of the step (msg2009). */
export function depositProblem(amount: number): MsgKey | null {
  if (!(amount > 0)) return MSG.depositPositive;
  if (amount < CASH_MINIMUM) return MSG.depositMinimum;
  if (!isWholeSteps(amount)) return MSG.depositStep;
  return null;
}

/** The withdrawal rules in SPEC §5's order: a multiple of the step (msg2013), then ≥ the minimum (msg2014). */
export function withdrawProblem(amount: number): MsgKey | null {
  if (!isWholeSteps(amount)) return MSG.withdrawStep;
  if (amount < CASH_MINIMUM) return MSG.withdrawMinimum;
  return null;
}

function isWholeSteps(amount: number): boolean {
  return Number.isInteger(amount) && amount % CASH_STEP === 0;
}
