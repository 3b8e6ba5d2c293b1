import { CASH_MINIMUM, CASH_STEP, depositProblem, withdrawProblem } from '../../../shared/cash-amounts.ts';
import { MSG, type MsgKey } from '../../../shared/messages.ts';
import { errors } from '../../http/errors.ts';

/** English reasons for logs and tools; the rules themselves live in src/shared/cash-amounts.ts. */
const REASONS: Partial<Record<MsgKey, string>> = {
  [MSG.depositPositive]: 'the deposit must be more than 0',
  [MSG.depositMinimum]: `the minimum deposit is ${CASH_MINIMUM}`,
  [MSG.depositStep]: `deposits are made in steps of ${CASH_STEP}`,
  [MSG.withdrawStep]: `withdrawals are made in steps of ${CASH_STEP}`,
  [MSG.withdrawMinimum]: `the minimum withdrawal is ${CASH_MINIMUM}`,
};

function refuse(problem: MsgKey | null): void {
  if (problem) throw errors.invalid(REASONS[problem] ?? 'the amount is not allowed', problem);
}

export const checkDepositAmount = (amount: number): void => refuse(depositProblem(amount));
export const checkWithdrawAmount = (amount: number): void => refuse(withdrawProblem(amount));
