import type { SportsCommitted } from '../../modules/live/live.notify.ts';
import type { ListedEvent } from './listing.service.ts';

type ListedMarket = ListedEvent['markets'][number];
/** One event's part of a commit's changes. */
export interface EventChanges {
  markets: SportsCommitted['markets'];
  selections: SportsCommitted['selections'];
}

/** A commit's changes, by the book's event id. */
export function changesByEvent(committed: SportsCommitted): Map<number, EventChanges> {
  const out = new Map<number, EventChanges>();
  const of = (id: number) => {
    let e = out.get(id);
    if (!e) {
      e = { markets: [], selections: [] };
      out.set(id, e);
    }
    return e;
  };
  for (const m of committed.markets) of(Number(m.e)).markets.push(m);
  for (const s of committed.selections) of(Number(s.e)).selections.push(s);
  return out;
}

/**
 * The event as a commit left it, worked out from the newest state held (`base`) and what the commit
 * changed, without reading it again: each market written gets its status and version, each selection
 * written its price and whether it is open. A market whose held version is already newer (a read saw
 * a later commit first) keeps what it holds, with its selections. Undefined when `base` lacks a market
 * or selection the commit names, or the market's new status is not one the listing shows: the caller
 * reads the event instead.
 */
export function patchEvent(base: ListedEvent, changes: EventChanges): ListedEvent | undefined {
  const byId = new Map<number, ListedMarket>(base.markets.map((m) => [m.id, m]));
  const next = new Map<number, ListedMarket>();
  const older = new Set<number>();
  /** Markets whose selections array is already this patch's own copy (base's is never written). */
  const copied = new Set<number>();
  for (const c of changes.markets) {
    const id = Number(c.id);
    const was = byId.get(id);
    if (!was || (c.st !== 'open' && c.st !== 'suspended')) return undefined;
    if (Number(c.v) < was.version) older.add(id);
    else next.set(id, { ...was, status: c.st, version: Number(c.v) });
  }
  for (const s of changes.selections) {
    const marketId = Number(s.m);
    if (older.has(marketId)) continue;
    const was = next.get(marketId) ?? byId.get(marketId);
    if (!was) return undefined;
    const at = was.selections.findIndex((x) => x.id === Number(s.id));
    if (at < 0) return undefined;
    const selections = copied.has(marketId) ? was.selections : [...was.selections];
    copied.add(marketId);
    selections[at] = { ...selections[at]!, price: `${s.n}/${s.d}`, open: s.o };
    next.set(marketId, { ...was, selections });
  }
  if (next.size === 0) return base;
  return { ...base, markets: base.markets.map((m) => next.get(m.id) ?? m) };
}

/**
 * A read's event, keeping each market a commit pushed meanwhile made at least as new (by version):
 * the read may have begun before that commit, and a stream must not go back to an older price.
 */
export function keepNewer(read: ListedEvent, held: ListedEvent): ListedEvent {
  const heldById = new Map(held.markets.map((m) => [m.id, m]));
  let kept = false;
  const markets = read.markets.map((m) => {
    const h = heldById.get(m.id);
    if (h && h.version >= m.version && h.selections.length === m.selections.length) {
      kept = true;
      return h;
    }
    return m;
  });
  return kept ? { ...read, markets } : read;
}
