import type { FastifyInstance } from 'fastify';
import { eventDelta } from '../../../shared/sports/event-delta.ts';
import { errors } from '../../http/errors.ts';
import { serveSse } from '../../http/sse.ts';
import type { LiveHub } from '../../modules/live/live.hub.ts';
import type { SportsCommitted } from '../../modules/live/live.notify.ts';
import { feedStamps, stampNow } from './feed-stamps.ts';
import type { ListedEvent } from './listing.service.ts';
import { changesByEvent, keepNewer, patchEvent } from './live-patch.ts';

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
  /** Writes ready Server-Sent Events frames (one write for all a push brings it). */
  write(frames: string): void;
  ping(): void;
  end(): void;
}

/**
 * One rule for a price's delay and a phone's load: a push to the streams starts at once when the last
 * one started at least COALESCE_MS ago, otherwise at COALESCE_MS after it. A move after a quiet spell
 * reaches a window within a read (no fixed wait: the 150 ms this used to be is three times the feed's
 * 50-ms target from broker to stream); a live event's burst (a price move touches a market and its
 * selections, and comes again and again) reaches a stream as at most one frame per 25 ms carrying the
 * last price of every event it watches that moved (a phone never gets more than 40 writes a second,
 * whatever the feed's rate). Reads never overlap: changes that come during one go in the next.
 */
export const COALESCE_MS = 25;
const PING_MS = 20_000;
/** At most this many events per stream (a window shows a page of them). */
export const MAX_WATCHED = 200;
/**
 * At most this many events per read (the listing's own bound, listEvents' `limit`): a push over more
 * (a re-read of everything watched after a lost connection, a burst over many events) reads them a page
 * after another, so no watched event is left out of it, nor reported gone for missing from a cut answer.
 */
export const READ_PAGE = 200;
/** The states the listing shows: an event in one of them that a discovering stream lacks is new to it. */
const LISTED = new Set(['scheduled', 'live']);

/**
 * Pushes the events a sports window shows (on screen, on its slip, in its open bets) whenever their
 * prices, markets or scores change: the live channel (notify_sports.sql, from any process) names the
 * events; this process reads them once per interval for all its streams and sends each stream, for the
 * events it watches, only what changed since it last got them (`delta`), or the whole event (`event`)
 * the first time and when a delta cannot say the change. The feed's batches this process commits
 * itself come with what they changed (LiveHub.sportsCommitted): applied to the event as last held
 * (live-patch.ts), they are pushed by the same rule and the same frames, without a read.
 */
export class SportsLiveFeed {
  private readonly watchers = new Set<Watcher>();
  /** The streams watching each event: a burst reaches only them, not every stream in turn. */
  private readonly byEvent = new Map<number, Set<Watcher>>();
  private readonly discoverers = new Set<Watcher>();
  private dirty = new Set<number>();
  /** The newest state held of each watched event (a read's, or a commit's changes applied to it). */
  private readonly held = new Map<number, ListedEvent>();
  /** Commits applied so far, and the count at each event's last: a read begun before keeps what it made newer. */
  private patches = 0;
  private readonly patchedAt = new Map<number, number>();
  /** Events a commit's changes moved since the last push: pushed from `held`, without a read. */
  private fresh = new Set<number>();
  /** When each dirty event was first heard of (only with the stage stamps on, feed-stamps.ts). */
  private heard = new Map<number, number>();
  private everything = false;
  private pending: NodeJS.Timeout | undefined;
  private reading = false;
  /** When the last push's read started (Date.now()): the next starts COALESCE_MS after it at the earliest. */
  private lastRead = Number.NEGATIVE_INFINITY;
  private readonly timer: NodeJS.Timeout;

  /**
   * `read`: the listed events of these ids. `readNewer`: listed events with an id above this one, at
   * most `limit` (a discovering stream's catch-up when it opens).
   */
  constructor(
    private readonly read: (ids: number[]) => Promise<ListedEvent[]>,
    private readonly readNewer?: (above: number, limit: number) => Promise<ListedEvent[]>,
  ) {
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
    if (watcher.discoversAbove !== undefined) {
      this.discoverers.add(watcher);
      await this.catchUp(watcher, watcher.discoversAbove);
    }
    await this.push([...watcher.events], [watcher]);
    return () => {
      this.watchers.delete(watcher);
      this.discoverers.delete(watcher);
      for (const id of watcher.events) this.unindex(watcher, id);
    };
  }

  /**
   * A window opens a new stream whenever what it shows changes, so an event the book opened while none
   * of its streams listened (between the last one's end and this one) would never be heard of: read
   * once, after this stream listens (what opens later comes as a change), and followed like the others.
   */
  private async catchUp(w: Watcher, above: number): Promise<void> {
    const room = MAX_WATCHED - w.events.size;
    if (!this.readNewer || room <= 0) return;
    const newer = await this.readNewer(above, room).catch(() => []);
    for (const event of newer)
      if (LISTED.has(event.status) && !w.events.has(event.id)) {
        w.events.add(event.id);
        this.index(w, event.id);
      }
  }

  private index(w: Watcher, id: number): void {
    const set = this.byEvent.get(id);
    if (set) set.add(w);
    else this.byEvent.set(id, new Set([w]));
  }

  private unindex(w: Watcher, id: number): void {
    const set = this.byEvent.get(id);
    set?.delete(w);
    if (set?.size !== 0) return;
    this.byEvent.delete(id);
    this.held.delete(id);
    this.patchedAt.delete(id);
  }

  /** These events changed (null: any); `committed`, what changed, when this process committed it. */
  changed(events: number[] | null, committed?: SportsCommitted): void {
    if (this.watchers.size === 0) return;
    if (committed) this.patch(committed);
    else if (events === null) this.everything = true;
    else for (const id of events) this.dirty.add(id);
    if (feedStamps && events) {
      const now = stampNow();
      for (const id of events) if (!this.heard.has(id)) this.heard.set(id, now);
    }
    this.schedule();
  }

  /** A commit's changes on the events held; an event not held (or not patchable) is read instead. */
  private patch(committed: SportsCommitted): void {
    this.patches++;
    for (const [id, changes] of changesByEvent(committed)) {
      const base = this.held.get(id);
      const next = base && patchEvent(base, changes);
      if (!next) {
        this.dirty.add(id);
        continue;
      }
      this.held.set(id, next);
      this.patchedAt.set(id, this.patches);
      this.fresh.add(id);
    }
  }

  /**
   * One read at a time: changes that come while one is under way wait for it and go in the next, so
   * a fast feed on a busy database makes fewer, larger reads instead of a pile of overlapping ones.
   * At once (the next turn of the event loop, so a burst of notifications is one read) when the last
   * read started COALESCE_MS ago or more; otherwise when that much has passed.
   */
  private schedule(): void {
    if (this.pending || this.reading) return;
    const wait = Math.max(0, this.lastRead + COALESCE_MS - Date.now());
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.lastRead = Date.now();
      const watched = (id: number) => (this.byEvent.get(id)?.size ?? 0) > 0;
      // A stream that discovers wants to hear of events above its listing's highest id it does not watch yet.
      let above = Number.POSITIVE_INFINITY;
      for (const w of this.discoverers) above = Math.min(above, w.discoversAbove ?? above);
      const ids = this.everything
        ? [...this.byEvent.keys()].filter(watched)
        : [...this.dirty].filter((id) => watched(id) || id > above);
      const fresh = [...this.fresh].filter(watched);
      this.dirty = new Set();
      this.fresh = new Set();
      this.everything = false;
      this.reading = true;
      const heard = this.heard;
      this.heard = new Map();
      void this.pushToAll(ids, fresh, heard).finally(() => {
        this.reading = false;
        if (this.dirty.size > 0 || this.fresh.size > 0 || this.everything) this.schedule();
      });
    }, wait);
    this.pending.unref();
  }

  close(): void {
    clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    for (const w of this.watchers) w.end();
    this.watchers.clear();
  }

  /** Frames of one event, worked out once for every stream that last got the same object of it. */
  private framer() {
    const whole = new Map<ListedEvent, string>();
    const deltas = new Map<ListedEvent, string | null>();
    const wholeFrame = (event: ListedEvent) => {
      let frame = whole.get(event);
      if (frame === undefined) {
        frame = `event: event\ndata: ${JSON.stringify(event)}\n\n`;
        whole.set(event, frame);
      }
      return frame;
    };
    /** What a stream that last got `before` (undefined: nothing, null: told it is gone) is sent now. */
    return (
      before: ListedEvent | null | undefined,
      event: ListedEvent | undefined,
      id: number,
    ): string | null => {
      if (!event) return before === null ? null : `event: gone\ndata: ${JSON.stringify({ id })}\n\n`;
      if (!before) return wholeFrame(event);
      if (before === event) return null;
      if (!deltas.has(before)) {
        const delta = eventDelta(before, event);
        deltas.set(
          before,
          delta === null
            ? null
            : delta === 'whole'
              ? wholeFrame(event)
              : `event: delta\ndata: ${JSON.stringify(delta)}\n\n`,
        );
      }
      return deltas.get(before)!;
    };
  }

  /** The events as read, each keeping what a commit pushed during the read made newer (keepNewer). */
  private async readEvents(ids: number[]): Promise<Map<number, ListedEvent> | undefined> {
    const since = this.patches;
    const events: ListedEvent[] = [];
    try {
      for (let i = 0; i < ids.length; i += READ_PAGE)
        events.push(...(await this.read(ids.slice(i, i + READ_PAGE))));
    } catch {
      return undefined; // the next change reads again
    }
    const byId = new Map<number, ListedEvent>();
    for (const e of events) {
      const held = this.held.get(e.id);
      byId.set(e.id, held && (this.patchedAt.get(e.id) ?? 0) > since ? keepNewer(e, held) : e);
    }
    return byId;
  }

  /** A read's answer for a watched event becomes the state held (gone: none). */
  private hold(id: number, event: ListedEvent | undefined): void {
    if (!this.byEvent.has(id)) return;
    if (event) this.held.set(id, event);
    else this.held.delete(id);
  }

  /** What one stream is sent of one event now; its `last` follows. */
  private static frameFor(
    w: Watcher,
    id: number,
    event: ListedEvent | undefined,
    frame: ReturnType<SportsLiveFeed['framer']>,
  ) {
    const text = frame(w.last.get(id), event, id);
    if (text !== null) w.last.set(id, event ?? null);
    return text;
  }

  /**
   * A burst's events to the streams watching them (and to discovering streams, a listed event new to
   * them): `ids` read first, `fresh` (moved by a commit of this process) as held.
   */
  private async pushToAll(ids: number[], fresh: number[], heard: Map<number, number>): Promise<void> {
    if (ids.length === 0 && fresh.length === 0) return;
    const readStart = feedStamps ? stampNow() : 0;
    const byId = ids.length > 0 ? await this.readEvents(ids) : new Map<number, ListedEvent>();
    if (!byId && fresh.length === 0) return;
    const read = byId ? ids : [];
    const readEnd = feedStamps ? stampNow() : 0;
    const frame = this.framer();
    const frames = new Map<Watcher, string>();
    for (const id of read) {
      const event = byId!.get(id);
      if (event && LISTED.has(event.status))
        for (const w of this.discoverers)
          if (
            !w.events.has(id) &&
            id > (w.discoversAbove ?? Number.POSITIVE_INFINITY) &&
            w.events.size < MAX_WATCHED
          ) {
            w.events.add(id);
            this.index(w, id);
          }
      this.hold(id, event);
    }
    const all = [...new Set([...read, ...fresh])];
    for (const id of all) {
      const event = this.held.get(id);
      for (const w of this.byEvent.get(id) ?? []) {
        const text = SportsLiveFeed.frameFor(w, id, event, frame);
        if (text !== null) frames.set(w, (frames.get(w) ?? '') + text);
      }
    }
    for (const [w, text] of frames) if (this.watchers.has(w)) w.write(text);
    // The responses flush their writes on the next tick (http corks them): noted after that.
    if (feedStamps) {
      const stamps = feedStamps;
      const ids = all;
      const heardAt = ids.map((id) => heard.get(id) ?? readStart);
      setImmediate(() => stamps.push(ids, heardAt, readStart, readEnd, stampNow()));
    }
  }

  /** A new stream's first state: the events it asked for. */
  private async push(ids: number[], targets: Watcher[]): Promise<void> {
    if (ids.length === 0) return;
    const byId = await this.readEvents(ids);
    if (!byId) return;
    // An event already held stays as held: this read may have begun before the pushes' last read or
    // commit, and the other streams' next frames are worked out from what is held (never backwards).
    for (const id of ids) if (!this.held.has(id)) this.hold(id, byId.get(id));
    const frame = this.framer();
    for (const w of targets) {
      if (!this.watchers.has(w)) continue;
      let frames = '';
      for (const id of ids) {
        if (!w.events.has(id)) continue;
        frames += SportsLiveFeed.frameFor(w, id, this.held.get(id), frame) ?? '';
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
 * GET /sports/live?events=1,2,3[&new=<id>]: the sports window's Server-Sent Events stream for the events
 * it shows (on screen, on its slip, in its open bets; the window opens a new stream when that set
 * changes). `event` (an event as the listing gives it) at once, then `delta` (shared/sports/event-delta.ts:
 * only what moved) at once after a quiet spell, at most once per COALESCE_MS in a burst, or `event`
 * again when a delta cannot carry the change;
 * `gone` when it no longer takes bets. With `new=<id>` also each listed event with a higher id (the
 * highest the window's listing holds): those open already at once, those the book opens later when it
 * does, each sent whole and then followed like the others.
 * Prices are public like the listing, so no session is needed.
 */
export async function sportsLiveRoutes(
  app: FastifyInstance,
  hub: LiveHub,
  read: (ids: number[]) => Promise<ListedEvent[]>,
  readNewer: (above: number, limit: number) => Promise<ListedEvent[]>,
): Promise<SportsLiveFeed> {
  const feed = new SportsLiveFeed(read, readNewer);
  const stop = hub.onSports((events, committed) => feed.changed(events, committed));
  app.addHook('preClose', async () => {
    stop();
    feed.close();
  });
  app.get<{ Querystring: { events?: string; new?: string } }>('/sports/live', async (request, reply) => {
    const ids = parseEventIds(request.query.events);
    if (!ids) throw errors.invalid('events: a comma list of up to 200 event ids');
    const discovers = request.query.new;
    if (discovers !== undefined && !/^\d{1,15}$/.test(discovers))
      throw errors.invalid('new: the highest event id the window holds, or nothing');
    const discoversAbove = discovers === undefined ? undefined : Number(discovers);
    const write = (frames: string) => reply.raw.write(frames);
    await serveSse(request, reply, request.server.streams.address(request.ip), '', ({ ping, end }) =>
      feed.add({ events: new Set(ids), discoversAbove, write, ping, end }),
    );
  });
  return feed;
}
