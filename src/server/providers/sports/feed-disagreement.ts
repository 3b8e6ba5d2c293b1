import { sql } from 'drizzle-orm';
import { eq, ONE } from '../../../shared/sports/fraction.ts';
import {
  isMarketType,
  type MarketParams,
  type MarketResult,
  type OutcomeSettlement,
  selectionOutcome,
} from '../../../shared/sports/markets.ts';
import type { LegOutcome } from '../../../shared/sports/settlement.ts';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { sportsClock } from './clock.ts';

/**
 * A market the feed covers may be settled on the desk (the feed late, or wrong). The desk's confirmed
 * result is then the operator's word: a later bet_settlement, rollback_bet_settlement or bet_cancel of
 * the market from the feed changes no bet the desk settled. Where the feed says otherwise than the
 * desk, what it said is kept on the market (`sb_markets.feed_disagrees`) and shown to the trader, who
 * corrects the result (the feed was right) or dismisses it (the desk was). Any result the desk or the
 * feed writes in force afterwards clears it.
 */
export type FeedDisagreement =
  /** The feed settled these outcomes otherwise than the desk's result (each its own last word). */
  | { kind: 'settlement'; outcomes: OutcomeSettlement[]; at: string }
  /** The feed took its settlement back, or cancelled the market: the desk's result still stands. */
  | { kind: 'rollback' | 'cancel'; at: string }
  /** A feed that sends whole results (the JSON-lines import) sent this one. */
  | { kind: 'result'; result: MarketResult; at: string };

/** A market as the feed's messages find it, locked. */
export interface FeedMarketRow {
  id: number;
  type: string;
  params: MarketParams;
  result_state: string;
  result: MarketResult | null;
  result_source: string | null;
  result_entered_by: number | null;
  feed_disagrees: FeedDisagreement | null;
}

/** Whether the result in force is the desk's word: entered by an operator, or on the desk. */
export const isDesksWord = (m: FeedMarketRow): boolean =>
  m.result_state === 'confirmed' && (m.result_source === 'desk' || m.result_entered_by != null);

/** Whether two settlements of a leg pay alike: the same void share and, on the rest, the same win and dead heat. */
export function payAlike(a: LegOutcome, b: LegOutcome): boolean {
  if (!eq(a.v, b.v)) return false;
  if (eq(a.v, ONE)) return true;
  return a.w === b.w && (a.w === 0 || eq(a.d, b.d));
}

/** Whether the feed's settlement of one outcome pays as the desk's result does. */
function agreesWithDesk(m: FeedMarketRow, offered: readonly string[], o: OutcomeSettlement): boolean {
  if (!m.result || !isMarketType(m.type)) return false;
  const desk = selectionOutcome(m.type, m.params, o.key, m.result, offered);
  const feed = selectionOutcome(m.type, m.params, o.key, { kind: 'outcomes', outcomes: [o] });
  return desk !== undefined && feed !== undefined && payAlike(desk, feed);
}

const sureness = (o: OutcomeSettlement) => o.certainty ?? 0;

/**
 * What the feed disagrees on once it has settled these outcomes of a market the desk settled: each
 * listed outcome that pays otherwise than the desk's result is kept (a less sure word never replaces a
 * surer one the feed said before), one that agrees is dropped. A rollback or cancel the feed said before
 * is superseded by its new settlement. Null when nothing differs.
 */
export async function afterFeedSettlement(
  tx: Tx,
  m: FeedMarketRow,
  listed: OutcomeSettlement[],
): Promise<{ disagrees: FeedDisagreement | null; differing: string[] }> {
  const offered = await selectionKeys(tx, m.id);
  const said = new Map(
    m.feed_disagrees?.kind === 'settlement' ? m.feed_disagrees.outcomes.map((o) => [o.key, o]) : [],
  );
  for (const o of listed) {
    const before = said.get(o.key);
    if (before && sureness(o) < sureness(before)) continue;
    if (agreesWithDesk(m, offered, o)) said.delete(o.key);
    else said.set(o.key, o);
  }
  const outcomes = [...said.values()];
  const differing = listed.filter((o) => said.get(o.key) === o).map((o) => o.key);
  const disagrees: FeedDisagreement | null =
    outcomes.length > 0 ? { kind: 'settlement', outcomes, at: sportsClock.now().toISOString() } : null;
  return { disagrees, differing };
}

const selectionKeys = async (tx: Tx, marketId: number) =>
  (
    await queryRows<{ key: string }>(
      tx,
      sql`select key from sb_selections where market_id = ${marketId} order by id`,
    )
  ).map((s) => s.key);

/** The market locked, as a feed's record or message finds it; undefined when unknown. */
export async function lockFeedMarket(tx: Tx, marketId: number): Promise<FeedMarketRow | undefined> {
  const [row] = await queryRows<FeedMarketRow>(
    tx,
    sql`select id, type, params, result_state, result, result_source, result_entered_by, feed_disagrees
        from sb_markets where id = ${marketId} for update`,
  );
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** A feed's whole result (a score, winners, void) on a market the desk settled: null where every selection pays alike. */
export async function afterFeedResult(
  tx: Tx,
  m: FeedMarketRow,
  result: MarketResult,
): Promise<FeedDisagreement | null> {
  const offered = await selectionKeys(tx, m.id);
  const type = m.type;
  const desk = m.result;
  const alike =
    desk !== null &&
    isMarketType(type) &&
    offered.every((key) => {
      const a = selectionOutcome(type, m.params, key, desk, offered);
      const b = selectionOutcome(type, m.params, key, result, offered);
      return a !== undefined && b !== undefined && payAlike(a, b);
    });
  return alike ? null : { kind: 'result', result, at: sportsClock.now().toISOString() };
}

/** A rollback or cancel from the feed on a market the desk settled (a cancel agrees with a desk void). */
export function afterFeedTakeBack(m: FeedMarketRow, kind: 'rollback' | 'cancel'): FeedDisagreement | null {
  if (kind === 'cancel' && m.result?.kind === 'void') return m.feed_disagrees;
  return { kind, at: sportsClock.now().toISOString() };
}

/** Keeps what the feed disagrees on with the desk's result (null: nothing). */
export async function setFeedDisagreement(tx: Tx, marketId: number, value: FeedDisagreement | null) {
  await tx.execute(
    sql`update sb_markets set feed_disagrees = ${value === null ? null : JSON.stringify(value)}::jsonb where id = ${marketId}`,
  );
}

/** The trader keeps the desk's result: what the feed said is dismissed. False when nothing was shown. */
export async function dismissFeedDisagreement(db: DbOrTx, marketId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_markets set feed_disagrees = null where id = ${marketId} and feed_disagrees is not null returning id`,
  );
  return rows.length > 0;
}
