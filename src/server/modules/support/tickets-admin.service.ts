import { and, asc, count, eq } from 'drizzle-orm';
import type { TicketKind } from '../../../shared/vocabulary.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { members } from '../accounts/accounts.schema.ts';
import { answerTicket } from './help-tickets.service.ts';
import { helpTickets } from './support.schema.ts';

/**
 * The back office's queue: the oldest 200 waiting tickets (of a kind, or all) with who asked, and how
 * many wait. Both read only the partial index of waiting tickets (migration 0015).
 */
export async function waitingTickets(db: Db, kind: TicketKind | undefined) {
  const where = and(eq(helpTickets.status, 'wait'), kind ? eq(helpTickets.kind, kind) : undefined);
  const [tickets, [counted]] = await Promise.all([
    db
      .select({ ticket: helpTickets, member: { loginId: members.loginId, nick: members.nick } })
      .from(helpTickets)
      .leftJoin(members, eq(members.id, helpTickets.memberId))
      .where(where)
      .orderBy(asc(helpTickets.id))
      .limit(200),
    db.select({ n: count() }).from(helpTickets).where(where),
  ]);
  return { tickets, waiting: counted?.n ?? 0 };
}

/** Answers a help ticket; an account request is answered with the deposit account form instead. */
export async function answerHelpTicket(tx: DbOrTx, id: number, operator: string, answer: string) {
  const [asked] = await tx.select({ kind: helpTickets.kind }).from(helpTickets).where(eq(helpTickets.id, id));
  if (asked?.kind === 'account')
    throw errors.invalid('answer an account request with the deposit account form');
  return answerTicket(tx, id, operator, answer);
}
