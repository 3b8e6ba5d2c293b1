import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { memberCards } from '../accounts/members.service.ts';
import { answerTicket } from './help-tickets.service.ts';
import { helpTickets } from './support.schema.ts';

/** Open requests for the deposit account, oldest first, with who asked. */
export async function pendingAccountRequests(db: DbOrTx) {
  const requests = await db
    .select({
      id: helpTickets.id,
      siteId: helpTickets.siteId,
      createdAt: helpTickets.createdAt,
      memberId: helpTickets.memberId,
    })
    .from(helpTickets)
    .where(and(eq(helpTickets.kind, 'account'), eq(helpTickets.status, 'wait')))
    .orderBy(asc(helpTickets.id))
    .limit(200);
  const cards = await memberCards(
    db,
    requests.flatMap((r) => (r.memberId === null ? [] : [r.memberId])),
  );
  return requests.flatMap(({ memberId, ...request }) => {
    const card = memberId === null ? undefined : cards.get(memberId);
    if (!card) return [];
    const { id, loginId, nick, level, bankName, bankOwner } = card;
    return [{ ...request, member: { id, loginId, nick, level, bankName, bankOwner } }];
  });
}

export interface DepositAccount {
  bank: string;
  accountNumber: string;
  holder: string;
  note?: string | undefined;
}

/** The answer the member reads in their help list (and is alerted to, msg2004). */
export function accountAnswer(account: DepositAccount): string {
  const lines = [
    `Bank: ${account.bank}`,
    `Account number: ${account.accountNumber}`,
    `Account holder: ${account.holder}`,
  ];
  return account.note ? [...lines, '', account.note].join('\n') : lines.join('\n');
}

/**
 * Answers an open account request with the deposit account: it is the member's ticket, so the
 * answer reaches them like any ticket answer. An answered one is not answered again.
 */
export async function answerAccountRequest(
  tx: DbOrTx,
  id: number,
  operator: string,
  account: DepositAccount,
) {
  const [ticket] = await tx
    .select({ kind: helpTickets.kind, status: helpTickets.status })
    .from(helpTickets)
    .where(eq(helpTickets.id, id))
    .for('update');
  if (ticket?.kind !== 'account') throw errors.notFound(`account request ${id}`);
  if (ticket.status !== 'wait') throw errors.conflict('this account request is already answered');
  return answerTicket(tx, id, operator, accountAnswer(account));
}
