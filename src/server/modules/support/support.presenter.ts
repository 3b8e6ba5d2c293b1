import type { helpTickets } from './support.schema.ts';

type TicketRow = typeof helpTickets.$inferSelect;

/** A waiting ticket as the back office's queue shows it. */
export const queuedTicketView = ({
  ticket,
  member,
}: {
  ticket: TicketRow;
  member: { loginId: string; nick: string } | null;
}) => ({
  id: ticket.id,
  siteId: ticket.siteId,
  kind: ticket.kind,
  title: ticket.title,
  contents: ticket.contents,
  status: ticket.status,
  guestName: ticket.guestName,
  guestContact: ticket.guestContact,
  createdAt: ticket.createdAt,
  member,
});
