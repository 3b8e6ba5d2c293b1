import { z } from 'zod';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_STATUSES, KYC_FILE_TYPES, KYC_LEVELS } from '../vocabulary.ts';
import { byId, noFields } from './route-parts.ts';

const level = z.union(KYC_LEVELS.map((l) => z.literal(l)));

/** A member's verification as My page shows it: the level, what withdrawals need, documents and requests. */
export const kycView = z.object({
  level,
  /** What this site's withdrawals need: `withdrawLevel` for any, `overLevel` for one of more than `over`. */
  rules: z.object({
    withdrawLevel: level,
    over: z.number().nullable(),
    overLevel: level,
  }),
  /** Newest first; `reason` is why an operator rejected it. */
  documents: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(KYC_DOCUMENT_KINDS),
      status: z.enum(KYC_DOCUMENT_STATUSES),
      mime: z.enum(KYC_FILE_TYPES),
      sizeBytes: z.number(),
      reason: z.string().nullable(),
      uploadedAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  /** What an operator asked for and the member has not sent yet. */
  requests: z.array(
    z.object({ kind: z.enum(KYC_DOCUMENT_KINDS), message: z.string(), requestedAt: z.string() }),
  ),
});
export type KycViewReply = z.infer<typeof kycView>;

/**
 * Verification (KYC). The upload itself is not a JSON route: POST /api/kyc/documents/<kind> with the
 * file's bytes as the body and its type as Content-Type (docs/apis.md).
 */
export const kycRoutes = {
  'get-kyc': {
    auth: 'member',
    request: noFields,
    response: z.object({ status: z.literal('success'), kyc: kycView }),
  },
  /** One of the member's own documents, as a file (Content-Disposition: attachment); another's is not found. */
  'get-kyc-document': {
    auth: 'member',
    request: byId,
    response: z.string(),
  },
} as const;
