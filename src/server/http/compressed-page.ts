import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a page the server composed (static files come precompressed from the build) compressed as
 * the browser accepts: brotli at a quality that costs about a millisecond for a page, else gzip.
 */
export function sendCompressedPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const vary = reply.getHeader('vary');
  reply
    .type('text/html; charset=utf-8')
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (/\bbr\b/.test(accepts)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
