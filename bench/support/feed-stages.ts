/**
 * bench:feed's latency breakdown: the server's stage stamps (FEED_STAMPS_FILE, feed-stamps.ts) joined
 * with what the bench knows (when it published each message) and what the members saw (when each frame
 * came), so the time from broker to stream is located stage by stage. A message is (event, timestamp);
 * a frame is matched to the message whose 1X2 prices it shows and to the first push of its event that
 * began reading after that message committed.
 */
import type { FeedStampsData } from '../../src/server/providers/sports/feed-stamps.ts';

export interface Frames {
  /** When each frame came (ms since the epoch, with a fraction). */
  at: number[];
  eventOf: number[];
  pricesOf: string[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

class Stage {
  readonly values: number[] = [];
  constructor(readonly label: string) {}
  add(v: number) {
    if (Number.isFinite(v)) this.values.push(v);
  }
  line(): string {
    const s = [...this.values].sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(1).padStart(7);
    return `  ${this.label.padEnd(44)} p50 ${f(percentile(s, 50))} ms  p99 ${f(percentile(s, 99))} ms  (${s.length})`;
  }
}

/** The first index in an ascending array whose value is ≥ v. */
function firstAtLeast(sorted: number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function stageBreakdown(
  stamps: FeedStampsData,
  /** When each message was published, by "urn|timestamp". */
  publishedAt: Map<string, number>,
  /** The timestamp of the message that carried each event's 1X2 prices, by "urn|prices". */
  tsOfPrices: Map<string, number>,
  urnOf: Map<number, string>,
  frames: Frames,
  since: number,
): string[] {
  const lane = new Map(stamps.lane.urn.map((urn, i) => [`${urn}|${stamps.lane.ts[i]}`, i]));
  const book = new Map(stamps.book.urn.map((urn, i) => [`${urn}|${stamps.book.ts[i]}`, i]));

  const toConsumer = new Stage('broker publish → consumer received');
  const laneWait = new Stage('received → its lane hands it over (lane busy)');
  const parse = new Stage('handed over → parsed (parser thread)');
  const beforeTx = new Stage('parsed → transaction began (reads, a connection)');
  const tx = new Stage('transaction began → committed');
  const ack = new Stage('committed → acknowledged');
  const toBook = new Stage('= publish → committed');
  for (const [key, published] of publishedAt) {
    if (published < since) continue;
    const b = book.get(key);
    const l = lane.get(key);
    if (b === undefined || l === undefined) continue;
    const s = stamps.lane;
    const k = stamps.book;
    toConsumer.add(s.received[l]! - published);
    laneWait.add(s.handed[l]! - s.received[l]!);
    parse.add(k.parsed[b]! - s.handed[l]!);
    beforeTx.add(k.began[b]! - k.parsed[b]!);
    tx.add(k.committed[b]! - k.began[b]!);
    ack.add(s.acked[l]! - k.committed[b]!);
    toBook.add(k.committed[b]! - published);
  }

  // Each event's pushes, in the order their reads began.
  const pushesOf = new Map<number, { readStart: number[]; index: number[]; heard: number[] }>();
  const p = stamps.pushes;
  for (const [i, ids] of p.ids.entries()) {
    for (const [j, id] of ids.entries()) {
      let e = pushesOf.get(id);
      if (!e) {
        e = { readStart: [], index: [], heard: [] };
        pushesOf.set(id, e);
      }
      e.readStart.push(p.readStart[i]!);
      e.index.push(i);
      e.heard.push(p.heard[i]![j]!);
    }
  }
  const toHeard = new Stage('committed → push heard of it (notification)');
  const coalesce = new Stage('heard → read began (push rule, read under way)');
  const read = new Stage("push's read of the events");
  const write = new Stage('read → frames written to every stream (flushed)');
  const toMember = new Stage('written → the member received it');
  const toStream = new Stage('= publish → the member received it');
  let unmatched = 0;
  for (let f = 0; f < frames.at.length; f++) {
    const urn = urnOf.get(frames.eventOf[f]!);
    const ts = tsOfPrices.get(`${urn}|${frames.pricesOf[f]}`);
    const published = publishedAt.get(`${urn}|${ts}`);
    const b = book.get(`${urn}|${ts}`);
    const e = pushesOf.get(frames.eventOf[f]!);
    if (published === undefined || published < since || b === undefined || !e) {
      unmatched++;
      continue;
    }
    const committed = stamps.book.committed[b]!;
    const n = firstAtLeast(e.readStart, committed);
    if (n >= e.index.length) {
      unmatched++;
      continue;
    }
    const i = e.index[n]!;
    const heard = Math.max(committed, e.heard[n]!);
    toHeard.add(heard - committed);
    coalesce.add(p.readStart[i]! - heard);
    read.add(p.readEnd[i]! - p.readStart[i]!);
    write.add(p.written[i]! - p.readEnd[i]!);
    toMember.add(frames.at[f]! - p.written[i]!);
    toStream.add(frames.at[f]! - published);
  }
  const pushes = p.readStart.length;
  const eventsPerPush = pushes ? p.ids.reduce((a, ids) => a + ids.length, 0) / pushes : 0;
  const main = stamps.mainThread;
  const messages = Math.max(1, stamps.lane.urn.length);
  return [
    ...(main
      ? [
          `the server's main thread from the first message to its exit: event loop delay p50 ${main.delayP50.toFixed(1)} ms, p99 ${main.delayP99.toFixed(1)} ms, max ${main.delayMax.toFixed(0)} ms; CPU ${(main.cpuMicros / messages).toFixed(0)} µs a message`,
        ]
      : []),
    'the book, per message:',
    ...[toConsumer, laneWait, parse, beforeTx, tx, ack, toBook].map((s) => s.line()),
    `the streams, per frame (${pushes} pushes, ${eventsPerPush.toFixed(1)} events each; ${unmatched} frames not matched):`,
    ...[toHeard, coalesce, read, write, toMember, toStream].map((s) => s.line()),
  ];
}
