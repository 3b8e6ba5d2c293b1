import { sql } from 'drizzle-orm';
import { frac } from '../../../shared/sports/fraction.ts';
import { formatAmerican, formatDecimal, formatFractional } from '../../../shared/sports/price.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { type DeskEventRow, type DeskSearch, searchDeskEvents } from './desk-search.ts';
import { listedSelection, type MarketRow, type SelectionRow } from './sb-rows.ts';

/**
 * What the trading desk shows: a page of the events its search finds (desk-search.ts) with every market
 * whatever its state, each selection's price in the three formats and its liability, and how many
 * open bets each market holds (by the legs' market index).
 */
export async function deskEvents(db: DbOrTx, search: DeskSearch) {
  const { rows: events, hasMore } = await searchDeskEvents(db, search);
  return { events: await withMarkets(db, events), hasMore };
}

async function withMarkets(db: DbOrTx, events: DeskEventRow[]) {
  if (events.length === 0) return [];
  const markets = await queryRows<
    MarketRow & {
      result_state: string;
      result: unknown;
      result_entered_by: number | null;
      proposed_result: unknown;
      proposed_by: number | null;
      feed_disagrees: unknown;
    }
  >(
    db,
    sql`select id, event_id, type, name, params, status, version, result_state, result, result_entered_by, proposed_result,
          proposed_by, feed_disagrees from sb_markets
        where event_id = any(${intArray(events.map((e) => Number(e.id)))}::int8[]) order by event_id, id`,
  );
  const marketIds = intArray(markets.map((m) => Number(m.id)));
  const [selections, openBets] = markets.length
    ? await Promise.all([
        queryRows<SelectionRow & { liability: { currency: string; amount: number }[] | string }>(
          db,
          // Per currency, never summed across them: a market's liability in baht and in won are two figures.
          sql`select s.id, s.market_id, s.key, s.name, s.price_num, s.price_den, s.open,
                coalesce((select jsonb_agg(jsonb_build_object('currency', l.currency, 'amount', l.liability)
                                           order by l.currency)
                          from sb_selection_liability l where l.selection_id = s.id and l.liability <> 0),
                         '[]'::jsonb) as liability
              from sb_selections s
              where s.market_id = any(${marketIds}::int8[]) order by s.market_id, s.sort_order, s.id`,
        ),
        queryRows<{ market_id: number; n: number }>(
          db,
          sql`select l.market_id, count(*)::int as n from sb_bet_legs l join sb_bets b on b.id = l.bet_id
              where l.market_id = any(${marketIds}::int8[]) and sb_bet_running(b.status)
              group by l.market_id`,
        ),
      ])
    : [[], []];
  const betsOf = new Map(openBets.map((r) => [Number(r.market_id), Number(r.n)]));
  return events.map((e) => ({
    id: Number(e.id),
    sportCode: e.sport_code,
    sport: e.sport,
    competition: e.competition,
    name: e.name,
    startsAt: new Date(e.starts_at).toISOString(),
    status: e.status,
    betStopAt: e.bet_stop_at ? new Date(e.bet_stop_at).toISOString() : null,
    score: e.score ?? null,
    source: e.source,
    markets: markets
      .filter((m) => Number(m.event_id) === Number(e.id))
      .map((m) => ({
        id: Number(m.id),
        type: m.type,
        name: m.name,
        line: m.params?.line ?? null,
        status: m.status,
        version: m.version,
        resultState: m.result_state,
        result: m.result ?? null,
        resultEnteredBy: m.result_entered_by === null ? null : Number(m.result_entered_by),
        proposedResult: m.proposed_result ?? null,
        proposedBy: m.proposed_by === null ? null : Number(m.proposed_by),
        feedDisagrees: m.feed_disagrees ?? null,
        openBets: betsOf.get(Number(m.id)) ?? 0,
        selections: selections
          .filter((s) => Number(s.market_id) === Number(m.id))
          .map((s) => {
            const price = frac(BigInt(s.price_num), BigInt(s.price_den));
            return {
              ...listedSelection(s),
              decimal: formatDecimal(price),
              fractional: formatFractional(price),
              american: formatAmerican(price),
              liability: (typeof s.liability === 'string' ? JSON.parse(s.liability) : s.liability).map(
                (l: { currency: string; amount: number }) => ({
                  currency: l.currency,
                  amount: Number(l.amount),
                }),
              ),
            };
          }),
      })),
  }));
}

/** The event a market belongs to, or undefined. */
export async function marketExists(db: DbOrTx, marketId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from sb_markets where id = ${marketId}`);
  return rows.length > 0;
}

/** The feed sources' cursors: records applied and the latest time (the desk's feed status). */
export async function feedSources(db: DbOrTx) {
  const rows = await queryRows<{ source: string; records: number; last: Date }>(
    db,
    sql`select source, count(*)::int as records, max(applied_at) as last from sb_feed_cursor group by source order by source`,
  );
  return rows.map((r) => ({
    source: r.source,
    records: Number(r.records),
    lastAppliedAt: new Date(r.last).toISOString(),
  }));
}
