import { and, asc, count, eq } from 'drizzle-orm';
import type { TicketKind } from '../../../shared/vocabulary.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { memberCards } from '../accounts/members.service.ts';
import { answerTicket } from './help-tickets.service.ts';
import { helpTickets } from './support.schema.ts';

/**
 * The back office's queue: the oldest 200 waiting tickets (of a kind, or all) with who asked, and how
 * many wait. Both read only the partial index of waiting tickets (migration 0015).
 */
export async function waitingTickets(db: Db, kind: TicketKind | undefined) {
  const where = and(eq(helpTickets.status, 'wait'), kind ? eq(helpTickets.kind, kind) : undefined);
  const [waiting, [counted]] = await Promise.all([
    db.select().from(helpTickets).where(where).orderBy(asc(helpTickets.id)).limit(200),
    db.select({ n: count() }).from(helpTickets).where(where),
  ]);
  const cards = await memberCards(
    db,
    waiting.flatMap((t) => (t.memberId === null ? [] : [t.memberId])),
  );
  const tickets = waiting.map((ticket) => {
    const card = ticket.memberId === null ? undefined : cards.get(ticket.memberId);
    return {
      ticket,
      member: card ? { loginId: card.loginId, nick: card.nick } : null,
    };
  });
  return { tickets, waiting: counted?.n ?? 0 };
}

/** Answers a help ticket; an account request is answered with the deposit account form instead. */
export async function answerHelpTicket(tx: DbOrTx, id: number, operator: string, answer: string) {
  const [asked] = await tx.select({ kind: helpTickets.kind }).from(helpTickets).where(eq(helpTickets.id, id));
  if (asked?.kind === 'account')
    throw errors.invalid('answer an account request with the deposit account form');
  return answerTicket(tx, id, operator, answer);
}

/** How many help tickets wait, from the partial index of waiting tickets (migration 0015). */
export async function waitingTicketCount(db: Db): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(helpTickets).where(eq(helpTickets.status, 'wait'));
  return counted?.n ?? 0;
}
