import type { FastifyReply } from 'fastify';

/** One Server-Sent Events stream (the live module's streams are these, with their member). */
export interface SseStream {
  /** The session the stream was opened with: it ends with that session. */
  token: string;
  /** Sends one named event; `data` is serialised as JSON. */
  send(event: string, data: unknown): void;
  /** A comment line that keeps proxies from closing an idle connection. */
  ping(): void;
  end(): void;
}

/**
 * Turns a reply into a Server-Sent Events stream: the reply is hijacked (Fastify sends nothing
 * more), the headers set by hooks (security headers) are kept, and writes go straight to the socket.
 */
export function startSse(reply: FastifyReply, token: string): SseStream {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies such as nginx would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');
  return {
    token,
    send: (event, data) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    ping: () => raw.write(':\n\n'),
    end: () => raw.end(),
  };
}
