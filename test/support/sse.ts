import { request } from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseClient {
  status: number;
  events: SseEvent[];
  /** Resolves with the first event (from the start) that matches, or rejects after `ms`. */
  waitFor(match: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a Server-Sent Events stream over real HTTP and collects its events as they arrive. */
export function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let endStream: () => void = () => {};
      const ended = new Promise<void>((done) => {
        endStream = done;
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) events.push({ event, data: JSON.parse(data) });
          cut = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      });
      res.on('end', endStream);
      res.on('close', endStream);
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        close: () => req.destroy(),
        waitFor: (match, ms = 5_000) =>
          new Promise((found, fail) => {
            const check = () => {
              const hit = events.find(match);
              if (!hit) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
            }, ms);
            waiters.add(check);
            check();
          }),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
