import { sql } from 'drizzle-orm';
import type { MarketResult } from '../../../shared/sports/markets.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { sportsClock } from './clock.ts';
import { mergeOutcomes } from './outcome-merge.ts';
import { correctResultIn, voidMarketIn } from './results.service.ts';
import { bookSettings } from './settings.ts';
import { requestRun } from './settlement-runs.ts';

/**
 * Abandonment and postponement (the book's published rules): an event cancelled voids every market of
 * it still without a confirmed result; markets already decided stand. A market a feed settled only in
 * part (some outcomes, outcome-merge.ts) keeps the outcomes settled and has the others voided. A
 * postponed event that has not been played within the book's `postponeVoidHours` of its scheduled
 * start is cancelled the same way. An event the desk cancels is the desk's word: a feed's later
 * settlement of its markets moves no bet (feed-disagreement.ts). Written in the caller's transaction with the settlement runs it
 * needs (worked by the caller or by housekeeping). Answers the markets changed.
 */
export async function abandonEventIn(
  tx: Tx,
  eventId: number,
  reason: string,
  /** The operator who cancelled the event on the desk: its voids are the desk's word (feed-disagreement.ts). */
  operatorId: number | null = null,
): Promise<number> {
  const markets = await queryRows<{ id: number; result_state: string; result: MarketResult | null }>(
    tx,
    sql`select id, result_state, result from sb_markets where event_id = ${eventId} and status <> 'cancelled'
          and (result_state <> 'confirmed' or result->>'kind' = 'outcomes')
        order by id for update`,
  );
  let changed = 0;
  for (const m of markets) {
    const id = Number(m.id);
    const run =
      m.result_state === 'confirmed'
        ? await voidUnsettledOutcomesIn(tx, id, m.result, reason, operatorId)
        : await voidMarketIn(tx, id, { source: 'abandoned', reason, operatorId });
    if (run === undefined) continue;
    changed += 1;
    if (typeof run !== 'string') await requestRun(tx, run);
  }
  return changed;
}

/** The outcomes of a market settled in part that have no result yet, void (stake back); undefined if none. */
async function voidUnsettledOutcomesIn(
  tx: Tx,
  marketId: number,
  result: MarketResult | null,
  reason: string,
  operatorId: number | null,
) {
  const keys = await queryRows<{ key: string }>(
    tx,
    sql`select key from sb_selections where market_id = ${marketId} order by id`,
  );
  const settled = new Set(result?.kind === 'outcomes' ? result.outcomes.map((o) => o.key) : []);
  const rest = keys.filter((k) => !settled.has(k.key));
  if (rest.length === 0) return undefined;
  const merged = mergeOutcomes(
    result,
    rest.map((k) => ({ key: k.key, won: false, voidFactor: '1' })),
  );
  // Immediate whoever abandons (no second operator); the operator is named once it is in force.
  const change = await correctResultIn(tx, marketId, merged.result, { source: 'abandoned', reason });
  if (typeof change !== 'string' && operatorId !== null)
    await tx.execute(sql`update sb_markets set result_entered_by = ${operatorId} where id = ${marketId}`);
  return typeof change === 'string' ? change : change.run;
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
