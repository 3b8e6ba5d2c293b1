import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../db/columns.ts';

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Messages to members (e-mail, SMS), written in the same transaction as what caused them and sent by
 * the outbox worker (outbox.worker.ts). `lease_until`/`lease_owner` is a worker's claim on a row;
 * `body` is erased once sent (a recovery code must not stay in the table).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: idColumn(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until'),
    leaseOwner: text('lease_owner'),
    lastError: text('last_error'),
    providerRef: text('provider_ref'),
    createdAt: createdAtColumn(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('outbox_messages_due').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('outbox_messages_channel', sql`${t.channel} in ('email', 'sms')`),
    check('outbox_messages_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
