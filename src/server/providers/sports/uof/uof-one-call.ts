import { sql } from 'drizzle-orm';
import { parsePrice } from '../../../../shared/sports/price.ts';
import { type Db, queryRows } from '../../../db/client.ts';
import { sportsClock } from '../clock.ts';
import { marketExternalId, NAMED_SPORT_URNS } from './catalogue.ts';
import type { Receipt } from './uof-apply.ts';
import { type BatchMessage, foldOddsChanges } from './uof-fold.ts';

type OddsChange = Extract<BatchMessage['m'], { kind: 'odds_change' }>;

/**
 * The feed's common case in one round trip: a lane's batch of price moves on markets the book already
 * has, applied by one call of sb_uof_odds_batch (sql/sb_uof_odds_batch.sql), its own transaction. The
 * batch qualifies here when it holds only odds_change messages, each with markets and without an
 * event status, no key twice, each event's timestamps in order; the function then takes it only if
 * every key is new, no message is older than its event's cursor, and every event and market is
 * listed. Answers the receipts (every message applied), or undefined when the batch is not taken and
 * nothing was written: the caller applies it as before (uof-batch.ts), which handles every other case
 * (a fixture to read, a market to open, a duplicate, a stale message, a bet stop). The rules stay:
 * each key once, each event in order, the ack after this commit.
 */
export async function applyOddsInOneCall(db: Db, batch: BatchMessage[]): Promise<Receipt[] | undefined> {
  const keys = new Set<string>();
  const byEvent = new Map<string, { list: OddsChange[]; msgs: { k: string; t: number; p: number }[] }>();
  for (const b of batch) {
    const m = b.m;
    if (m.kind !== 'odds_change' || m.sport_event_status || (m.odds?.market ?? []).length === 0)
      return undefined;
    if (keys.has(b.key)) return undefined;
    keys.add(b.key);
    let e = byEvent.get(m.event_id);
    if (!e) {
      e = { list: [], msgs: [] };
      byEvent.set(m.event_id, e);
    }
    const ts = Number(m.timestamp);
    if (e.msgs.length > 0 && ts < e.msgs.at(-1)!.t) return undefined; // stale within the batch
    e.list.push(m);
    e.msgs.push({ k: b.key, t: ts, p: Number(m.product) });
  }
  const events = [...byEvent].map(([urn, { list, msgs }]) => {
    const folded = foldOddsChanges(list);
    return {
      e: urn,
      p: Number(folded.product),
      msgs,
      m: (folded.odds?.market ?? []).map((market) => ({
        x: marketExternalId(urn, market.id, market.specifiers),
        id: Number(market.id),
        f: (market.status ?? '1') === '1',
        o: market.outcome.map((o) => {
          const price = o.odds ? parsePrice(o.odds, 'decimal') : undefined;
          return {
            i: o.id,
            n: price ? Number(price.num) : null,
            d: price ? Number(price.den) : null,
            a: o.active ? o.active === '1' : null,
          };
        }),
      })),
    };
  });
  let taken: boolean;
  try {
    const [row] = await queryRows<{ taken: boolean }>(
      db,
      sql`select sb_uof_odds_batch(${JSON.stringify(events)}::jsonb, ${JSON.stringify(NAMED_SPORT_URNS)}::jsonb,
            ${sportsClock.now().toISOString()}::timestamptz) as taken`,
    );
    taken = row?.taken === true;
  } catch {
    return undefined; // a key claimed meanwhile, a lock given up: undone whole, the other path decides
  }
  if (!taken) return undefined;
  return batch.map((b) => ({ outcome: 'applied', key: b.key, kind: b.m.kind }));
}
