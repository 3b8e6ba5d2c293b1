import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { type AttemptLimits, reserveAttempt } from '../accounts/attempt-limits.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import { notifyMembers } from '../live/live.notify.ts';
import type { Site } from '../sites/sites.service.ts';
import { helpTickets } from './support.schema.ts';

export interface TicketText {
  title: string;
  contents: string;
}

export async function writeHelp(
  db: Db,
  member: SessionMember,
  site: Site,
  text: TicketText,
): Promise<number> {
  const [row] = await db
    .insert(helpTickets)
    .values({ memberId: member.memberId, siteId: site.id, ...text })
    .returning({ id: helpTickets.id });
  if (!row) throw errors.failed('the ticket was not saved', MSG.helpWriteFailed);
  return row.id;
}

/**
 * A visitor's question (none_login_write): contact details instead of a login, limited per address
 * (GUEST_TICKETS_PER_HOUR, counted before the ticket is written).
 */
export async function writeGuestHelp(
  db: Db,
  limits: AttemptLimits,
  site: Site,
  ip: string,
  input: TicketText & { name: string; contact: string },
): Promise<number> {
  if (!(await reserveAttempt([limits.guestTickets, ip])).ok) {
    throw errors.limited('too many messages from this address; try later', MSG.helpWriteFailed);
  }
  const [row] = await db
    .insert(helpTickets)
    .values({
      siteId: site.id,
      title: input.title,
      contents: input.contents,
      guestName: input.name,
      guestContact: input.contact,
      guestIp: ip,
    })
    .returning({ id: helpTickets.id });
  return row!.id;
}

const visibleTo = (memberId: number) =>
  and(eq(helpTickets.memberId, memberId), eq(helpTickets.hiddenByMember, false));

/** What every view of a ticket shows: the question, its state and its answer. */
const ticketText = (r: typeof helpTickets.$inferSelect) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  contents: r.contents,
  status: r.status,
  answer: r.answer,
});

export async function listHelp(
  db: Db,
  memberId: number,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(helpTickets)
      .where(visibleTo(memberId))
      .orderBy(desc(helpTickets.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(helpTickets).where(visibleTo(memberId)),
  ]);
  return {
    helps: rows.map((r) => ({
      ...ticketText(r),
      lastDate: (r.answeredAt ?? r.createdAt).toISOString(),
      createdAt: r.createdAt.toISOString(),
      read: r.status === 'already' ? r.readAt !== null : true,
    })),
    maxCount: total?.n ?? 0,
  };
}

/** Marks an answered ticket of this member as read; another member's id is simply not found. */
export async function readHelp(db: Db, memberId: number, id: number): Promise<void> {
  const [ticket] = await db
    .select({ id: helpTickets.id })
    .from(helpTickets)
    .where(and(eq(helpTickets.id, id), visibleTo(memberId)));
  if (!ticket) throw errors.notFound('such ticket');
  await db
    .update(helpTickets)
    .set({ readAt: new Date() })
    .where(and(eq(helpTickets.id, id), eq(helpTickets.status, 'already'), isNull(helpTickets.readAt)));
}

/** Hides one of the member's tickets from their list; another member's id is simply not found. */
export async function deleteHelp(db: Db, memberId: number, id: number): Promise<void> {
  const hidden = await db
    .update(helpTickets)
    .set({ hiddenByMember: true })
    .where(and(eq(helpTickets.id, id), visibleTo(memberId)))
    .returning({ id: helpTickets.id });
  if (hidden.length === 0) throw errors.notInList('no ticket with this id in your list', MSG.deleteFailed);
}

/** Hides all of the member's tickets from their list; the operator keeps them. */
export async function deleteAllHelp(db: Db, memberId: number): Promise<number> {
  const hidden = await db
    .update(helpTickets)
    .set({ hiddenByMember: true })
    .where(visibleTo(memberId))
    .returning({ id: helpTickets.id });
  return hidden.length;
}

/**
 * Operator: answers a waiting ticket; the member's help count rises until they read it. Only one
 * answer lands: a second operator answering the same ticket is told who answered first.
 */
export async function answerTicket(db: DbOrTx, id: number, operator: string, answer: string) {
  const [row] = await db
    .update(helpTickets)
    .set({ status: 'already', answer, answeredBy: operator, answeredAt: new Date(), readAt: null })
    .where(and(eq(helpTickets.id, id), eq(helpTickets.status, 'wait')))
    .returning();
  if (row) {
    if (row.memberId !== null) await notifyMembers(db, [row.memberId]);
    return row;
  }
  const [current] = await db
    .select({ answeredBy: helpTickets.answeredBy })
    .from(helpTickets)
    .where(eq(helpTickets.id, id));
  if (!current) throw errors.notFound(`ticket ${id}`);
  throw errors.conflict(`this ticket was already answered by ${current.answeredBy}`, {
    current: { answeredBy: current.answeredBy },
  });
}

/** Operator: a member's tickets, newest first, including those the member deleted from view. */
export async function ticketsOfMember(db: Db, memberId: number, limit: number) {
  const rows = await db
    .select()
    .from(helpTickets)
    .where(eq(helpTickets.memberId, memberId))
    .orderBy(desc(helpTickets.id))
    .limit(limit);
  return rows.map((r) => ({
    ...ticketText(r),
    answeredBy: r.answeredBy,
    answeredAt: r.answeredAt,
    readAt: r.readAt,
    hiddenByMember: r.hiddenByMember,
    createdAt: r.createdAt,
  }));
}
