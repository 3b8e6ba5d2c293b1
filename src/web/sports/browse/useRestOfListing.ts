import { useEffect, useState } from 'react';
import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { MAX_LISTING } from '../../../shared/sports/listing.ts';
import { sportsCall } from '../api.ts';

/** A page of the listing past what the live events hold (the book's largest page). */
export const PAGE = 200;

/** Tries of one page before the rest of the listing is given up until the window is opened again. */
export const PAGE_TRIES = 6;

/** The wait before the n-th retry of a failed page: 1 s, 2 s, 4 s, … at most 30 s. */
export const retryDelay = (retry: number): number => Math.min(30_000, 1_000 * 2 ** (retry - 1));

/** How the loader waits: for an idle moment before the next page, or a while before a retry. */
export interface Waits {
  idle(): Promise<void>;
  sleep(ms: number): Promise<void>;
}

/**
 * Loads the listing past its first page, one page after another, handing each to `onPage`. A page
 * that fails (a timeout, a restart, a rate limit) is asked for again after a growing wait, so one
 * lost request does not leave the member a shortened list; after PAGE_TRIES failures in a row it
 * stops. Stops as soon as `stopped()` says so (the window closed).
 */
export async function loadRestOfListing(
  fetchPage: (offset: number) => Promise<SportEvent[]>,
  onPage: (events: SportEvent[]) => void,
  waits: Waits,
  stopped: () => boolean,
): Promise<void> {
  let offset = PAGE;
  let failures = 0;
  await waits.idle();
  while (offset < MAX_LISTING && !stopped()) {
    let events: SportEvent[];
    try {
      events = await fetchPage(offset);
    } catch {
      failures++;
      if (failures >= PAGE_TRIES) return;
      await waits.sleep(retryDelay(failures));
      continue;
    }
    if (stopped()) return;
    failures = 0;
    onPage(events);
    if (events.length < PAGE) return;
    offset += PAGE;
    await waits.idle();
  }
}

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
    void loadRestOfListing(
      async (offset) => (await sportsCall('events', { limit: PAGE, offset })).events,
      (events) => setRest((current) => [...current, ...events]),
      browserWaits,
      () => cancelled,
    );
    return () => {
      cancelled = true;
    };
  }, [ready]);
  return rest;
}

const browserWaits: Waits = {
  idle: () =>
    new Promise((resolve) => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else setTimeout(resolve, 50);
    }),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The live events with the rest of the listing: an event held live wins over its listed copy. */
export function withRest(events: Map<number, SportEvent>, rest: SportEvent[]): Iterable<SportEvent> {
  if (rest.length === 0) return events.values();
  const all = new Map(events);
  for (const e of rest) if (!all.has(e.id)) all.set(e.id, e);
  return all.values();
}
