import { and, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { type MessageChannel, outboxMessages } from './outbox.schema.ts';

export interface NewMessage {
  channel: MessageChannel;
  recipient: string;
  subject?: string;
  body: string;
}

/**
 * Writes a message to the outbox. Call it with the transaction of what causes the message: the
 * message exists exactly when that change committed, and the worker sends it afterwards.
 */
export async function enqueueMessage(tx: DbOrTx, message: NewMessage): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
    })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

export interface ClaimedMessage {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
}

/**
 * Claims up to `limit` due messages for `owner` until `leaseMs` from now: one UPDATE over rows picked
 * with SKIP LOCKED, so two workers never claim the same row at once. A claim whose worker died ends
 * with its lease, and the row is due again.
 */
export async function claimDueMessages(
  db: Db,
  owner: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMessage[]> {
  return queryRows<ClaimedMessage>(
    db,
    sql`update outbox_messages m
        set lease_owner = ${owner},
            lease_until = now() + ${leaseMs}::float8 * interval '1 millisecond',
            attempts = m.attempts + 1
        where m.id in (
          select id from outbox_messages
          where status = 'pending' and next_attempt_at <= now()
            and (lease_until is null or lease_until < now())
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked)
        returning m.id, m.channel, m.recipient, m.subject, m.body, m.attempts`,
  );
}

/** The pending message `id` while `owner` still holds its lease: only the lease's owner may close an attempt. */
const leaseHeldBy = (id: number, owner: string) =>
  and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending'), eq(outboxMessages.leaseOwner, owner));

/**
 * The provider accepted the message: it is sent, its body erased. Only the lease's owner may say so;
 * false when the lease was lost (it ran out and another worker took the row).
 */
export async function markSent(db: Db, id: number, owner: string, providerRef: string | undefined) {
  const done = await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: new Date(),
      body: null,
      providerRef: providerRef ?? null,
      leaseOwner: null,
      leaseUntil: null,
      lastError: null,
    })
    .where(leaseHeldBy(id, owner))
    .returning({ id: outboxMessages.id });
  return done.length === 1;
}

/** A failed attempt: due again after `retryInMs`, or given up (`failed`, body erased) when `final`. */
export async function markAttemptFailed(
  db: Db,
  id: number,
  owner: string,
  error: string,
  next: { final: boolean; retryInMs: number },
) {
  await db
    .update(outboxMessages)
    .set({
      status: next.final ? 'failed' : 'pending',
      body: next.final ? null : sql`${outboxMessages.body}`,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + ${next.retryInMs}::float8 * interval '1 millisecond'`,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(leaseHeldBy(id, owner));
}

/**
 * What waits to be sent: how many messages and since when the oldest was written (the health page,
 * /metrics). Reads only the partial index of pending messages, never the sent ones.
 */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldestPendingAt: Date | null }> {
  const [row] = await queryRows<{ pending: number; oldest: Date | string | null }>(
    db,
    sql`select count(*)::int as pending, min(created_at) as oldest from outbox_messages where status = 'pending'`,
  );
  return { pending: row?.pending ?? 0, oldestPendingAt: row?.oldest ? new Date(row.oldest) : null };
}
