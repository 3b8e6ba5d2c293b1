import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a reply gains less from compression than the header and the CPU cost it. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses every API reply above the threshold as the client accepts (brotli, else gzip): JSON,
 * CSV and the OpenAPI document. Pages the server composes and the build's static files arrive
 * already encoded and are left alone; event streams are hijacked and never pass through here.
 */
export async function compressReplies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 costs well under a millisecond on a 60-KB listing and keeps most of brotli's gain.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay plain (small, capped at 64 KB): a compressed one is refused with a 415.
    requestEncodings: ['identity'],
  });
}
