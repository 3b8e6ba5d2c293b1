import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { sportsClock } from './clock.ts';
import { voidMarketIn } from './results.service.ts';
import { bookSettings } from './settings.ts';
import { requestRun } from './settlement-runs.ts';

/**
 * Abandonment and postponement (the book's published rules): an event cancelled voids every market of
 * it still without a confirmed result; markets already decided stand. A postponed event that has not
 * been played within the book's `postponeVoidHours` of its scheduled start is cancelled the same way.
 * Written in the caller's transaction with the settlement runs it needs (worked by the caller or by
 * housekeeping). Answers the markets voided.
 */
export async function abandonEventIn(tx: Tx, eventId: number, reason: string): Promise<number> {
  const markets = await queryRows<{ id: number }>(
    tx,
    sql`select id from sb_markets where event_id = ${eventId} and result_state <> 'confirmed' and status <> 'cancelled'
        order by id for update`,
  );
  for (const m of markets) {
    const run = await voidMarketIn(tx, Number(m.id), { source: 'abandoned', reason });
    if (typeof run !== 'string') await requestRun(tx, run);
  }
  return markets.length;
}

/** Housekeeping: postponed events past the book's limit are cancelled, their undecided markets voided. */
export async function abandonOverdueEvents(db: Db): Promise<number> {
  const { postponeVoidHours } = await bookSettings(db);
  const cutoff = new Date(sportsClock.now().getTime() - postponeVoidHours * 3_600_000);
  const events = await queryRows<{ id: number }>(
    db,
    sql`select id from sb_events where status = 'postponed' and starts_at < ${cutoff} order by id limit 100`,
  );
  for (const e of events) {
    await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`update sb_events set status = 'cancelled', updated_at = now() where id = ${e.id} and status = 'postponed' returning id`,
      );
      if (row)
        await abandonEventIn(tx, Number(e.id), `postponed and not played within ${postponeVoidHours} hours`);
    });
  }
  return events.length;
}
