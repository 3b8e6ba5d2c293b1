import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.ts';
import { errors } from './errors.ts';
import type { StreamHolder } from './stream-slots.ts';

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

/**
 * Serves one Server-Sent Events stream: takes a slot of its holder (429 `limited`, msg3009, nothing
 * hijacked, when the holder has `limit` open here; the browser's EventSource then stops and the page
 * keeps its polling fallback), opens the stream, and hands it to `register` (a feed's `add`, which
 * sends the first figures and answers how to take the stream out). The stream leaves its feed and
 * gives its slot back when the client goes, even when it went during `register`'s first read or
 * before it: the request's `close` comes once, and a listener added after it never hears it, so the
 * feed kept writing to a dead socket for as long as the process lived. A feed ending the stream
 * itself (a session over) gives the slot back too.
 */
export async function serveSse(
  request: FastifyRequest,
  reply: FastifyReply,
  holder: StreamHolder,
  token: string,
  register: (stream: SseStream) => Promise<() => void>,
): Promise<void> {
  const release = request.server.streams.take(holder);
  if (!release) {
    throw errors.limited('too many live streams open at once: close another page', MSG.tooManyRequests, {
      limit: holder.limit,
    });
  }
  let gone = false;
  let remove: (() => void) | undefined;
  const leave = () => {
    gone = true;
    remove?.();
    release();
  };
  request.raw.once('close', leave);
  const stream = startSse(reply, token);
  const end = stream.end;
  stream.end = () => {
    end();
    release();
  };
  remove = await register(stream);
  if (gone || request.raw.socket?.destroyed) leave();
}
