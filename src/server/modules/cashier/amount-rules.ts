import { type CashRules, depositProblem, withdrawProblem } from '../../../shared/cash-amounts.ts';
import { MSG, type MsgKey } from '../../../shared/messages.ts';
import { errors } from '../../http/errors.ts';
import { siteCashRules } from '../sites/site-money.ts';
import type { Site } from '../sites/sites.service.ts';

/** English reasons for logs and tools; the rules themselves live in src/shared/cash-amounts.ts. */
const reasons = (rules: CashRules): Partial<Record<MsgKey, string>> => ({
  [MSG.depositPositive]: 'the deposit must be more than 0',
  [MSG.depositMinimum]: `the minimum deposit is ${rules.minimum} minor units`,
  [MSG.depositStep]: `deposits are made in steps of ${rules.step} minor units`,
  [MSG.withdrawStep]: `withdrawals are made in steps of ${rules.step} minor units`,
  [MSG.withdrawMinimum]: `the minimum withdrawal is ${rules.minimum} minor units`,
});

/** A refusal names the site's minimum and step (minor units) for the message's placeholders. */
function refuse(problem: MsgKey | null, rules: CashRules, currency: string): void {
  if (problem) {
    throw errors.invalid(reasons(rules)[problem] ?? 'the amount is not allowed', problem, {
      minimum: rules.minimum,
      step: rules.step,
      currency,
    });
  }
}

export function checkDepositAmount(amount: number, site: Site): void {
  const rules = siteCashRules(site);
  refuse(depositProblem(amount, rules), rules, site.currency);
}

export function checkWithdrawAmount(amount: number, site: Site): void {
  const rules = siteCashRules(site);
  refuse(withdrawProblem(amount, rules), rules, site.currency);
}
