import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import { MARKET_RESULT_WAITS } from '../settlement.service.ts';
import type { UofRest } from './uof-rest.ts';

/**
 * Producer health (SPORTSBOOK.md §7): each producer (1 live odds, 3 pre-match) sends `alive` every few
 * seconds. When they stop, or one says subscribed="0", the producer is down: every market of the
 * events it feeds is suspended at once. On its next alive the adapter asks the REST API for a recovery
 * from the last alive it had while up (a full one if none), and reopens the markets the feed says are
 * active only when that recovery's snapshot_complete arrives. Every step is one conditional update,
 * so several processes may watch the same producer.
 */
export type ProducerState = 'up' | 'down' | 'recovering';

/** The feed guarantees recovery only this far back; from further, a full recovery. */
const MAX_RECOVERY_MS = 72 * 3_600_000;

export async function producerIsUp(db: DbOrTx, product: number): Promise<boolean> {
  const [row] = await queryRows<{ state: string }>(
    db,
    sql`select state from sb_uof_producers where product = ${product}`,
  );
  return row?.state === 'up';
}

async function ensureProducer(db: Db, product: number) {
  await db.execute(sql`insert into sb_uof_producers (product) values (${product}) on conflict do nothing`);
}

/** Down: the open markets it priced last suspended. Answers the markets suspended. */
export async function producerDown(db: Db, product: number, reason: string): Promise<number> {
  await ensureProducer(db, product);
  return db.transaction(async (tx) => {
    const [changed] = await queryRows<{ product: number }>(
      tx,
      sql`update sb_uof_producers set state = 'down', down_reason = ${reason}, updated_at = now()
          where product = ${product} and state <> 'down' returning product`,
    );
    if (!changed) return 0;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update sb_markets m set status = 'suspended', version = m.version + 1, suspended_at = ${sportsClock.now()}
          where m.feed_producer = ${product} and m.status = 'open'
          returning m.id`,
    );
    return rows.length;
  });
}

/** Asks for a recovery when the producer is down; answers the request id, or undefined when another asked. */
export async function startRecovery(db: Db, rest: UofRest, product: number): Promise<number | undefined> {
  const requestId = randomInt(1, 2 ** 31 - 1);
  const [row] = await queryRows<{ last_alive_ts: number | null }>(
    db,
    sql`update sb_uof_producers set state = 'recovering', recovery_request_id = ${requestId},
          recovery_requested_at = now(), updated_at = now()
        where product = ${product} and state = 'down' returning last_alive_ts`,
  );
  if (!row) return undefined;
  const last = row.last_alive_ts === null ? undefined : Number(row.last_alive_ts);
  const after = last !== undefined && Date.now() - last < MAX_RECOVERY_MS ? last : undefined;
  try {
    await rest.recover(product, requestId, after);
  } catch (error) {
    // Down again: the next alive asks anew.
    await db.execute(
      sql`update sb_uof_producers set state = 'down', down_reason = ${`recovery request failed: ${(error as Error).message}`.slice(0, 300)}
          where product = ${product} and recovery_request_id = ${requestId} and state = 'recovering'`,
    );
    throw error;
  }
  return requestId;
}

/** The WAL timeline this server writes on: a standby promoted in a failover starts the next one. */
const CURRENT_TIMELINE = sql`('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int`;

/**
 * The database restarted, or failed over to a promoted standby, since the producer's last alive while
 * it is up: odds batches commit without waiting for the disk or the standby (uof-batch.ts), so the
 * last fraction of a second of odds (prices, and market states such as a suspension) may be lost. A
 * promoted standby keeps its own start time, so the timeline tells that one. The producer goes down
 * and recovers from a minute before its last alive (the lanes apply a message a little after its
 * time), so the feed sends them again.
 */
async function restartedSinceAlive(db: Db, product: number): Promise<boolean> {
  const rows = await queryRows<{ product: number }>(
    db,
    sql`update sb_uof_producers set last_alive_ts = last_alive_ts - 60000
        where product = ${product} and state = 'up'
          and (last_alive_at < pg_postmaster_start_time() or last_alive_timeline <> ${CURRENT_TIMELINE})
        returning product`,
  );
  return rows.length > 0;
}

/** An alive: kept as the last sign of life; a producer down starts its recovery, an unsubscribed one goes down. */
export async function onAlive(
  db: Db,
  rest: UofRest,
  m: { product: string; timestamp: string; subscribed: '0' | '1' },
): Promise<void> {
  const product = Number(m.product);
  await ensureProducer(db, product);
  if (m.subscribed === '0') {
    await producerDown(db, product, 'alive says subscribed=0');
  } else if (await restartedSinceAlive(db, product)) {
    await producerDown(db, product, 'the database restarted since its last alive');
  } else {
    await db.execute(
      sql`update sb_uof_producers set last_alive_at = now(), last_alive_timeline = ${CURRENT_TIMELINE},
            last_alive_ts = case when state = 'up' then greatest(coalesce(last_alive_ts, 0), ${Number(m.timestamp)}) else last_alive_ts end
          where product = ${product}`,
    );
  }
  await startRecovery(db, rest, product);
}

/** A recovery's end: the producer is up, and its markets the feed says are active reopen. */
export async function onSnapshotComplete(
  db: Db,
  m: { product: string; request_id: string },
): Promise<number | undefined> {
  const product = Number(m.product);
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ product: number }>(
      tx,
      sql`update sb_uof_producers set state = 'up', down_reason = null, last_alive_at = now(),
            last_alive_timeline = ${CURRENT_TIMELINE}, updated_at = now()
          where product = ${product} and state = 'recovering' and recovery_request_id = ${Number(m.request_id)}
          returning product`,
    );
    if (!row) return undefined;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update sb_markets m set status = 'open', version = m.version + 1
          from sb_events e where e.id = m.event_id and m.feed_producer = ${product} and m.status = 'suspended'
            and m.feed_active and e.status in ('scheduled', 'live') and not ${MARKET_RESULT_WAITS}
          returning m.id`,
    );
    return rows.length;
  });
}

/**
 * The watch (every second): a producer not heard from within `aliveTimeoutMs` goes down; a recovery
 * with no snapshot_complete within `recoveryTimeoutMs` is asked again on the next alive.
 */
export async function watchProducers(
  db: Db,
  opts: { aliveTimeoutMs: number; recoveryTimeoutMs: number },
): Promise<number[]> {
  const silent = await queryRows<{ product: number }>(
    db,
    sql`select product from sb_uof_producers where state <> 'down'
          and (last_alive_at is null or last_alive_at < now() - make_interval(secs => ${opts.aliveTimeoutMs / 1000}))`,
  );
  for (const p of silent)
    await producerDown(db, Number(p.product), `no alive for ${opts.aliveTimeoutMs / 1000} s`);
  await db.execute(
    sql`update sb_uof_producers set state = 'down', down_reason = 'recovery not completed'
        where state = 'recovering' and recovery_requested_at < now() - make_interval(secs => ${opts.recoveryTimeoutMs / 1000})`,
  );
  return silent.map((p) => Number(p.product));
}

export interface ProducerStatus {
  product: number;
  state: ProducerState;
  lastAliveAt: string | null;
  downReason: string | null;
  recoveryRequestId: number | null;
}

export async function producerStatuses(db: DbOrTx): Promise<ProducerStatus[]> {
  const rows = await queryRows<{
    product: number;
    state: ProducerState;
    last_alive_at: Date | string | null;
    down_reason: string | null;
    recovery_request_id: number | null;
  }>(
    db,
    sql`select product, state, last_alive_at, down_reason, recovery_request_id from sb_uof_producers order by product`,
  );
  return rows.map((r) => ({
    product: Number(r.product),
    state: r.state,
    lastAliveAt: r.last_alive_at ? new Date(r.last_alive_at).toISOString() : null,
    downReason: r.down_reason,
    recoveryRequestId: r.recovery_request_id === null ? null : Number(r.recovery_request_id),
  }));
}
