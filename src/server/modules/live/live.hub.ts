import { randomUUID } from 'node:crypto';
import type { LiveEvent, SportsCommitted } from './live.notify.ts';

/** One member's open stream (an SSE response). */
export interface LiveStream {
  memberId: number;
  /** The session the stream was opened with: it ends with that session. */
  token: string;
  /** Sends one named event; `data` is serialised as JSON. */
  send(event: string, data: unknown): void;
  /** A comment line that keeps proxies from closing an idle connection. */
  ping(): void;
  end(): void;
}

/** What the hub asks of the rest of the app: a stream's current state, or undefined when its session ended. */
export type ReadState = (stream: LiveStream) => Promise<unknown | undefined>;
/** Many streams' states in one read: a stream missing from the answer has no live session. */
export type ReadStates = (streams: LiveStream[]) => Promise<Map<LiveStream, unknown>>;

const PING_MS = 20_000;
/** Sessions also end without an event (idle or absolute expiry): each stream is re-checked this often. */
const RECHECK_MS = 5 * 60_000;
/** Streams read together when a change reaches everyone: one query each, one after another. */
export const FAN_OUT_CHUNK = 500;

interface Entry {
  stream: LiveStream;
  last: string;
  checkedAt: number;
  refreshing: Promise<void> | undefined;
  again: boolean;
}

/** A sports window feed: the events that changed (null: any), and what changed when this process committed it. */
export type SportsListener = (events: number[] | null, committed?: SportsCommitted) => void;

/** Adds a listener to one of the hub's sets; the function that takes it out again. */
function subscribe<L>(listeners: Set<L>, listener: L): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The streams one process holds, by member. An event names who changed; the hub re-reads each of
 * those members' state and sends it only when it differs from what the stream last got, and ends a
 * stream whose session is over. One timer serves every stream (pings and re-checks), so an idle
 * stream costs a socket and a map entry.
 */
export class LiveHub {
  private readonly byMember = new Map<number, Set<Entry>>();
  private readonly timer: NodeJS.Timeout;
  private readonly operatorListeners = new Set<() => void>();
  private readonly jackpotListeners = new Set<() => void>();
  private readonly walletListeners = new Set<() => void>();
  private readonly sportsListeners = new Set<SportsListener>();
  /**
   * This process, as the notifications of a change it pushes itself name it (notify_sports.sql `o`):
   * the feed's batch hands its changes here from the commit (sportsCommitted), so this process does
   * not read them again when their notification comes back.
   */
  readonly origin: string = randomUUID();
  private readonly betListeners = new Set<() => void>();

  constructor(
    private readonly readState: ReadState,
    private readonly now: () => number = Date.now,
    /** When given, a change for everyone reads the streams in chunks (time linear in their number). */
    private readonly readStates?: ReadStates,
  ) {
    this.timer = setInterval(() => this.tick(), PING_MS);
    this.timer.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byMember.values()) n += set.size;
    return n;
  }

  /** Registers a stream and sends its first state; answers the function that removes it. */
  async add(stream: LiveStream): Promise<() => void> {
    const entry: Entry = { stream, last: '', checkedAt: this.now(), refreshing: undefined, again: false };
    const set = this.byMember.get(stream.memberId) ?? new Set<Entry>();
    this.byMember.set(stream.memberId, set);
    set.add(entry);
    await this.refresh(entry);
    return () => this.remove(entry);
  }

  /** Called with every notification on the live channel, from any process. */
  handle(payload: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    if (event.k === 'members') {
      for (const id of event.ids) for (const entry of this.byMember.get(id) ?? []) void this.refresh(entry);
      // Every wallet batch notifies its members: a slot stake may have fed the jackpot, a round may have paid.
      for (const listener of this.jackpotListeners) listener();
      for (const listener of this.walletListeners) listener();
    } else if (event.k === 'everyone') {
      this.refreshAll();
    } else if (event.k === 'operators') {
      for (const listener of this.operatorListeners) listener();
    } else if (event.k === 'jackpot') {
      for (const listener of this.jackpotListeners) listener();
    } else if (event.k === 'sports') {
      if (event.o === this.origin) return; // pushed from the commit already (sportsCommitted)
      const ids = Array.isArray(event.events) ? event.events.map(Number) : null;
      for (const listener of this.sportsListeners) listener(ids);
    } else if (event.k === 'bets') {
      for (const listener of this.betListeners) listener();
    }
  }

  /**
   * This process committed these price changes (the feed's batch, its notifications naming this
   * process's origin): the sports windows push them as they are, without a read.
   */
  sportsCommitted(committed: SportsCommitted): void {
    const ids = [...new Set([...committed.markets, ...committed.selections].map((c) => Number(c.e)))];
    if (ids.length === 0) return;
    for (const listener of this.sportsListeners) listener(ids, committed);
  }

  /**
   * A change this process was to push itself may have committed unseen (the feed's call lost its
   * connection): every sports window reads its events again.
   */
  sportsMissed(): void {
    for (const listener of this.sportsListeners) listener(null);
  }

  /** Something may have been missed (the listening connection was lost): re-read every stream, the back office's too. */
  refreshAll(): void {
    void this.refreshEveryone();
    for (const listener of this.jackpotListeners) listener();
    for (const listener of this.walletListeners) listener();
    for (const listener of this.sportsListeners) listener(null);
    for (const listener of this.betListeners) listener();
    for (const listener of this.operatorListeners) listener();
  }

  /** The trading desk's ticker hears that a sports bet was placed or changed state. */
  onBets(listener: () => void): () => void {
    return subscribe(this.betListeners, listener);
  }

  /** Members' balances moved (every wallet batch says so): the wins ticker reads again. */
  onWallet(listener: () => void): () => void {
    return subscribe(this.walletListeners, listener);
  }

  /** The sports windows hear which events' prices, markets or scores changed (null: any). */
  onSports(listener: SportsListener): () => void {
    return subscribe(this.sportsListeners, listener);
  }

  /** The back office's streams hear only that operators' queues changed. */
  onOperators(listener: () => void): () => void {
    return subscribe(this.operatorListeners, listener);
  }

  /** The jackpot streams hear that the pool may have changed. */
  onJackpot(listener: () => void): () => void {
    return subscribe(this.jackpotListeners, listener);
  }

  /** Ends every stream (the process is closing); clients reconnect to another process. */
  close(): void {
    clearInterval(this.timer);
    for (const set of this.byMember.values()) for (const entry of set) entry.stream.end();
    this.byMember.clear();
  }

  private remove(entry: Entry): void {
    const set = this.byMember.get(entry.stream.memberId);
    set?.delete(entry);
    if (set?.size === 0) this.byMember.delete(entry.stream.memberId);
  }

  /** One read at a time per stream; an event during a read asks for one more read after it. */
  private refresh(entry: Entry): Promise<void> {
    if (entry.refreshing) {
      entry.again = true;
      return entry.refreshing;
    }
    entry.refreshing = (async () => {
      do {
        entry.again = false;
        entry.checkedAt = this.now();
        let state: unknown;
        try {
          state = await this.readState(entry.stream);
        } catch {
          return; // a database hiccup: the next event or re-check reads again
        }
        if (!this.deliver(entry, state)) return;
      } while (entry.again);
    })().finally(() => {
      entry.refreshing = undefined;
    });
    return entry.refreshing;
  }

  /**
   * Every stream, FAN_OUT_CHUNK at a time, each chunk in one read: thousands of single reads at once
   * would queue on the pool and grow the last stream's wait faster than their number.
   */
  private async refreshEveryone(): Promise<void> {
    const entries = [...this.byMember.values()].flatMap((set) => [...set]);
    if (!this.readStates) {
      for (const entry of entries) void this.refresh(entry);
      return;
    }
    for (let i = 0; i < entries.length; i += FAN_OUT_CHUNK) {
      const chunk = entries.slice(i, i + FAN_OUT_CHUNK).filter((entry) => {
        if (!entry.refreshing) return true;
        entry.again = true; // being read on its own: it reads once more after that
        return false;
      });
      if (chunk.length > 0) await this.refreshChunk(chunk, this.readStates);
    }
  }

  private async refreshChunk(chunk: Entry[], readStates: ReadStates): Promise<void> {
    const read = readStates(chunk.map((entry) => entry.stream)).catch(() => undefined);
    const settled = read.then(() => undefined);
    for (const entry of chunk) {
      entry.refreshing = settled;
      entry.again = false;
      entry.checkedAt = this.now();
    }
    const states = await read;
    for (const entry of chunk) {
      entry.refreshing = undefined;
      if (!this.byMember.get(entry.stream.memberId)?.has(entry)) continue; // closed meanwhile
      // A database hiccup: the next event or re-check reads again.
      if (states && !this.deliver(entry, states.get(entry.stream))) continue;
      if (entry.again) void this.refresh(entry);
    }
  }

  /** Sends a stream its state when it changed, or ends it when its session did; false once ended. */
  private deliver(entry: Entry, state: unknown): boolean {
    if (state === undefined) {
      entry.stream.send('end', { reason: 'session' });
      entry.stream.end();
      this.remove(entry);
      return false;
    }
    const json = JSON.stringify(state);
    if (json !== entry.last) {
      entry.last = json;
      entry.stream.send('state', state);
    }
    return true;
  }

  private tick(): void {
    const due = this.now() - RECHECK_MS;
    for (const set of this.byMember.values()) {
      for (const entry of set) {
        entry.stream.ping();
        if (entry.checkedAt <= due) void this.refresh(entry);
      }
    }
  }
}
