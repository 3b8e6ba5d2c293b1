import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CASH_REQUEST_KINDS,
  CASH_REQUEST_STATUSES,
  type CashRequestKind,
  type CashRequestStatus,
  PAYMENT_KINDS,
} from '../../../shared/vocabulary.ts';
import { createdAtColumn, idColumn, int8, timestamptz } from '../../db/columns.ts';
import { memberIdColumn } from '../accounts/accounts.schema.ts';
import { sites } from '../sites/sites.schema.ts';

export { CASH_REQUEST_KINDS, CASH_REQUEST_STATUSES, type CashRequestKind, type CashRequestStatus };
/** reversed: confirmed and credited, then reversed by the provider (a chargeback): see paymentReversals. */
export const PAYMENT_SESSION_STATUSES = [
  'pending',
  'confirmed',
  'declined',
  'expired',
  'cancelled',
  'reversed',
] as const;
export const PENDING_STATUSES: CashRequestStatus[] = ['wait', 'reg'];

export const paymentOptions = pgTable(
  'payment_options',
  {
    id: idColumn(),
    siteId: int8('site_id')
      .notNull()
      .references(() => sites.id),
    direction: text('direction', { enum: CASH_REQUEST_KINDS }).notNull(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    /** The payment provider adapter that serves it ('sandbox' is built in). */
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    minAmount: int8('min_amount').notNull().default(10_000),
    maxAmount: int8('max_amount').notNull().default(10_000_000),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('payment_options_site').on(t.siteId, t.direction)],
);

/** A member's deposit or withdrawal request and its decision. */
export const cashRequests = pgTable(
  'cash_requests',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    kind: text('kind', { enum: CASH_REQUEST_KINDS }).notNull(),
    amount: int8('amount').notNull(),
    status: text('status', { enum: CASH_REQUEST_STATUSES }).notNull().default('wait'),
    /** The page's `code` (a timestamp): the same code again is the same request. */
    clientCode: text('client_code').notNull(),
    paymentOptionId: int8('payment_option_id').references(() => paymentOptions.id),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamptz('decided_at'),
    hiddenByMember: boolean('hidden_by_member').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('cash_requests_client_code').on(t.memberId, t.kind, t.clientCode),
    // One pending request per member and kind, enforced by the database under any concurrency.
    uniqueIndex('cash_requests_one_pending')
      .on(t.memberId, t.kind)
      .where(sql`${t.status} in ('wait', 'reg')`),
    index('cash_requests_member').on(t.memberId, t.kind, t.id),
    index('cash_requests_pending').on(t.status, t.id),
    // The public ticker of recent approvals (migration 0012).
    index('cash_requests_approved')
      .on(t.kind, t.decidedAt.desc().nullsFirst())
      .where(sql`${t.status} = 'already'`),
    // The waiting queue, oldest first, with INCLUDE (kind) (schema-drift/allow-list.ts; migration 0015).
    index('cash_requests_waiting').on(t.id).where(sql`${t.status} in ('wait', 'reg')`),
    check('cash_requests_amount_positive', sql`${t.amount} > 0`),
    check('cash_requests_status', sql`${t.status} in ('wait', 'reg', 'already', 'cansel')`),
  ],
);

/** A hosted payment page session at a provider, tied to the deposit request it pays. */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    cashRequestId: int8('cash_request_id')
      .notNull()
      .references(() => cashRequests.id),
    amount: int8('amount').notNull(),
    /** expired: nobody paid in time (the sweep); cancelled: the member gave up. Both still take a late payment. */
    status: text('status', { enum: PAYMENT_SESSION_STATUSES }).notNull().default('pending'),
    createdAt: createdAtColumn(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    uniqueIndex('payment_sessions_request').on(t.cashRequestId),
    // The expiry sweep's look-up (migration 0020).
    index('payment_sessions_pending').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The metrics' last day by state, read from the index alone (migration 0044).
    index('payment_sessions_recent').on(t.createdAt, t.status),
  ],
);

/**
 * A provider's reversal or chargeback of a deposit we credited (migration 0083; payments/deposit-reversal.ts),
 * once per deposit: `taken` came back from the member's cash (`deposit-reversal:<request id>`), `owed`
 * became their debt (wallet_debts), `bonusId` is the deposit's bonus forfeited with it.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: idColumn(),
    sessionId: text('session_id')
      .notNull()
      .references(() => paymentSessions.id),
    cashRequestId: int8('cash_request_id')
      .notNull()
      .references(() => cashRequests.id),
    memberId: int8('member_id').notNull(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    amount: int8('amount').notNull(),
    taken: int8('taken').notNull(),
    owed: int8('owed').notNull(),
    bonusId: int8('bonus_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('payment_reversals_request').on(t.cashRequestId),
    index('payment_reversals_member').on(t.memberId, t.id),
    check(
      'payment_reversals_parts',
      sql`${t.taken} >= 0 and ${t.owed} >= 0 and ${t.taken} + ${t.owed} = ${t.amount} and ${t.amount} > 0`,
    ),
  ],
);

/** Every webhook delivery we accepted, once per provider event id; refused ones are only logged. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: idColumn(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    sessionId: text('session_id').notNull(),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_webhook_events_event').on(t.provider, t.eventId)],
);
