import { z } from 'zod';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_STATUSES, KYC_FILE_TYPES, KYC_LEVELS } from '../../vocabulary.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam } from './fields.ts';

export const kycLevel = z.union(KYC_LEVELS.map((l) => z.literal(l)));
const level = kycLevel;

/** One uploaded document as operators see it (the bytes come from the file endpoint). */
export const kycDocumentRow = z.object({
  id: z.number(),
  memberId: z.number(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  mime: z.enum(KYC_FILE_TYPES),
  sizeBytes: z.number(),
  status: z.enum(KYC_DOCUMENT_STATUSES),
  /** Shown to the member. */
  reason: z.string().nullable(),
  /** For operators only. */
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  uploadedAt: instantOut,
  decidedAt: instantOut.nullable(),
});

const memberText = z.string().trim().min(1).max(500);

/** Verification (KYC): the compliance role's review queue and a member's verification state. */
export const kycEndpoints = {
  queue: endpoint({
    method: 'GET',
    path: '/kyc/queue',
    summary: 'Documents waiting for review, oldest first, with the member, their site and their level now',
    response: ok.extend({
      /** `siteId`: the member's site (brand); the queue holds every site's documents. */
      documents: z.array(
        kycDocumentRow.extend({ siteId: z.number(), loginId: z.string(), nick: z.string(), level }),
      ),
    }),
  }),
  member: endpoint({
    method: 'GET',
    path: '/kyc/members/:id',
    summary: "A member's verification level, documents (newest first) and open requests",
    params: idParam,
    response: ok.extend({
      level,
      documents: z.array(kycDocumentRow),
      requests: z.array(
        z.object({
          id: z.number(),
          kind: z.enum(KYC_DOCUMENT_KINDS),
          message: z.string(),
          requestedBy: z.string(),
          requestedAt: instantOut,
        }),
      ),
    }),
  }),
  /** The reply is the file itself (attachment, nosniff), not JSON. */
  file: endpoint({
    method: 'GET',
    path: '/kyc/documents/:id/file',
    summary: "A document's file (Content-Disposition: attachment; the type its bytes were checked to be)",
    params: idParam,
    response: z.string(),
  }),
  decide: endpoint({
    method: 'POST',
    path: '/kyc/documents/:id/decision',
    summary:
      'Approves a waiting document, or rejects it with a reason the member sees; audited, the member gets a note',
    params: idParam,
    body: z.discriminatedUnion('decision', [
      z.object({ decision: z.literal('approve'), note: z.string().trim().max(1000).optional() }),
      z.object({
        decision: z.literal('reject'),
        reason: memberText,
        note: z.string().trim().max(1000).optional(),
      }),
    ]),
    response: ok.extend({ document: kycDocumentRow, level }),
  }),
  request: endpoint({
    method: 'POST',
    path: '/kyc/members/:id/request',
    summary: 'Asks the member for a document (another one, a clearer copy); audited, the member gets a note',
    params: idParam,
    body: z.object({ kind: z.enum(KYC_DOCUMENT_KINDS), message: memberText }),
    response: ok.extend({ requestId: z.number() }),
  }),
} as const;
