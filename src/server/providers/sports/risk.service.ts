import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/**
 * The desk's risk views, read from the liability the book already keeps per selection and currency
 * (sb_selection_liability, moved with every bet by liability.ts). A selection's liability is what the
 * book pays beyond the stakes if it wins; the rule for the larger figures lives here only:
 *  - a market's worst case is its worst selection's (only one selection of a market wins; the same
 *    figure the market's max liability limit is checked against, placement.service.ts);
 *  - an event's is the sum of its markets' worst cases (a bound: each market could go the book's worst way).
 * Every figure is per currency: baht and won are never added. Which selections a bet's liability sits
 * on (every leg, or a multiple's open leg only) is liability.ts's one rule; these views only read it.
 */
export type PerCurrency = { currency: string; amount: number }[];

interface Row {
  event_id: number;
  event: string;
  event_status: string;
  starts_at: Date;
  market_id: number;
  market: string;
  market_status: string;
  selection_id: number;
  key: string;
  selection: string;
  currency: string;
  liability: number;
}

const sorted = (m: Map<string, number>): PerCurrency =>
  [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, amount]) => ({ currency, amount }));

/** The market's worst case per currency: the largest of its selections' liabilities. */
export function marketWorstCase(selections: { liability: PerCurrency }[]): PerCurrency {
  const worst = new Map<string, number>();
  for (const s of selections)
    for (const l of s.liability) worst.set(l.currency, Math.max(worst.get(l.currency) ?? 0, l.amount));
  return sorted(worst);
}

/** The event's worst case per currency: its markets' worst cases added, currency by currency. */
export function eventWorstCase(markets: { liability: PerCurrency }[]): PerCurrency {
  const sum = new Map<string, number>();
  for (const m of markets)
    for (const l of m.liability) sum.set(l.currency, (sum.get(l.currency) ?? 0) + l.amount);
  return sorted(sum);
}

/**
 * Liability rows of markets still open to bets or results (settled and cancelled ones hold none), read
 * from those markets (their partial index, sb_markets_unsettled) down to their selections' liability:
 * the work follows the book's open markets, not every liability row it ever kept.
 */
export const liabilitySql = (q: { event?: number; currency?: string }) =>
  sql`select e.id as event_id, e.name as event, e.status as event_status, e.starts_at, m.id as market_id, m.name as market,
        m.status as market_status, s.id as selection_id, s.key, s.name as selection, l.currency, l.liability
      from sb_markets m join sb_selections s on s.market_id = m.id
      join sb_selection_liability l on l.selection_id = s.id join sb_events e on e.id = m.event_id
      where m.status in ('open', 'suspended') and l.liability > 0
        ${q.event ? sql`and e.id = ${q.event}` : sql``} ${q.currency ? sql`and l.currency = ${q.currency}` : sql``}
      order by e.starts_at, e.id, m.id, s.sort_order, s.id, l.currency`;

async function liabilityRows(db: DbOrTx, q: { event?: number; currency?: string }) {
  return queryRows<Row>(db, liabilitySql(q));
}

const EVENTS_SHOWN = 30;
const EXPOSURES_SHOWN = 20;

/**
 * Per event, market and selection, and the biggest single exposures (each in its own currency). With a
 * currency the events are ranked by their worst case in it; without, by start.
 */
export async function riskView(db: DbOrTx, q: { event?: number; currency?: string }) {
  const rows = await liabilityRows(db, q);
  const events = new Map<
    number,
    {
      row: Row;
      markets: Map<number, { row: Row; selections: Map<number, { row: Row; liability: PerCurrency }> }>;
    }
  >();
  for (const r of rows) {
    const e = events.get(Number(r.event_id)) ?? { row: r, markets: new Map() };
    events.set(Number(r.event_id), e);
    const m = e.markets.get(Number(r.market_id)) ?? { row: r, selections: new Map() };
    e.markets.set(Number(r.market_id), m);
    const s = m.selections.get(Number(r.selection_id)) ?? { row: r, liability: [] };
    m.selections.set(Number(r.selection_id), s);
    s.liability.push({ currency: r.currency, amount: Number(r.liability) });
  }
  const view = [...events.values()].map((e) => {
    const markets = [...e.markets.values()].map((m) => {
      const selections = [...m.selections.values()].map((s) => ({
        id: Number(s.row.selection_id),
        key: s.row.key,
        name: s.row.selection,
        liability: s.liability,
      }));
      return {
        id: Number(m.row.market_id),
        name: m.row.market,
        status: m.row.market_status,
        liability: marketWorstCase(selections),
        selections,
      };
    });
    return {
      id: Number(e.row.event_id),
      name: e.row.event,
      status: e.row.event_status,
      startsAt: new Date(e.row.starts_at).toISOString(),
      liability: eventWorstCase(markets),
      markets,
    };
  });
  if (q.currency) {
    const inCurrency = (e: (typeof view)[number]) =>
      e.liability.find((l) => l.currency === q.currency)?.amount ?? 0;
    view.sort((a, b) => inCurrency(b) - inCurrency(a) || a.id - b.id);
  }
  const exposures = rows
    .map((r) => ({
      eventId: Number(r.event_id),
      event: r.event,
      marketId: Number(r.market_id),
      market: r.market,
      selectionId: Number(r.selection_id),
      selection: r.selection,
      currency: r.currency,
      amount: Number(r.liability),
    }))
    // Biggest first within each currency; the currencies in their code's order.
    .sort((a, b) => (a.currency === b.currency ? b.amount - a.amount : a.currency < b.currency ? -1 : 1));
  const perCurrency = new Map<string, number>();
  const top = exposures.filter((x) => {
    const n = (perCurrency.get(x.currency) ?? 0) + 1;
    perCurrency.set(x.currency, n);
    return n <= EXPOSURES_SHOWN;
  });
  return { events: view.slice(0, EVENTS_SHOWN), exposures: top };
}
