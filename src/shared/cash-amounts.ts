import { MSG, type MsgKey } from './messages.ts';

/**
 * SPEC §5 and §9: deposits and withdrawals are at least 10000, in steps of 10000: in major units of the
 * site's currency, each site may set its own (settings `cash`, sites/site-money.ts). Written once: the
 * site checks before sending, the server checks again with the same functions.
 */
export const CASH_STEP = 10_000;
export const CASH_MINIMUM = 10_000;

/** A site's deposit and withdrawal amounts, in minor units of its currency. */
export interface CashRules {
  minimum: number;
  step: number;
}

/** The spec's numbers as they are for a currency without decimals (KRW). */
export const SPEC_CASH_RULES: CashRules = { minimum: CASH_MINIMUM, step: CASH_STEP };

/** The deposit rules in SPEC §5's order: > 0 (msg2007), ≥ the minimum (msg2008), a multiple of the step (msg2009). */
export function depositProblem(amount: number, rules: CashRules = SPEC_CASH_RULES): MsgKey | null {
  if (!(amount > 0)) return MSG.depositPositive;
  if (amount < rules.minimum) return MSG.depositMinimum;
  if (!isWholeSteps(amount, rules)) return MSG.depositStep;
  return null;
}

/** The withdrawal rules in SPEC §5's order: a multiple of the step (msg2013), then ≥ the minimum (msg2014). */
export function withdrawProblem(amount: number, rules: CashRules = SPEC_CASH_RULES): MsgKey | null {
  if (!isWholeSteps(amount, rules)) return MSG.withdrawStep;
  if (amount < rules.minimum) return MSG.withdrawMinimum;
  return null;
}

function isWholeSteps(amount: number, rules: CashRules): boolean {
  return Number.isInteger(amount) && amount % rules.step === 0;
}
