import type { Market, SportEvent } from '../contract/sports-api.ts';

/** A selection's change: only the fields that moved. */
export interface SelectionDelta {
  id: number;
  price?: string;
  open?: boolean;
}

/** A market's change: its status or version, and the selections that moved. */
export interface MarketDelta {
  id: number;
  status?: string;
  version?: number;
  selections?: SelectionDelta[];
}

/**
 * What changed in an event since the stream last sent it (the `delta` message of /sports/live): the
 * fields that moved and, per market, only the selections whose price or state moved. A change the
 * delta cannot say (a market or selection added or removed, a name changed) is sent as the whole event.
 */
export interface EventDelta {
  id: number;
  status?: string;
  betStopAt?: string | null;
  score?: SportEvent['score'];
  markets?: MarketDelta[];
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The event's fields a delta never carries: when one of them changes, the whole event is sent. */
const FIXED = [
  'sportCode',
  'sport',
  'competitionId',
  'competition',
  'name',
  'home',
  'away',
  'startsAt',
] as const;

function marketDelta(before: Market, after: Market): MarketDelta | 'whole' | null {
  if (
    before.selections.length !== after.selections.length ||
    before.type !== after.type ||
    before.name !== after.name ||
    before.rounding !== after.rounding ||
    !same(before.params, after.params)
  )
    return 'whole';
  const delta: MarketDelta = { id: after.id };
  if (before.status !== after.status) delta.status = after.status;
  if (before.version !== after.version) delta.version = after.version;
  const selections: SelectionDelta[] = [];
  for (let i = 0; i < after.selections.length; i++) {
    const was = before.selections[i]!;
    const now = after.selections[i]!;
    if (was.id !== now.id || was.key !== now.key || was.name !== now.name) return 'whole';
    if (was.price === now.price && was.open === now.open) continue;
    const s: SelectionDelta = { id: now.id };
    if (was.price !== now.price) s.price = now.price;
    if (was.open !== now.open) s.open = now.open;
    selections.push(s);
  }
  if (selections.length > 0) delta.selections = selections;
  return Object.keys(delta).length > 1 ? delta : null;
}

/**
 * The delta from `before` to `after` (the same event): null when nothing changed, 'whole' when the
 * change is one a delta cannot carry.
 */
export function eventDelta(before: SportEvent, after: SportEvent): EventDelta | 'whole' | null {
  if (before.id !== after.id || before.markets.length !== after.markets.length) return 'whole';
  for (const field of FIXED) if (before[field] !== after[field]) return 'whole';
  const delta: EventDelta = { id: after.id };
  if (before.status !== after.status) delta.status = after.status;
  if (before.betStopAt !== after.betStopAt) delta.betStopAt = after.betStopAt;
  if (!same(before.score, after.score)) delta.score = after.score;
  const markets: MarketDelta[] = [];
  for (let i = 0; i < after.markets.length; i++) {
    const was = before.markets[i]!;
    const now = after.markets[i]!;
    if (was.id !== now.id) return 'whole';
    const m = marketDelta(was, now);
    if (m === 'whole') return 'whole';
    if (m) markets.push(m);
  }
  if (markets.length > 0) delta.markets = markets;
  return Object.keys(delta).length > 1 ? delta : null;
}

/** The event with a delta applied (a new object; markets and selections it does not name are kept as they are). */
export function applyEventDelta(event: SportEvent, delta: EventDelta): SportEvent {
  const next: SportEvent = { ...event };
  if (delta.status !== undefined) next.status = delta.status;
  if (delta.betStopAt !== undefined) next.betStopAt = delta.betStopAt;
  if (delta.score !== undefined) next.score = delta.score;
  if (delta.markets) {
    const byId = new Map(delta.markets.map((m) => [m.id, m]));
    next.markets = event.markets.map((market) => {
      const m = byId.get(market.id);
      if (!m) return market;
      const changed = new Map((m.selections ?? []).map((s) => [s.id, s]));
      return {
        ...market,
        status: m.status ?? market.status,
        version: m.version ?? market.version,
        selections: market.selections.map((s) => {
          const c = changed.get(s.id);
          return c ? { ...s, price: c.price ?? s.price, open: c.open ?? s.open } : s;
        }),
      };
    });
  }
  return next;
}
