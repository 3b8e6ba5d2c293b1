import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { SportEvent } from '../../shared/contract/sports-api.ts';
import { applyEventDelta, type EventDelta } from '../../shared/sports/event-delta.ts';
import { sportsCall } from './api.ts';
import { watchEventsOnScreen } from './eventsOnScreen.ts';

/** The first screen's events: one small request, so that what a phone shows first comes first. */
export const FIRST_SCREEN_EVENTS = 20;
/** The rest of the listing, fetched once the first screen is up and the browser is idle. */
const LISTING_EVENTS = 200;
/** The set of followed events settles (a scroll, a slip change) before the stream is opened again. */
const RESUBSCRIBE_MS = 250;

type Message =
  | { kind: 'event'; event: SportEvent }
  | { kind: 'delta'; delta: EventDelta }
  | { kind: 'gone'; id: number };

/** Applies a frame's messages in one state update (a delta for an event not held is dropped: its whole event follows). */
function applyMessages(current: Map<number, SportEvent>, messages: Message[]): Map<number, SportEvent> {
  const next = new Map(current);
  for (const m of messages) {
    if (m.kind === 'event') next.set(m.event.id, m.event);
    else if (m.kind === 'delta') {
      const held = next.get(m.delta.id);
      if (held) next.set(held.id, applyEventDelta(held, m.delta));
    } else {
      const held = next.get(m.id);
      // Kept (a slip may hold it) but shown as closed.
      if (held) next.set(m.id, { ...held, status: 'ended', markets: [] });
    }
  }
  return next;
}

let firstScreen: ReturnType<typeof sportsCall<'events'>> | undefined;
/**
 * Asks for the first screen's events once (main.tsx calls it before the window's words have loaded,
 * so the two travel together); the hook then takes that answer.
 */
export function prefetchFirstScreen() {
  firstScreen ??= sportsCall('events', { limit: FIRST_SCREEN_EVENTS });
  return firstScreen;
}

let seeded: SportEvent[] | undefined;
/**
 * The first screen's events the server rendered the window with (sports/shell.ts): the hook starts
 * with them, loaded, so the window's first render is the server's.
 */
export function seedFirstScreen(events: SportEvent[], newest: number): void {
  seeded = events;
  firstScreen = Promise.resolve({ status: 'success', events, newest } as Awaited<
    ReturnType<typeof sportsCall<'events'>>
  >);
}

const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(work, { timeout: 2_000 })
    : setTimeout(work, 50);

/**
 * The events the window shows, kept current by the server. The first screen's events in one small
 * request, the rest of the listing when the browser is idle; then the stream /sports/live for only the
 * events the member can see: those on screen (elements marked `data-event`, eventsOnScreen.ts) and those
 * another part of the window names through `follow` (the slip), plus any the book opens later. The
 * stream sends an event whole, then only what moved (deltas, at most one push per 25 ms); a frame's messages
 * are applied in one update. When the followed set changes the stream is opened again for the new set.
 */
export function useLiveEvents() {
  const [events, setEvents] = useState<Map<number, SportEvent>>(() => new Map(seeded?.map((e) => [e.id, e])));
  const [loaded, setLoaded] = useState(seeded !== undefined);
  const [onScreen, setOnScreen] = useState<number[]>([]);
  const [named, setNamed] = useState<Record<string, number[]>>({});
  const [followed, setFollowed] = useState('');
  // The stream's `new`: events above the book's newest when the listing was read, and above any held
  // (one opened later and found another way), are the ones the window has not heard of.
  const highest = useRef(0);
  for (const id of events.keys()) if (id > highest.current) highest.current = id;

  useEffect(() => {
    let cancelled = false;
    prefetchFirstScreen()
      .then((reply) => {
        if (cancelled) return;
        if (reply.newest > highest.current) highest.current = reply.newest;
        // Rendered with them already (a server-rendered window): no second render of the same list.
        if (seeded === undefined) setEvents(new Map(reply.events.map((e) => [e.id, e])));
        if (reply.events.length < FIRST_SCREEN_EVENTS) return;
        whenIdle(() => {
          sportsCall('events', { limit: LISTING_EVENTS })
            .then((rest) => {
              if (cancelled) return;
              // An event already held keeps its pushed state (a transition: on Preact, an ordinary update).
              startTransition(() =>
                setEvents((current) => {
                  const next = new Map(current);
                  for (const e of rest.events) if (!next.has(e.id)) next.set(e.id, e);
                  return next;
                }),
              );
            })
            .catch(() => undefined);
        });
      })
      .catch(() => undefined)
      .finally(() => setLoaded(true));
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => watchEventsOnScreen(setOnScreen), []);

  // The union of what is on screen and what is named, settled for a moment before the stream follows it.
  useEffect(() => {
    const ids = new Set(onScreen);
    for (const list of Object.values(named)) for (const id of list) ids.add(id);
    const key = [...ids].sort((a, b) => a - b).join(',');
    const timer = setTimeout(() => setFollowed(key), followed === '' ? 0 : RESUBSCRIBE_MS);
    return () => clearTimeout(timer);
  }, [onScreen, named, followed]);

  useEffect(() => {
    if (followed === '') return;
    const source = new EventSource(`/sports/live?events=${followed}&new=${highest.current}`);
    let queue: Message[] = [];
    let frame = 0;
    const enqueue = (m: Message) => {
      queue.push(m);
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        const batch = queue;
        queue = [];
        setEvents((current) => applyMessages(current, batch));
      });
    };
    const data = (message: Event) => JSON.parse((message as MessageEvent<string>).data);
    source.addEventListener('event', (m) => enqueue({ kind: 'event', event: data(m) as SportEvent }));
    source.addEventListener('delta', (m) => enqueue({ kind: 'delta', delta: data(m) as EventDelta }));
    source.addEventListener('gone', (m) => enqueue({ kind: 'gone', id: (data(m) as { id: number }).id }));
    return () => {
      source.close();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [followed]);

  /**
   * Events the window found another way (a search, a league, a favourite, an event page): kept with the
   * rest; their prices are live while they are on screen. An event already held keeps its pushed state.
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

  /**
   * Names events to follow whatever is on screen, under a key (`follow('slip', ids)`): the slip's prices
   * stay live while the slip is closed. The same key again replaces its list.
   */
  const follow = useCallback((key: string, ids: number[]) => {
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    setNamed((current) =>
      (current[key] ?? []).join(',') === sorted.join(',') ? current : { ...current, [key]: sorted },
    );
  }, []);

  return { events, loaded, adopt, follow };
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
