import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { producerDown } from './producers.ts';

/**
 * Messages may have been lost (the broker connection dropped: a server-named queue dies with it, and
 * what was published meanwhile went nowhere; or a message was discarded after its tries): every
 * producer goes down, its markets suspended, so its next alive asks for a recovery as after any outage.
 * The recovery must start no later than the last message the book applied: the alives have their own
 * queue and run ahead of a backlog (amqp-consumer.ts), so `last_alive_ts` alone could skip the lost
 * messages. It is moved back to the producer's last applied message (by arrival, through the
 * `received_at` index), and to `since` (a discarded message's own time) when given. Answers the
 * producers taken down.
 */
export async function producersLost(db: Db, reason: string, since?: number): Promise<number[]> {
  await db.execute(
    sql`update sb_uof_producers p set last_alive_ts = least(p.last_alive_ts, ${since ?? null}::int8, (
          select m.ts from sb_uof_messages m
          where m.product = p.product and m.outcome = 'applied' and m.ts is not null
            and m.received_at > now() - interval '72 hours'
          order by m.received_at desc limit 1))
        where p.state = 'up'`,
  );
  const all = await queryRows<{ product: number }>(
    db,
    sql`select product from sb_uof_producers order by product`,
  );
  for (const p of all) await producerDown(db, Number(p.product), reason);
  return all.map((p) => Number(p.product));
}
