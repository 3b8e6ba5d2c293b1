import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import type { SportsCommitted } from '../../../modules/live/live.notify.ts';
import { sportsClock } from '../clock.ts';
import { NAMED_SPORT_URNS } from './catalogue.ts';
import type { Receipt } from './uof-apply.ts';
import { oddsEventJson } from './uof-bulk-prices.ts';
import { type BatchMessage, foldOddsChanges, type OddsChange } from './uof-fold.ts';

/** The batch in one call: taken (its receipts and what it changed), or not (nothing written, or maybe: `uncertain`). */
export type OneCall =
  | { receipts: Receipt[]; changed: SportsCommitted }
  | {
      receipts?: undefined;
      /**
       * The call failed without the database saying why (the connection lost): it may have committed,
       * and its notifications, naming this process, were skipped here (the caller re-reads the streams).
       */
      uncertain: boolean;
    };

/**
 * The feed's common case in one round trip: a lane's batch of price moves on markets the book already
 * has, applied by one call of sb_uof_odds_batch (sql/sb_uof_odds_batch.sql), its own transaction. The
 * batch qualifies here when it holds only odds_change messages, each with markets and without an
 * event status, no key twice, each event's timestamps in order per producer; the function then takes
 * it only if every key is new, no message is older than its producer's cursor of its event, and every
 * event and market is listed. Answers the receipts (every message applied) and what the commit
 * changed (for this process's streams: `origin` names it in the commit's notifications, live.hub.ts),
 * or that the batch is not taken and nothing was written: the caller applies it as before
 * (uof-batch.ts), which handles every other case (a fixture to read, a market to open, a duplicate, a
 * stale message, a bet stop). The rules stay: each key once, each event and producer in order, the
 * ack after this commit.
 */
export async function applyOddsInOneCall(db: Db, batch: BatchMessage[], origin?: string): Promise<OneCall> {
  const notTaken = { uncertain: false };
  const keys = new Set<string>();
  const byEvent = new Map<string, { list: OddsChange[]; msgs: { k: string; t: number; p: number }[] }>();
  for (const b of batch) {
    const m = b.m;
    if (m.kind !== 'odds_change' || m.sport_event_status || (m.odds?.market ?? []).length === 0)
      return notTaken;
    if (keys.has(b.key)) return notTaken;
    keys.add(b.key);
    let e = byEvent.get(m.event_id);
    if (!e) {
      e = { list: [], msgs: [] };
      byEvent.set(m.event_id, e);
    }
    const ts = Number(m.timestamp);
    const product = Number(m.product);
    // Stale within the batch: older than its producer's message before it (each producer has its own clock).
    const before = e.msgs.findLast((x) => x.p === product);
    if (before && ts < before.t) return notTaken;
    e.list.push(m);
    e.msgs.push({ k: b.key, t: ts, p: product });
  }
  const events = [...byEvent.values()].map(({ list, msgs }) => ({
    ...oddsEventJson(foldOddsChanges(list)),
    msgs,
  }));
  let changed: SportsCommitted | null | undefined;
  try {
    const [row] = await queryRows<{ changed: SportsCommitted | null }>(
      db,
      sql`select sb_uof_odds_batch(${JSON.stringify(events)}::jsonb, ${JSON.stringify(NAMED_SPORT_URNS)}::jsonb,
            ${sportsClock.now().toISOString()}::timestamptz, ${origin ?? null}::text) as changed`,
    );
    changed = row?.changed;
  } catch (error) {
    // A key claimed meanwhile, a lock given up (an error the database answered, SQLSTATE): undone
    // whole, the other path decides. Without an answer (the connection lost) it may have committed.
    const code = (error as { code?: unknown }).code;
    return { uncertain: !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) };
  }
  if (!changed) return notTaken;
  return {
    receipts: batch.map((b) => ({ outcome: 'applied', key: b.key, kind: b.m.kind })),
    changed: { markets: changed.markets, selections: changed.selections },
  };
}
