import { MSG } from '../../../shared/messages.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import { tellMember } from '../inbox/news.service.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { grantForDeposit, optInAtDeposit } from '../promotions/grants.service.ts';
import { addDepositToPlayDay, assertDepositWithinLimits } from '../protection/limits.service.ts';
import { assertMayPlay } from '../protection/protection.service.ts';
import type { Site } from '../sites/sites.service.ts';
import { checkDepositAmount } from './amount-rules.ts';
import { type CashRequest, insertCashRequest } from './cash-requests.repo.ts';
import { assertDeskOpen } from './cashier-hours.ts';
import { type Decider, decideOrExplain } from './decisions.ts';
import { stillPayableDeposits } from './payments/still-payable.ts';

export const pendingRequestExists = () =>
  errors.waiting('a request of this kind is already waiting', MSG.pendingRequest, {
    ms: 'time',
  });

export const codeReused = () => errors.duplicate('this code was used for a different request');

export interface DepositInput {
  amount: number;
  code: string;
  paymentOptionId?: number;
  /** 'reg' while a payment provider holds it. */
  status?: 'wait' | 'reg';
  /** The promotion campaign the member opts into: its bonus is granted when the deposit is approved. */
  promo?: number;
}

/**
 * A member asks to deposit: no money moves until an operator or the payment provider confirms.
 * Run it inside a transaction: the protection check holds the member row until the request commits.
 */
export async function requestDeposit(
  db: DbOrTx,
  member: SessionMember,
  site: Site,
  input: DepositInput,
): Promise<{ request: CashRequest; replay: boolean }> {
  checkDepositAmount(input.amount, site);
  await assertMayPlay(db, member.memberId);
  assertDeskOpen(site, 'deposit');
  const result = await insertCashRequest(db, {
    memberId: member.memberId,
    kind: 'deposit',
    amount: input.amount,
    clientCode: input.code,
    status: input.status,
    paymentOptionId: input.paymentOptionId,
  });
  if (result.outcome === 'pending-exists') throw pendingRequestExists();
  if (result.outcome === 'code-reused') throw codeReused();
  // The member's deposit limits, in this transaction (a refusal undoes the request): a replay was counted.
  // Card or coin payments closed unpaid but still payable count too: each may yet be credited.
  if (result.outcome === 'created') {
    const payable = await stillPayableDeposits(db, member.memberId, site);
    await assertDepositWithinLimits(db, member.memberId, input.amount, payable);
  }
  // The opt-in is checked now (live, eligible, minimum met) and kept with the request; a replay kept its first.
  if (result.outcome === 'created' && input.promo !== undefined) {
    await optInAtDeposit(db, member.memberId, result.request, input.promo);
  }
  return { request: result.request, replay: result.outcome === 'replay' };
}

/**
 * Decides a pending deposit inside the caller's transaction: approval credits cash from the house
 * deposits account. Exactly one of several concurrent deciders wins; the others get a clear 409.
 */
export async function decideDeposit(
  tx: DbOrTx,
  requestId: number,
  status: 'already' | 'cansel',
  decider: Decider,
): Promise<CashRequest> {
  const request = await decideOrExplain(tx, requestId, 'deposit', status, decider);
  if (status === 'already') await creditDeposit(tx, request, decider.by);
  return request;
}

/** The ledger credit of an approved deposit; its key makes a second credit impossible. */
export async function creditDeposit(tx: DbOrTx, request: CashRequest, decidedBy: string) {
  // The day's deposits for the member's limits (member_play_days), before the ledger locks their cash.
  await addDepositToPlayDay(tx, request.memberId, request.amount);
  await transfer(tx, {
    idempotencyKey: `deposit:${request.id}`,
    from: { house: 'house_deposits' },
    to: { memberId: request.memberId, kind: 'cash' },
    amount: request.amount,
    kind: 'deposit',
    reference: { cashRequestId: request.id, decidedBy },
  });
  await tellMember(tx, request.memberId, 'depositCredited', { amount: request.amount }, { lasting: true });
  // The bonus the member opted into at request, once per deposit (promotions' grant keys).
  await grantForDeposit(tx, request, decidedBy);
}

export const approveDeposit = (db: Db, requestId: number, decider: Decider) =>
  db.transaction((tx) => decideDeposit(tx, requestId, 'already', decider));

export const cancelDeposit = (db: Db, requestId: number, decider: Decider) =>
  db.transaction((tx) => decideDeposit(tx, requestId, 'cansel', decider));
