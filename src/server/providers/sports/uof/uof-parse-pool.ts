import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Parsed, parseUofMessage } from './uof-xml.ts';

/**
 * Parses the feed's messages in worker threads (node:worker_threads), so the server's one thread
 * spends its time on the book and the members' streams instead of XML: parsing and checking an
 * odds_change costs about 0.2 ms, 0.4 of a core at 2,000 messages a second (bench/README.md,
 * bench:feed). A lane hands over its batch in one message and gets the results back in the same
 * order, so each event's order is kept; what is malformed is answered as such (the same `Parsed` as
 * `parseUofMessage`), and the main thread rejects and counts it as before. Should a thread fail, its
 * batches are parsed on the main thread instead and a new thread is started for the next ones.
 */
export interface UofParserPool {
  /** The messages parsed, in order (each taken from `early` when it was started there). */
  parseMany(xmls: string[]): Promise<Parsed[]>;
  /**
   * Starts parsing messages as they arrive, before their lane's turn (the consumer calls it with what
   * one read of the broker's socket brought): parsing then overlaps the lane's batch before them
   * instead of following it. `parseMany` or `take` collect the results; never collected (at most
   * MAX_EARLY waiting), they are dropped and parsed again when asked for.
   */
  early(xmls: string[]): void;
  /** One message's result started by `early`, once; undefined when it was not started there. */
  take(xml: string): Promise<Parsed> | undefined;
  /** Messages the threads have parsed so far (the rest went to the main thread). */
  parsedInThreads(): number;
  close(): Promise<void>;
}

/** In source (tsx, vitest) the worker is the .ts file beside this one; in dist/server, the bundled .js. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./uof-parse-worker.ts', import.meta.url)
    : new URL('./uof-parse-worker.js', import.meta.url);
}

/** One thread less than the cores (the main thread needs one), at least one, at most four. */
export const DEFAULT_PARSE_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

interface Thread {
  worker: Worker;
  waiting: Map<number, { xmls: string[]; resolve: (p: Parsed[]) => void }>;
}

/** Threads that failed one after another (none answering between) before the pool gives them up. */
const MAX_FAILURES = 3;
/** Early results waiting to be collected: more means some never will be (the lanes take them in seconds). */
export const MAX_EARLY = 20_000;

export function uofParserPool(
  options: {
    threads?: number;
    /** The thread's module (its tests start one that fails). */
    script?: URL;
    log?: { warn(obj: object, msg: string): void };
  } = {},
): UofParserPool {
  const threads = Math.max(1, options.threads ?? DEFAULT_PARSE_THREADS);
  const script = options.script ?? workerUrl();
  let nextId = 0;
  let closed = false;
  let inThreads = 0;
  let failures = 0;
  const pool: (Thread | undefined)[] = Array.from({ length: threads }, () => undefined);
  /** Results started by `early`, by the message's text (a repeat shares its first copy's: parsing is pure). */
  const started = new Map<string, Promise<Parsed>>();

  const start = (slot: number): Thread => {
    const worker = new Worker(script);
    worker.unref(); // a thread never keeps the process alive; its batches fall back to the main thread
    const thread: Thread = { worker, waiting: new Map() };
    worker.on('message', (answer: { id: number; parsed: Parsed[] }) => {
      const job = thread.waiting.get(answer.id);
      thread.waiting.delete(answer.id);
      inThreads += answer.parsed.length;
      failures = 0;
      job?.resolve(answer.parsed);
    });
    const fail = (error?: unknown) => {
      if (pool[slot] !== thread) return; // already handled (an error is followed by an exit)
      pool[slot] = undefined;
      if (!closed && ++failures >= MAX_FAILURES) {
        // A thread that cannot start (a missing module) would be started again for every batch.
        closed = true;
        options.log?.warn({ err: error }, 'uof parser threads keep failing: parsing on the main thread');
      }
      for (const job of thread.waiting.values()) job.resolve(job.xmls.map(parseUofMessage));
      thread.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    pool[slot] = thread;
    return thread;
  };
  start(0); // ready before the first batch

  const inThread = (xmls: string[]): Promise<Parsed[]> => {
    if (closed || xmls.length === 0) return Promise.resolve(xmls.map(parseUofMessage));
    // The least busy thread, started when none is running in its place.
    let slot = 0;
    for (let i = 1; i < pool.length; i++)
      if ((pool[i]?.waiting.size ?? 0) < (pool[slot]?.waiting.size ?? 0)) slot = i;
    const thread = pool[slot] ?? start(slot);
    const id = nextId++;
    return new Promise((resolve) => {
      thread.waiting.set(id, { xmls, resolve });
      thread.worker.postMessage({ id, xmls });
    });
  };
  const take = (xml: string) => {
    const found = started.get(xml);
    if (found) started.delete(xml);
    return found;
  };

  return {
    parseMany(xmls) {
      if (started.size === 0) return inThread(xmls);
      const early = xmls.map(take);
      const rest = inThread(xmls.filter((_, i) => !early[i]));
      return Promise.all([Promise.all(early), rest]).then(([found, parsed]) => {
        let next = 0;
        return found.map((p) => p ?? parsed[next++]!);
      });
    },
    early(xmls) {
      if (closed || xmls.length === 0) return;
      if (started.size + xmls.length > MAX_EARLY) started.clear();
      const job = inThread(xmls);
      xmls.forEach((xml, i) => {
        if (!started.has(xml))
          started.set(
            xml,
            job.then((parsed) => parsed[i]!),
          );
      });
    },
    take,
    parsedInThreads: () => inThreads,
    async close() {
      closed = true;
      await Promise.all(pool.map((t) => t?.worker.terminate()));
    },
  };
}
