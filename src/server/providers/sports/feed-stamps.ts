import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Where the feed's time goes, stage by stage (bench:feed's breakdown, bench/README.md): with
 * FEED_STAMPS_FILE set, the server notes when each odds message reached the consumer, was handed to
 * its lane's batch, parsed, began and committed its transaction, was acknowledged; and, for each push
 * to the sports windows' streams, when each of its events was heard of (the commit's notification),
 * when its read began and ended and when its frames were written. The notes go to that file as JSON
 * when the process exits. Unset (every real server), `feedStamps` is undefined and each place that
 * would note something costs one check of it.
 */
export interface FeedStampsData {
  /** What the consumer saw of each message, in the order it acknowledged them. */
  lane: { urn: string[]; ts: number[]; received: number[]; handed: number[]; acked: number[] };
  /** What the book did with each price message. */
  book: { urn: string[]; ts: number[]; parsed: number[]; began: number[]; committed: number[] };
  /** Each push to the streams: its events, when each was heard of, its read and its writes. */
  pushes: { ids: number[][]; heard: number[][]; readStart: number[]; readEnd: number[]; written: number[] };
  /**
   * The main thread from the first message to the exit: its event loop's delay (ms: how long a ready
   * callback waited for the thread) and its CPU time (µs; the parser threads' not included).
   */
  mainThread?: { delayP50: number; delayP99: number; delayMax: number; cpuMicros: number };
}

/** Milliseconds since the epoch with a fraction (comparable across this machine's processes and threads). */
export const stampNow = (): number => performance.timeOrigin + performance.now();

/** One row more in a table kept as columns (an array per field: compact in the JSON file). */
function appendRow<T extends Record<string, unknown[]>>(
  table: T,
  row: { [K in keyof T]: T[K][number] },
): void {
  for (const [name, column] of Object.entries(table)) column.push(row[name as keyof T]);
}

const TS = /\stimestamp="(\d{1,16})"/;
const EVENT = /\sevent_id="([^"]{1,100})"/;

export class FeedStamps {
  readonly data: FeedStampsData = {
    lane: { urn: [], ts: [], received: [], handed: [], acked: [] },
    book: { urn: [], ts: [], parsed: [], began: [], committed: [] },
    pushes: { ids: [], heard: [], readStart: [], readEnd: [], written: [] },
  };

  private loop: ReturnType<typeof monitorEventLoopDelay> | undefined;
  private cpuAtFirst: NodeJS.CpuUsage | undefined;

  /** A message the consumer acknowledged (its event and timestamp read from its head). */
  laneMessage(content: Buffer, received: number, handed: number, acked: number): void {
    if (!this.loop) {
      this.loop = monitorEventLoopDelay({ resolution: 5 });
      this.loop.enable();
      this.cpuAtFirst = process.threadCpuUsage();
    }
    const head = content.subarray(0, 600).toString('utf8');
    const urn = EVENT.exec(head)?.[1];
    const ts = TS.exec(head)?.[1];
    if (!urn || !ts) return;
    appendRow(this.data.lane, { urn, ts: Number(ts), received, handed, acked });
  }

  bookMessage(urn: string, ts: number, parsed: number, began: number, committed: number): void {
    appendRow(this.data.book, { urn, ts, parsed, began, committed });
  }

  push(ids: number[], heard: number[], readStart: number, readEnd: number, written: number): void {
    appendRow(this.data.pushes, { ids, heard, readStart, readEnd, written });
  }

  /** The notes, with the main thread's figures so far. */
  final(): FeedStampsData {
    if (this.loop && this.cpuAtFirst) {
      this.loop.disable();
      const cpu = process.threadCpuUsage(this.cpuAtFirst);
      this.data.mainThread = {
        delayP50: this.loop.percentile(50) / 1e6,
        delayP99: this.loop.percentile(99) / 1e6,
        delayMax: this.loop.max / 1e6,
        cpuMicros: cpu.user + cpu.system,
      };
    }
    return this.data;
  }
}

function fromEnv(): FeedStamps | undefined {
  const file = process.env.FEED_STAMPS_FILE;
  if (!file) return undefined;
  const stamps = new FeedStamps();
  process.once('exit', () => writeFileSync(file, JSON.stringify(stamps.final())));
  return stamps;
}

export const feedStamps: FeedStamps | undefined = fromEnv();
