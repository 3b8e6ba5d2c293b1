import type { FastifyInstance } from 'fastify';
import { startSse } from '../../http/sse.ts';
import type { LiveHub } from '../../modules/live/live.hub.ts';
import type { ListedEvent } from './listing.service.ts';

/** A sports window's stream: the events it shows. */
interface Watcher {
  events: Set<number>;
  /** Also events that open after the stream started (`new=1`): they join `events` as they come. */
  discovers: boolean;
  last: Map<number, string>;
  /** Writes ready Server-Sent Events frames (one write for all a push brings it). */
  write(frames: string): void;
  ping(): void;
  end(): void;
}

/**
 * Changes come in bursts (a price move touches a market and its selections): one read per burst.
 * Short, because a price should reach the member's window within tens of milliseconds of the feed
 * (bench:feed, p99 < 50 ms); under a fast feed each read then carries every event changed meanwhile.
 */
const COALESCE_MS = 10;
const PING_MS = 20_000;
/** At most this many events per stream (a window shows a page of them). */
export const MAX_WATCHED = 200;
/** The states the listing shows: an event in one of them that a discovering stream lacks is new to it. */
const LISTED = new Set(['scheduled', 'live']);

/**
 * Pushes the events a sports window shows whenever their prices, markets or scores change: the live
 * channel (notify_sports.sql, from any process) names the events; this process reads them once for all
 * its streams and sends each stream the events it watches whose state differs from what it last got.
 */
export class SportsLiveFeed {
  private readonly watchers = new Set<Watcher>();
  /** The streams watching each event: a burst reaches only them, not every stream in turn. */
  private readonly byEvent = new Map<number, Set<Watcher>>();
  private readonly discoverers = new Set<Watcher>();
  private dirty = new Set<number>();
  private everything = false;
  private pending: NodeJS.Timeout | undefined;
  private reading = false;
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
    for (const id of watcher.events) this.index(watcher, id);
    if (watcher.discovers) this.discoverers.add(watcher);
    await this.push([...watcher.events], [watcher]);
    return () => {
      this.watchers.delete(watcher);
      this.discoverers.delete(watcher);
      for (const id of watcher.events) this.byEvent.get(id)?.delete(watcher);
    };
  }

  private index(w: Watcher, id: number): void {
    const set = this.byEvent.get(id);
    if (set) set.add(w);
    else this.byEvent.set(id, new Set([w]));
  }

  changed(events: number[] | null): void {
    if (this.watchers.size === 0) return;
    if (events === null) this.everything = true;
    else for (const id of events) this.dirty.add(id);
    this.schedule();
  }

  /**
   * One read at a time: changes that come while one is under way wait for it and go in the next, so
   * a fast feed on a busy database makes fewer, larger reads instead of a pile of overlapping ones.
   */
  private schedule(): void {
    if (this.pending || this.reading) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      const watched = (id: number) => (this.byEvent.get(id)?.size ?? 0) > 0;
      // A stream that discovers wants to hear of events it does not watch yet (a new fixture's markets).
      const discovering = this.discoverers.size > 0;
      const ids = this.everything
        ? [...this.byEvent.keys()].filter(watched)
        : [...this.dirty].filter((id) => discovering || watched(id));
      this.dirty = new Set();
      this.everything = false;
      this.reading = true;
      void this.pushToAll(ids).finally(() => {
        this.reading = false;
        if (this.dirty.size > 0 || this.everything) this.schedule();
      });
    }, COALESCE_MS);
    this.pending.unref();
  }

  close(): void {
    clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    for (const w of this.watchers) w.end();
    this.watchers.clear();
  }

  /** The events read once and serialised once (a thousand members watch the same prices). */
  private async readJson(ids: number[]) {
    const events = await this.read(ids.slice(0, MAX_WATCHED * 4));
    const byId = new Map(events.map((e) => [e.id, e]));
    const jsonOf = new Map<number, string>();
    for (const id of ids) {
      const event = byId.get(id);
      jsonOf.set(id, event ? JSON.stringify(event) : JSON.stringify({ id }));
    }
    return { byId, jsonOf };
  }

  /** A burst's events to the streams watching them (and to discovering streams, a listed event new to them). */
  private async pushToAll(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    let read: Awaited<ReturnType<SportsLiveFeed['readJson']>>;
    try {
      read = await this.readJson(ids);
    } catch {
      return; // the next change reads again
    }
    const { byId, jsonOf } = read;
    const frames = new Map<Watcher, string>();
    for (const id of ids) {
      const event = byId.get(id);
      if (event && LISTED.has(event.status))
        for (const w of this.discoverers)
          if (!w.events.has(id) && w.events.size < MAX_WATCHED) {
            w.events.add(id);
            this.index(w, id);
          }
      const json = event ? jsonOf.get(id)! : 'gone';
      const frame = `event: ${event ? 'event' : 'gone'}\ndata: ${jsonOf.get(id)!}\n\n`;
      for (const w of this.byEvent.get(id) ?? []) {
        if (w.last.get(id) === json) continue;
        w.last.set(id, json);
        frames.set(w, (frames.get(w) ?? '') + frame);
      }
    }
    for (const [w, text] of frames) if (this.watchers.has(w)) w.write(text);
  }

  /** A new stream's first state: the events it asked for. */
  private async push(ids: number[], targets: Watcher[]): Promise<void> {
    if (ids.length === 0) return;
    let read: Awaited<ReturnType<SportsLiveFeed['readJson']>>;
    try {
      read = await this.readJson(ids);
    } catch {
      return; // the next change reads again
    }
    const { byId, jsonOf } = read;
    for (const w of targets) {
      if (!this.watchers.has(w)) continue;
      let frames = '';
      for (const id of ids) {
        const event = byId.get(id);
        if (!w.events.has(id)) {
          if (!w.discovers || !event || !LISTED.has(event.status) || w.events.size >= MAX_WATCHED) continue;
          w.events.add(id);
        }
        const json = event ? jsonOf.get(id)! : 'gone';
        if (w.last.get(id) === json) continue;
        w.last.set(id, json);
        frames += `event: ${event ? 'event' : 'gone'}\ndata: ${jsonOf.get(id)!}\n\n`;
      }
      if (frames) w.write(frames);
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
 * GET /sports/live?events=1,2,3[&new=1]: the sports window's Server-Sent Events stream for the events it
 * shows. `event` (an event as the listing gives it) at once and whenever it changes; `gone` when it no
 * longer takes bets; with `new=1` also each event the book opens later (then followed like the others).
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
    if (discovers !== undefined && discovers !== '1')
      return reply.code(400).send({ status: 'invalid', message: 'new: 1 or nothing' });
    const { ping, end } = startSse(reply, '');
    const write = (frames: string) => reply.raw.write(frames);
    const remove = await feed.add({ events: new Set(ids), discovers: discovers === '1', write, ping, end });
    request.raw.on('close', remove);
  });
  return feed;
}
