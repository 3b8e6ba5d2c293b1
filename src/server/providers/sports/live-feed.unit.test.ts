import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListedEvent } from './listing.service.ts';
import { COALESCE_MS, MAX_WATCHED, READ_PAGE, SportsLiveFeed } from './live-feed.ts';

/** An event as the listing gives it, its home price `home`. */
const listed = (id: number, home: string): ListedEvent => ({
  id,
  sportCode: 'football',
  sport: 'Football',
  competitionId: 1,
  competition: 'League',
  name: 'Home v Away',
  home: 'Home',
  away: 'Away',
  startsAt: '2026-11-27T20:00:00.000Z',
  status: 'live',
  betStopAt: null,
  score: null,
  markets: [
    {
      id: 10 * id,
      type: '1x2',
      name: '1X2',
      params: {},
      status: 'open',
      version: 1,
      rounding: 'down',
      selections: [{ id: 100 * id, key: 'home', name: 'Home', price: home, open: true }],
    },
  ],
});

/** The home prices each write carried, in order. */
const pricesIn = (frames: string) => [...frames.matchAll(/"price":"([^"]+)"/g)].map((m) => m[1]);

describe('the sports stream: at once after a quiet spell, at most one push per COALESCE_MS in a burst', () => {
  let book: Map<number, ListedEvent>;
  let feed: SportsLiveFeed;
  let writes: string[];
  const move = (id: number, home: string) => {
    book.set(id, listed(id, home));
    feed.changed([id]);
  };

  beforeEach(async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    book = new Map([
      [1, listed(1, '2/1')],
      [2, listed(2, '3/1')],
    ]);
    feed = new SportsLiveFeed(async (ids) => ids.flatMap((id) => book.get(id) ?? []));
    writes = [];
    await feed.add({
      events: new Set([1, 2]),
      discoversAbove: undefined,
      write: (frames) => writes.push(frames),
      ping: () => undefined,
      end: () => undefined,
    });
    expect(writes).toHaveLength(1); // both events whole
    writes = [];
  });
  afterEach(() => {
    feed.close();
    vi.useRealTimers();
  });

  it('a move after a quiet spell goes at once; the burst behind it in one write at the end of the interval, with the last prices', async () => {
    move(1, '21/10');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.map(pricesIn)).toEqual([['21/10']]);

    await vi.advanceTimersByTimeAsync(5);
    move(1, '11/5');
    await vi.advanceTimersByTimeAsync(5);
    move(1, '23/10');
    move(2, '7/2');
    await vi.advanceTimersByTimeAsync(COALESCE_MS - 11);
    expect(writes).toHaveLength(1); // still inside the interval
    await vi.advanceTimersByTimeAsync(1);
    expect(writes.map(pricesIn)).toEqual([['21/10'], ['23/10', '7/2']]);
    expect(writes[1]).toMatch(/^event: delta\n/);

    // Quiet for longer than the interval: the next move goes at once again.
    await vi.advanceTimersByTimeAsync(COALESCE_MS * 4);
    move(2, '4/1');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.map(pricesIn).at(-1)).toEqual(['4/1']);
    expect(writes).toHaveLength(3);
  });

  it('a steady feed reaches a stream at most once per interval, never later than one interval', async () => {
    // A move every 2 ms for 200 ms: 100 moves, at most 200 / COALESCE_MS + 1 writes.
    for (let t = 0; t < 200; t += 2) {
      move(1 + ((t / 2) % 2), `${t + 3}/1`);
      await vi.advanceTimersByTimeAsync(2);
    }
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(writes.length).toBeLessThanOrEqual(200 / COALESCE_MS + 1);
    expect(writes.length).toBeGreaterThanOrEqual(200 / COALESCE_MS);
    // Each event's last move (event 1 at 196 ms, event 2 at 198 ms) reached the stream.
    expect(pricesIn(writes.join('')).slice(-2).sort()).toEqual(['199/1', '201/1']);
  });
});

describe("the sports stream: a commit's own changes (LiveHub.sportsCommitted)", () => {
  let book: Map<number, ListedEvent>;
  let feed: SportsLiveFeed;
  let writes: string[];
  let reads: number;
  /** When set, the next read answers only when this is resolved, with the book as it was when it began. */
  let hold: Promise<void> | undefined;
  /** What a commit moving event 1's home price to `price` (market version `v`) hands the hub. */
  const committed = (price: string, v: number) => {
    const [n, d] = price.split('/').map(Number);
    return {
      markets: [{ id: 10, e: 1, st: 'open', v }],
      selections: [{ id: 100, m: 10, e: 1, n: n!, d: d!, o: true }],
    };
  };

  beforeEach(async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    book = new Map([[1, listed(1, '2/1')]]);
    reads = 0;
    hold = undefined;
    feed = new SportsLiveFeed(async (ids) => {
      reads++;
      const answer = ids.flatMap((id) => book.get(id) ?? []);
      if (hold) await hold;
      return answer;
    });
    writes = [];
    await feed.add({
      events: new Set([1]),
      discoversAbove: undefined,
      write: (frames) => writes.push(frames),
      ping: () => undefined,
      end: () => undefined,
    });
    writes = [];
    reads = 0;
  });
  afterEach(() => {
    feed.close();
    vi.useRealTimers();
  });

  it('are pushed as deltas by the same rule, without a read', async () => {
    feed.changed([1], committed('21/10', 2));
    await vi.advanceTimersByTimeAsync(0);
    feed.changed([1], committed('11/5', 3));
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(writes.map(pricesIn)).toEqual([['21/10'], ['11/5']]);
    expect(writes.every((w) => w.startsWith('event: delta\n'))).toBe(true);
    expect(reads).toBe(0);
  });

  it('a read begun before a commit does not take the stream back to the older price', async () => {
    let release = () => {};
    hold = new Promise((r) => {
      release = r;
    });
    feed.changed([1]); // e.g. a desk's change: a read, answering the book as it was (2/1, version 1)
    await vi.advanceTimersByTimeAsync(0);
    hold = undefined;
    feed.changed([1], committed('5/2', 2)); // committed while the read is under way
    release();
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(pricesIn(writes.join('')).at(-1)).toBe('5/2');
  });

  it('a stream opened with a read older than what is held starts from what is held; the others never go back', async () => {
    feed.changed([1], committed('5/2', 2));
    await vi.advanceTimersByTimeAsync(0);
    const second: string[] = [];
    // The book (the read) still says 2/1, as a read begun before that commit would.
    await feed.add({
      events: new Set([1]),
      discoversAbove: undefined,
      write: (frames) => second.push(frames),
      ping: () => undefined,
      end: () => undefined,
    });
    expect(second.map(pricesIn)).toEqual([['5/2']]);
    feed.changed([1], { markets: [], selections: [{ id: 100, m: 10, e: 1, n: 5, d: 2, o: false }] });
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(pricesIn(writes.join(''))).toEqual(['5/2']); // the first stream: 5/2, then only `open`
    expect(writes.at(-1)).toContain('"open":false');
  });

  it('a change to a market the stream does not hold is read instead', async () => {
    book.set(1, listed(1, '3/1'));
    feed.changed([1], { markets: [{ id: 99, e: 1, st: 'open', v: 2 }], selections: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    expect(writes.map(pricesIn)).toEqual([['3/1']]);
  });
});

describe('the sports streams: a re-read of everything watched (a lost connection)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads every watched event, a page at a time, however many the streams watch', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    // Five windows of MAX_WATCHED events each: more than the 800 the re-read used to stop at.
    const windows = 5;
    const book = new Map<number, ListedEvent>();
    for (let id = 1; id <= windows * MAX_WATCHED; id++) book.set(id, listed(id, '2/1'));
    const pages: number[] = [];
    // As the listing does, a read answers at most READ_PAGE events.
    const feed = new SportsLiveFeed(async (ids) => {
      pages.push(ids.length);
      return ids.slice(0, READ_PAGE).flatMap((id) => book.get(id) ?? []);
    });
    const writes: string[][] = [];
    for (let w = 0; w < windows; w++) {
      const mine: string[] = [];
      writes.push(mine);
      const events = new Set(Array.from({ length: MAX_WATCHED }, (_, i) => w * MAX_WATCHED + i + 1));
      await feed.add({
        events,
        discoversAbove: undefined,
        write: (frames) => mine.push(frames),
        ping: () => undefined,
        end: () => undefined,
      });
    }
    pages.length = 0;
    // Every event moved while the notifications were lost; the hub says "any" (null).
    for (const id of book.keys()) book.set(id, listed(id, '5/2'));
    feed.changed(null);
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(pages.every((n) => n <= READ_PAGE)).toBe(true);
    expect(pages.reduce((a, n) => a + n, 0)).toBe(windows * MAX_WATCHED);
    for (const mine of writes) {
      const after = mine.slice(1).join('');
      expect(pricesIn(after)).toEqual(Array(MAX_WATCHED).fill('5/2'));
      expect(after).not.toContain('event: gone');
    }
    feed.close();
  });
});
