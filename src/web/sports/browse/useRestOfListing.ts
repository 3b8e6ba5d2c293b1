import { useEffect, useState } from 'react';
import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { MAX_LISTING } from '../../../shared/sports/listing.ts';
import { sportsCall } from '../api.ts';

/** A page of the listing past what the live events hold (the book's largest page). */
const PAGE = 200;

/**
 * The listing past its first page (the live events' hook loads the first 200): the next pages by
 * offset, fetched one after another when the browser is idle, up to MAX_LISTING events. They are the
 * listing's as the book had them; an event the live stream has pushed shows its pushed state instead
 * (`withRest`). An event opened or ended between two pages may be missed or listed twice until the
 * window is opened again; the stream corrects what it follows.
 */
export function useRestOfListing(held: number, loaded: boolean): SportEvent[] {
  const [rest, setRest] = useState<SportEvent[]>([]);
  const ready = loaded && held >= PAGE;
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    const next = (offset: number) => {
      if (cancelled || offset >= MAX_LISTING) return;
      sportsCall('events', { limit: PAGE, offset })
        .then((page) => {
          if (cancelled) return;
          setRest((current) => [...current, ...page.events]);
          if (page.events.length === PAGE) idle(() => next(offset + PAGE));
        })
        .catch(() => undefined);
    };
    idle(() => next(PAGE));
    return () => {
      cancelled = true;
    };
  }, [ready]);
  return rest;
}

const idle = (work: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(work, { timeout: 2_000 })
    : setTimeout(work, 50);

/** The live events with the rest of the listing: an event held live wins over its listed copy. */
export function withRest(events: Map<number, SportEvent>, rest: SportEvent[]): Iterable<SportEvent> {
  if (rest.length === 0) return events.values();
  const all = new Map(events);
  for (const e of rest) if (!all.has(e.id)) all.set(e.id, e);
  return all.values();
}
