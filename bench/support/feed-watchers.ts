/**
 * bench:feed's members (worker threads, each a share of them, so parsing their streams does not hold up the publisher):
 * opens one sports window stream (`GET /sports/live?events=…`) per member over its own connection,
 * holds each event as the window does (`event` whole, then its `delta`s applied), and notes, for
 * every frame that moved an event's 1X2 prices, when it came, the event and those prices. Asked for
 * its notes, it answers them and each stream's last 1X2 prices per event, then closes the streams.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { SportEvent } from '../../src/shared/contract/sports-api.ts';
import { applyEventDelta, type EventDelta } from '../../src/shared/sports/event-delta.ts';

interface Input {
  url: string;
  /** The events each member watches. */
  members: number[][];
}
const { url, members } = workerData as Input;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** "37/20" → "1.85": the 1X2 prices as the bench published them (two decimals). */
const decimal = (p: string) => {
  const [n, d] = p.split('/').map(Number);
  return (n! / (d ?? 1)).toFixed(2);
};

// Notes as flat arrays: a million objects would cost the worker more than the streams.
const at: number[] = [];
const eventOf: number[] = [];
const pricesOf: string[] = [];
const last: Map<number, string>[] = members.map(() => new Map());
/** Each stream's events as it holds them (deltas apply to these). */
const held: Map<number, SportEvent>[] = members.map(() => new Map());
const requests: http.ClientRequest[] = [];
let open = 0;
const cpuMicros = () => {
  const used = process.threadCpuUsage();
  return used.user + used.system;
};

members.forEach((events, i) => {
  const req = http.get(`${url}/sports/live?events=${events.join(',')}`, { agent }, (res) => {
    open++;
    res.setEncoding('utf8');
    let buf = '';
    res.on('data', (chunk: string) => {
      buf += chunk;
      let end = buf.indexOf('\n\n');
      while (end >= 0) {
        const frame = buf.slice(0, end);
        buf = buf.slice(end + 2);
        end = buf.indexOf('\n\n');
        const whole = frame.startsWith('event: event\n');
        if (!whole && !frame.startsWith('event: delta\n')) continue;
        const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as SportEvent | EventDelta;
        const before = held[i]!.get(data.id);
        const event = whole ? (data as SportEvent) : before && applyEventDelta(before, data as EventDelta);
        if (!event) continue;
        held[i]!.set(data.id, event);
        const m = event.markets.find((x) => x.type === '1x2');
        if (!m) continue;
        const prices = m.selections.map((s) => decimal(s.price)).join(',');
        if (last[i]!.get(data.id) === prices) continue; // a move of another market only
        at.push(performance.timeOrigin + performance.now());
        eventOf.push(data.id);
        pricesOf.push(prices);
        last[i]!.set(data.id, prices);
      }
    });
  });
  req.on('error', () => undefined);
  requests.push(req);
});

parentPort!.on('message', (msg: string) => {
  if (msg === 'open') parentPort!.postMessage({ open });
  // This thread's CPU time (the members' cost: reading, parsing and applying every stream's frames).
  if (msg === 'cpu') parentPort!.postMessage({ cpuMicros: cpuMicros() });
  if (msg === 'report') {
    parentPort!.postMessage({
      open,
      cpuMicros: cpuMicros(),
      at,
      eventOf,
      pricesOf,
      last: last.map((m) => [...m.entries()]),
    });
  }
  if (msg === 'close') {
    for (const r of requests) r.destroy();
    agent.destroy();
    parentPort!.close();
  }
});
