import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { incurDebt } from '../../games/wallet/debt-incur.ts';
import { PAYMENT_REVERSAL_PREFIX } from '../../games/wallet/debts.service.ts';
import { tellMember } from '../../inbox/news.service.ts';
import {
  amountOfTransfer,
  lockMemberCashAndHouse,
  memberBalances,
  transfer,
} from '../../ledger/ledger.service.ts';
import { forfeitBonusOfDeposit } from '../../promotions/bonus-close.service.ts';
import { cashRequests, paymentReversals, paymentSessions } from '../cashier.schema.ts';
import type { PaymentEvent } from './provider.ts';

type PaymentSession = typeof paymentSessions.$inferSelect;

/**
 * What a chargeback takes back: the amount the provider's notice names when it is part of the credit (a
 * partial chargeback: the payer disputed part of it), else the whole credit (a full reversal; a notice
 * naming more than was credited cannot take more than the member was given).
 */
export const reversedAmount = (credited: number, named: number): number =>
  Number.isSafeInteger(named) && named > 0 && named < credited ? named : credited;

/**
 * A provider's 'declined' for a session we confirmed and credited: a reversal or a chargeback. The
 * money went back to the payer, so it is taken back from the member (all the credit, or the part the
 * notice names: reversedAmount), once per deposit (the
 * caller holds the session's row lock, the session becomes 'reversed' and a later event for it is
 * final; the transfer's key is the deposit's): as much as their cash holds goes back to the house's
 * deposits account (`deposit-reversal:<request id>`, kind deposit_reversal), the rest becomes their
 * debt (wallet_debts, collected from later credits; no withdrawal or payout while it is open), so cash
 * never goes below zero. Money held for a withdrawal asked before stays held: its payout is refused
 * while the debt is open. The bonus the deposit granted, if still active, is forfeited. Undefined when
 * the deposit was never credited (an operator refused the request first): nothing to take back.
 */
export async function reverseDeposit(
  tx: Tx,
  provider: string,
  session: PaymentSession,
  event: PaymentEvent,
): Promise<{ taken: number; owed: number } | undefined> {
  const [request] = await tx.select().from(cashRequests).where(eq(cashRequests.id, session.cashRequestId));
  const credited = await amountOfTransfer(tx, `deposit:${session.cashRequestId}`);
  if (!request || credited === undefined) return undefined;
  const memberId = request.memberId;
  const by = `psp:${provider}`;
  // The member's cash, then the house's side: the order a withdrawal's debt check takes the cash row,
  // so a withdrawal asked at the same moment either holds the money first (and its payout then meets
  // the debt) or waits and finds the cash already taken back.
  await lockMemberCashAndHouse(tx, memberId, 'house_deposits');
  const cash = (await memberBalances(tx, memberId)).cash;
  const reversed = reversedAmount(credited, event.amount);
  const taken = Math.min(reversed, Math.max(cash, 0));
  const owed = reversed - taken;
  if (taken > 0) {
    await transfer(tx, {
      idempotencyKey: `deposit-reversal:${request.id}`,
      from: { memberId, kind: 'cash' },
      to: { house: 'house_deposits' },
      amount: taken,
      kind: 'deposit_reversal',
      reference: { cashRequestId: request.id, sessionId: session.id, eventId: event.eventId, decidedBy: by },
    });
  }
  await incurDebt(tx, {
    memberId,
    provider: `${PAYMENT_REVERSAL_PREFIX}${provider}`,
    roundId: `deposit:${request.id}`,
    txId: event.eventId,
    amount: owed,
  });
  const bonus = await forfeitBonusOfDeposit(tx, memberId, request.id, by);
  await tx.update(paymentSessions).set({ status: 'reversed' }).where(eq(paymentSessions.id, session.id));
  await tx.insert(paymentReversals).values({
    sessionId: session.id,
    cashRequestId: request.id,
    memberId,
    provider,
    eventId: event.eventId,
    amount: reversed,
    taken,
    owed,
    bonusId: bonus?.id ?? null,
  });
  // One amount a line (the news formats `amount` as money): the deposit, or what is owed of it.
  await tellMember(
    tx,
    memberId,
    owed > 0 ? 'depositReversedOwed' : 'depositReversed',
    { amount: owed > 0 ? owed : reversed },
    { lasting: true },
  );
  return { taken, owed };
}
