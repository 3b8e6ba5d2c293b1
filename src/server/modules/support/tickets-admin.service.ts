import { and, asc, eq } from 'drizzle-orm';
import type { TicketKind } from '../../../shared/vocabulary.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { members } from '../accounts/accounts.schema.ts';
import { answerTicket } from './help-tickets.service.ts';
import { helpTickets } from './support.schema.ts';

/** The back office's queue: waiting tickets (of a kind, or all), oldest first, with who asked. */
export async function waitingTickets(db: Db, kind: TicketKind | undefined) {
  return db
    .select({ ticket: helpTickets, member: { loginId: members.loginId, nick: members.nick } })
    .from(helpTickets)
    .leftJoin(members, eq(members.id, helpTickets.memberId))
    .where(and(eq(helpTickets.status, 'wait'), kind ? eq(helpTickets.kind, kind) : undefined))
    .orderBy(asc(helpTickets.id))
    .limit(200);
}

/** Answers a help ticket; an account request is answered with the deposit account form instead. */
export async function answerHelpTicket(tx: DbOrTx, id: number, operator: string, answer: string) {
  const [asked] = await tx.select({ kind: helpTickets.kind }).from(helpTickets).where(eq(helpTickets.id, id));
  if (asked?.kind === 'account')
    throw errors.invalid('answer an account request with the deposit account form');
  return answerTicket(tx, id, operator, answer);
}
