import type { Db, Tx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import { refuseWhileOwing } from '../games/wallet/debts.service.ts';
import { tellMember } from '../inbox/news.service.ts';
import { assertWithdrawalVerified } from '../kyc/kyc.service.ts';
import { InsufficientFunds, transfer } from '../ledger/ledger.service.ts';
import { settleBonusBeforeWithdrawal } from '../promotions/bonus-close.service.ts';
import type { Site } from '../sites/sites.service.ts';
import { checkWithdrawAmount } from './amount-rules.ts';
import { type CashRequest, insertCashRequest, withdrawnWithin } from './cash-requests.repo.ts';
import { assertDeskOpen } from './cashier-hours.ts';
import { type Decider, decideOrExplain } from './decisions.ts';
import { codeReused, pendingRequestExists } from './deposits.service.ts';
import { assertWithinLimits, type OptionLimits } from './payments/option-limits.ts';

const insufficient = (balance: number) =>
  errors.insufficientBalance('the amount is more than the cash balance', {
    balance,
  });

/**
 * How far back a member's withdrawals count together against the verification amount rule
 * (settings.kyc `over`): withdrawals that appear linked are one, or a level-1 member took any sum
 * past the rule in pieces of just under it.
 */
export const LINKED_WITHDRAWALS_MS = 24 * 3_600_000;

/**
 * A member asks to withdraw: the amount moves from cash to held in the same transaction, so it can
 * be neither bet nor withdrawn twice while the operator decides. Refused while the member owes a
 * debt (refuseWhileOwing) and over what the member's verification level allows on this site
 * (assertWithdrawalVerified; its amount rule weighs the withdrawals of the last LINKED_WITHDRAWALS_MS);
 * a repeat of a request made before answers as it did then. While a bonus is active the request is
 * refused unless the member accepts to forfeit it (`forfeitBonus`): then the bonus is forfeited in the
 * same transaction (promotions' settleBonusBeforeWithdrawal).
 */
export async function requestWithdrawal(
  db: Db,
  member: SessionMember,
  site: Site,
  input: {
    amount: number;
    code: string;
    /** The payout option the member chose, when any: a new request must be within its limits. */
    option?: (OptionLimits & { id: number }) | undefined;
    forfeitBonus?: boolean;
  },
): Promise<{ request: CashRequest; replay: boolean }> {
  checkWithdrawAmount(input.amount, site);
  assertDeskOpen(site, 'withdraw');
  return db.transaction(async (tx) => {
    const result = await insertCashRequest(tx, {
      memberId: member.memberId,
      kind: 'withdraw',
      amount: input.amount,
      clientCode: input.code,
      paymentOptionId: input.option?.id,
    });
    if (result.outcome === 'pending-exists') throw pendingRequestExists();
    if (result.outcome === 'code-reused') throw codeReused();
    if (result.outcome === 'replay') return { request: result.request, replay: true };
    // After the replay check: a repeat answers as it did, even if the option's limits changed since.
    if (input.option) assertWithinLimits(input.option, input.amount);
    // The amount rule weighs this request (inserted above) with the day's others: split, they are one.
    const weighed =
      site.settings.kyc?.over === undefined
        ? input.amount
        : await withdrawnWithin(tx, member.memberId, LINKED_WITHDRAWALS_MS);
    await assertWithdrawalVerified(tx, member.memberId, site, weighed);
    await refuseWhileOwing(tx, member.memberId, 'withdrawal');
    await settleBonusBeforeWithdrawal(tx, member.memberId, input.forfeitBonus === true);
    try {
      await transfer(tx, {
        idempotencyKey: `withdraw-hold:${result.request.id}`,
        from: { memberId: member.memberId, kind: 'cash' },
        to: { memberId: member.memberId, kind: 'held' },
        amount: input.amount,
        kind: 'withdraw_hold',
        reference: { cashRequestId: result.request.id },
      });
    } catch (error) {
      if (error instanceof InsufficientFunds) throw insufficient(error.balance);
      throw error;
    }
    return { request: result.request, replay: false };
  });
}

/**
 * Decides a pending withdrawal inside the caller's transaction: approval pays the held amount out to
 * the house payouts account, rejection returns it to the member's cash. One concurrent decider wins.
 * Approval is refused while the member owes a debt, even one that arose after the request
 * (refuseWhileOwing); rejection is always possible.
 */
export async function decideWithdrawal(
  tx: Tx,
  requestId: number,
  status: 'already' | 'cansel',
  decider: Decider,
): Promise<CashRequest> {
  const request = await decideOrExplain(tx, requestId, 'withdraw', status, decider);
  if (status === 'already') await refuseWhileOwing(tx, request.memberId, 'payout');
  const held = { memberId: request.memberId, kind: 'held' } as const;
  await transfer(tx, {
    idempotencyKey: `${status === 'already' ? 'withdraw-pay' : 'withdraw-return'}:${request.id}`,
    from: held,
    to: status === 'already' ? { house: 'house_payouts' } : { memberId: request.memberId, kind: 'cash' },
    amount: request.amount,
    kind: status === 'already' ? 'withdrawal' : 'withdraw_return',
    reference: { cashRequestId: request.id, decidedBy: decider.by },
  });
  if (status === 'already') {
    await tellMember(tx, request.memberId, 'withdrawPaid', { amount: request.amount }, { lasting: true });
  }
  return request;
}

export const approveWithdrawal = (db: Db, requestId: number, decider: Decider) =>
  db.transaction((tx) => decideWithdrawal(tx, requestId, 'already', decider));

export const rejectWithdrawal = (db: Db, requestId: number, decider: Decider) =>
  db.transaction((tx) => decideWithdrawal(tx, requestId, 'cansel', decider));
