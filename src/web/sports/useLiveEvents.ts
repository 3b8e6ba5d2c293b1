import { useCallback, useEffect, useRef, useState } from 'react';
import type { SportEvent } from '../../shared/contract/sports-api.ts';
import { sportsCall } from './api.ts';

/**
 * The events the window shows, kept current by the server: the listing once, then the stream
 * /sports/live for those events and any the book opens later (`new=1`; pushed through LISTEN/NOTIFY,
 * never polled). EventSource reconnects by itself; each (re)connect sends every event's state again.
 */
export function useLiveEvents() {
  const [events, setEvents] = useState<Map<number, SportEvent>>(new Map());
  const [loaded, setLoaded] = useState(false);
  const ids = [...events.keys()].sort((a, b) => a - b).join(',');
  const idsRef = useRef(ids);
  idsRef.current = ids;

  useEffect(() => {
    sportsCall('events', { limit: 200 })
      .then((reply) => setEvents(new Map(reply.events.map((e) => [e.id, e]))))
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  }, []);

  useEffect(() => {
    if (ids === '') return;
    const source = new EventSource(`/sports/live?events=${ids}&new=1`);
    source.addEventListener('event', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as SportEvent;
      setEvents((current) => new Map(current).set(event.id, event));
    });
    source.addEventListener('gone', (message) => {
      const { id } = JSON.parse((message as MessageEvent<string>).data) as { id: number };
      setEvents((current) => {
        const next = new Map(current);
        const event = next.get(id);
        // Kept (a slip may hold it) but shown as closed.
        if (event) next.set(id, { ...event, status: 'ended', markets: [] });
        return next;
      });
    });
    return () => source.close();
  }, [ids]);

  /**
   * Events the window found another way (a search, a league, a favourite, an event page): kept with the
   * rest, so the stream keeps their prices live too. An event already held keeps its pushed state.
   */
  const adopt = useCallback((found: SportEvent[]) => {
    if (found.length === 0) return;
    setEvents((current) => {
      if (found.every((e) => current.has(e.id))) return current;
      const next = new Map(current);
      for (const e of found) if (!next.has(e.id)) next.set(e.id, e);
      return next;
    });
  }, []);

  return { events, loaded, adopt };
}

/** The listing's order: live events first, then by start; a new event takes its place among them. */
export function inListingOrder(events: Iterable<SportEvent>): SportEvent[] {
  const live = (e: SportEvent) => (e.status === 'live' ? 0 : 1);
  return [...events].sort(
    (a, b) => live(a) - live(b) || Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id,
  );
}

/**
 * The member's balance, pushed by the site's own live stream (/api/live, the session cookie) whenever
 * it changes: a stake, a settlement, a deposit. Starts from what the book's init answered.
 */
export function useLiveBalance(initial: number | undefined) {
  const [balance, setBalance] = useState<number | undefined>(initial);
  useEffect(() => setBalance(initial), [initial]);
  useEffect(() => {
    const source = new EventSource('/api/live');
    source.addEventListener('state', (message) => {
      const state = JSON.parse((message as MessageEvent<string>).data) as { user?: { balance?: number } };
      if (typeof state.user?.balance === 'number') setBalance(state.user.balance);
    });
    source.addEventListener('end', () => source.close());
    source.onerror = () => {
      // No site session here (a guest link): nothing to push; the slip keeps the book's figure.
      if (source.readyState === EventSource.CLOSED) source.close();
    };
    return () => source.close();
  }, []);
  return [balance, setBalance] as const;
}
