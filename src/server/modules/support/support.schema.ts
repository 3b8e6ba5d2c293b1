import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TICKET_KINDS, type TicketKind } from '../../../shared/vocabulary.ts';
import { createdAtColumn, idColumn, int8, timestamptz } from '../../db/columns.ts';
import { members } from '../accounts/accounts.schema.ts';
import { sites } from '../sites/sites.schema.ts';

/** 'help': a member's question; 'account': a request for the operator's deposit account. */
export { TICKET_KINDS, type TicketKind };

/** Help tickets: `wait` until an operator answers, then `already`. */
export const helpTickets = pgTable(
  'help_tickets',
  {
    id: idColumn(),
    memberId: int8('member_id').references(() => members.id),
    siteId: int8('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind', { enum: TICKET_KINDS }).notNull().default('help'),
    title: text('title').notNull(),
    contents: text('contents').notNull(),
    status: text('status').notNull().default('wait'),
    answer: text('answer'),
    answeredAt: timestamptz('answered_at'),
    answeredBy: text('answered_by'),
    readAt: timestamptz('read_at'),
    hiddenByMember: boolean('hidden_by_member').notNull().default(false),
    /** Guests (none_login_write) leave a name and a way to reach them instead of a member id. */
    guestName: text('guest_name'),
    guestContact: text('guest_contact'),
    guestIp: text('guest_ip'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('help_tickets_member').on(t.memberId, t.id),
    // One open account request per member at a time.
    uniqueIndex('help_tickets_one_open_account_request')
      .on(t.memberId)
      .where(sql`${t.kind} = 'account' and ${t.status} = 'wait'`),
    // The waiting queue, oldest first, with INCLUDE (kind) (schema-drift/allow-list.ts; migration 0015).
    index('help_tickets_waiting').on(t.id).where(sql`${t.status} = 'wait'`),
    check('help_tickets_status', sql`${t.status} in ('wait', 'already')`),
  ],
);
