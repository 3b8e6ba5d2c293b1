import type { FastifyInstance } from 'fastify';
import { eventDelta } from '../../../shared/sports/event-delta.ts';
import { startSse } from '../../http/sse.ts';
import type { LiveHub } from '../../modules/live/live.hub.ts';
import type { ListedEvent } from './listing.service.ts';

/** A sports window's stream: the events it shows. */
interface Watcher {
  events: Set<number>;
  /**
   * Also events the book opens later (`new=<id>`: a listed event with a higher id than any the window
   * holds): each is sent whole once and then followed like the others. Undefined: none.
   */
  discoversAbove: number | undefined;
  /**
   * What the stream last got of each event (the shared read's object: streams hold references, not
   * copies); null once told the event is gone.
   */
  last: Map<number, ListedEvent | null>;
  send(event: string, data: unknown): void;
  ping(): void;
  end(): void;
}

/**
 * Changes come in bursts (a price move touches a market and its selections) and a live event's prices
 * move many times a second: one read per interval, so moves within it reach a stream as one delta
 * carrying the last price.
 */
export const COALESCE_MS = 300;
const PING_MS = 20_000;
/** At most this many events per stream (a window shows a page of them). */
export const MAX_WATCHED = 200;
/** The states the listing shows: an event in one of them that a discovering stream lacks is new to it. */
const LISTED = new Set(['scheduled', 'live']);

/**
 * Pushes the events a sports window shows (on screen, on its slip, in its open bets) whenever their
 * prices, markets or scores change: the live channel (notify_sports.sql, from any process) names the
 * events; this process reads them once per interval for all its streams and sends each stream, for the
 * events it watches, only what changed since it last got them (`delta`), or the whole event (`event`)
 * the first time and when a delta cannot say the change.
 */
export class SportsLiveFeed {
  private readonly watchers = new Set<Watcher>();
  private dirty = new Set<number>();
  private everything = false;
  private pending: NodeJS.Timeout | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly read: (ids: number[]) => Promise<ListedEvent[]>) {
    this.timer = setInterval(() => {
      for (const w of this.watchers) w.ping();
    }, PING_MS);
    this.timer.unref();
  }

  get size(): number {
    return this.watchers.size;
  }

  async add(w: Omit<Watcher, 'last'>): Promise<() => void> {
    const watcher: Watcher = { ...w, last: new Map() };
    this.watchers.add(watcher);
    await this.push([...watcher.events], [watcher]);
    return () => this.watchers.delete(watcher);
  }

  changed(events: number[] | null): void {
    if (this.watchers.size === 0) return;
    if (events === null) this.everything = true;
    else for (const id of events) this.dirty.add(id);
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      const watched = new Set<number>();
      for (const w of this.watchers) for (const id of w.events) watched.add(id);
      // A stream that discovers wants to hear of events it does not watch yet (a new fixture's markets).
      let above = Number.POSITIVE_INFINITY;
      for (const w of this.watchers)
        if (w.discoversAbove !== undefined) above = Math.min(above, w.discoversAbove);
      const ids = this.everything
        ? [...watched]
        : [...this.dirty].filter((id) => watched.has(id) || id > above);
      this.dirty = new Set();
      this.everything = false;
      void this.push(ids, [...this.watchers]);
    }, COALESCE_MS);
    this.pending.unref();
  }

  close(): void {
    clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    for (const w of this.watchers) w.end();
    this.watchers.clear();
  }

  private async push(ids: number[], targets: Watcher[]): Promise<void> {
    if (ids.length === 0) return;
    let events: ListedEvent[];
    try {
      events = await this.read(ids.slice(0, MAX_WATCHED * 4));
    } catch {
      return; // the next change reads again
    }
    const byId = new Map(events.map((e) => [e.id, e]));
    // Streams that last got the same object of an event get the same message: worked out once.
    const messages = new Map<ListedEvent, ReturnType<typeof eventDelta>>();
    for (const w of targets) {
      if (!this.watchers.has(w)) continue;
      for (const id of ids) {
        const event = byId.get(id);
        if (!w.events.has(id)) {
          if (w.discoversAbove === undefined || id <= w.discoversAbove) continue;
          if (!event || !LISTED.has(event.status) || w.events.size >= MAX_WATCHED) continue;
          w.events.add(id);
        }
        const before = w.last.get(id);
        if (!event) {
          if (before === null) continue; // already told
          w.last.set(id, null);
          w.send('gone', { id });
          continue;
        }
        w.last.set(id, event);
        if (!before) {
          w.send('event', event);
          continue;
        }
        if (before === event) continue;
        let message = messages.get(before);
        if (message === undefined && !messages.has(before)) {
          message = eventDelta(before, event);
          messages.set(before, message);
        }
        if (message === null || message === undefined) continue;
        if (message === 'whole') w.send('event', event);
        else w.send('delta', message);
      }
    }
  }
}

/** Event ids from `?events=1,2,3`: positive integers, at most MAX_WATCHED, or undefined when malformed. */
export function parseEventIds(text: unknown): number[] | undefined {
  if (typeof text !== 'string' || text.length > 4000) return undefined;
  const parts = text.split(',').filter((p) => p !== '');
  if (parts.length === 0 || parts.length > MAX_WATCHED || parts.some((p) => !/^\d{1,15}$/.test(p)))
    return undefined;
  const ids = [...new Set(parts.map(Number))];
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : undefined;
}

/**
 * GET /sports/live?events=1,2,3[&new=<id>]: the sports window's Server-Sent Events stream for the events
 * it shows (on screen, on its slip, in its open bets; the window opens a new stream when that set
 * changes). `event` (an event as the listing gives it) at once, then `delta` (shared/sports/event-delta.ts:
 * only what moved) at most once per COALESCE_MS, or `event` again when a delta cannot carry the change;
 * `gone` when it no longer takes bets. With `new=<id>` also each event the book opens later with a higher
 * id (the highest the window's listing holds), sent whole and then followed like the others.
 * Prices are public like the listing, so no session is needed.
 */
export async function sportsLiveRoutes(
  app: FastifyInstance,
  hub: LiveHub,
  read: (ids: number[]) => Promise<ListedEvent[]>,
): Promise<SportsLiveFeed> {
  const feed = new SportsLiveFeed(read);
  const stop = hub.onSports((events) => feed.changed(events));
  app.addHook('preClose', async () => {
    stop();
    feed.close();
  });
  app.get<{ Querystring: { events?: string; new?: string } }>('/sports/live', async (request, reply) => {
    const ids = parseEventIds(request.query.events);
    if (!ids)
      return reply
        .code(400)
        .send({ status: 'invalid', message: 'events: a comma list of up to 200 event ids' });
    const discovers = request.query.new;
    if (discovers !== undefined && !/^\d{1,15}$/.test(discovers))
      return reply
        .code(400)
        .send({ status: 'invalid', message: 'new: the highest event id the window holds, or nothing' });
    const discoversAbove = discovers === undefined ? undefined : Number(discovers);
    const { send, ping, end } = startSse(reply, '');
    const remove = await feed.add({ events: new Set(ids), discoversAbove, send, ping, end });
    request.raw.on('close', remove);
  });
  return feed;
}
