import type { FastifyReply } from 'fastify';
import type { KycDocumentKind, KycFileType } from '../../../shared/vocabulary.ts';
import { EXTENSION } from './file-type.ts';

/**
 * Sends a document's bytes so that no browser runs or renders it as a page: always a download
 * (attachment) under a name we make, the type its bytes were checked to be, nosniff, a sandboxing
 * CSP that allows nothing, and never cached. An <img> of the back office still shows an image.
 */
export function sendDocument(
  reply: FastifyReply,
  doc: { id: number; kind: KycDocumentKind; mime: KycFileType; content: Uint8Array },
): FastifyReply {
  return reply
    .type(doc.mime)
    .header('content-disposition', `attachment; filename="${doc.kind}-${doc.id}.${EXTENSION[doc.mime]}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(doc.content.buffer, doc.content.byteOffset, doc.content.byteLength));
}
