import { sql } from 'drizzle-orm';
import { parsePrice } from '../../../../shared/sports/price.ts';
import { queryRows, type Tx } from '../../../db/client.ts';
import type { SportsCommitted } from '../../../modules/live/live.notify.ts';
import { sportsClock } from '../clock.ts';
import { marketExternalId, NAMED_SPORT_URNS } from './catalogue.ts';
import { type FoldedMarket, isHandedOver, type OddsChange } from './uof-fold.ts';

/** An event's folded odds_change as sb_uof_odds_apply takes it (sql/sb_uof_odds_apply.sql, p_events). */
export interface OddsEventJson {
  e: string;
  p: number;
  m: {
    x: string;
    id: number;
    /** The producer that priced the market (the event's `p` when not folded). */
    p: number;
    f: boolean;
    /** Handed over (status -2): not written when another producer already prices the market. */
    h?: true;
    o: { i: string; n: number | null; d: number | null; a: boolean | null }[];
  }[];
}

/** One event's folded odds_change in the shape of sb_uof_odds_apply's p_events. */
export function oddsEventJson(folded: OddsChange): OddsEventJson {
  const urn = folded.event_id;
  return {
    e: urn,
    p: Number(folded.product),
    m: (folded.odds?.market ?? []).map((market: FoldedMarket) => ({
      x: marketExternalId(urn, market.id, market.specifiers),
      id: Number(market.id),
      p: Number(market.product ?? folded.product),
      f: (market.status ?? '1') === '1',
      ...(isHandedOver(market) ? { h: true as const } : {}),
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
}

/**
 * The common case of a fast feed, set-based, inside a batch whose keys are already claimed
 * (uof-batch.ts): a batch's folded odds_change messages (one per event) that carry no event status,
 * on markets the book already has, applied by sb_uof_odds_apply (the rule's one home; the batch in
 * one call uses it too). Answers the events it did not take (applied one by one, as before) and what
 * it changed.
 */
export async function applyPricesInBulk(
  tx: Tx,
  messages: OddsChange[],
): Promise<{ left: Set<string>; changed: SportsCommitted }> {
  const left = new Set<string>();
  const plain = messages.filter((m) => {
    if (m.sport_event_status || (m.odds?.market ?? []).length === 0) left.add(m.event_id);
    return !left.has(m.event_id);
  });
  if (plain.length === 0) return { left, changed: { markets: [], selections: [] } };
  // Not whole: the events it cannot take are left to the caller, the others written.
  const [row] = await queryRows<{ applied: { left: string[] } & SportsCommitted }>(
    tx,
    sql`select sb_uof_odds_apply(${JSON.stringify(plain.map(oddsEventJson))}::jsonb,
          ${JSON.stringify(NAMED_SPORT_URNS)}::jsonb, ${sportsClock.now().toISOString()}::timestamptz, false) as applied`,
  );
  const applied = row!.applied;
  for (const urn of applied.left) left.add(urn);
  return { left, changed: { markets: applied.markets, selections: applied.selections } };
}
