import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import {
  KYC_FILE_TYPES,
  KYC_MAX_BYTES,
  type KycDocumentKind,
  type KycFileType,
  type KycLevel,
} from '../../../shared/vocabulary.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { sqlStateOf } from '../../db/sql-state.ts';
import { errors } from '../../http/errors.ts';
import type { Site } from '../sites/sites.service.ts';
import { sniffFileType } from './file-type.ts';
import { kycDocuments, kycRequests } from './kyc.schema.ts';
import { levelNeededFor, levelOf } from './kyc-rules.ts';

const UNIQUE_VIOLATION = '23505';

/** Every column but the file's bytes: what listings read. */
const SUMMARY = {
  id: kycDocuments.id,
  memberId: kycDocuments.memberId,
  kind: kycDocuments.kind,
  mime: kycDocuments.mime,
  sizeBytes: kycDocuments.sizeBytes,
  status: kycDocuments.status,
  reason: kycDocuments.reason,
  note: kycDocuments.note,
  decidedBy: kycDocuments.decidedBy,
  uploadedAt: kycDocuments.uploadedAt,
  decidedAt: kycDocuments.decidedAt,
};
export type KycDocumentSummary = {
  [K in keyof typeof SUMMARY]: (typeof kycDocuments.$inferSelect)[K];
};
export type KycRequest = typeof kycRequests.$inferSelect;

/** The type a browser claims ('image/jpeg; charset=...'), lower-case and without parameters. */
function claimedType(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'image/jpg' ? 'image/jpeg' : type;
}

const isFileType = (type: string): type is KycFileType =>
  (KYC_FILE_TYPES as readonly string[]).includes(type);

/**
 * Checks an uploaded file before anything is stored: not empty, within KYC_MAX_BYTES, of an accepted
 * type by its first bytes, and of the type it claims. Gives the sniffed type.
 */
export function checkUpload(bytes: Uint8Array, contentType: string | undefined): KycFileType {
  if (bytes.length > KYC_MAX_BYTES) throw errors.tooLarge('the file is over 5 MB', MSG.kycFileTooLarge);
  const claimed = claimedType(contentType);
  if (!isFileType(claimed))
    throw errors.fileRefused(`${claimed || 'no type'} is not accepted`, MSG.kycFileType);
  const sniffed = sniffFileType(bytes);
  if (!sniffed) throw errors.fileRefused('the file is not a JPEG, PNG, WebP or PDF', MSG.kycFileType);
  if (sniffed !== claimed)
    throw errors.fileRefused(`the file claims ${claimed} but is ${sniffed}`, MSG.kycFileType);
  return sniffed;
}

async function openRequests(db: DbOrTx, memberId: number): Promise<KycRequest[]> {
  return db
    .select()
    .from(kycRequests)
    .where(and(eq(kycRequests.memberId, memberId), isNull(kycRequests.fulfilledAt)))
    .orderBy(asc(kycRequests.id));
}

/**
 * A member's upload: checked (checkUpload), then stored with its hash, fulfilling the operators' open
 * requests for that kind. One document of a kind waits at a time; an approved kind is sent again only
 * when an operator asked for it.
 */
export async function uploadDocument(
  db: Db,
  memberId: number,
  kind: KycDocumentKind,
  file: { bytes: Uint8Array; contentType: string | undefined },
): Promise<KycDocumentSummary> {
  const mime = checkUpload(file.bytes, file.contentType);
  try {
    return await db.transaction(async (tx) => {
      const asked = (await openRequests(tx, memberId)).some((r) => r.kind === kind);
      const [approved] = await tx
        .select({ id: kycDocuments.id })
        .from(kycDocuments)
        .where(
          and(
            eq(kycDocuments.memberId, memberId),
            eq(kycDocuments.kind, kind),
            eq(kycDocuments.status, 'approved'),
          ),
        )
        .limit(1);
      if (approved && !asked)
        throw errors.conflict('this document is already verified', {}, MSG.kycAlreadyApproved);
      const [row] = await tx
        .insert(kycDocuments)
        .values({
          memberId,
          kind,
          mime,
          sizeBytes: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          content: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length),
        })
        .returning(SUMMARY);
      await tx
        .update(kycRequests)
        .set({ fulfilledAt: sql`now()` })
        .where(
          and(
            eq(kycRequests.memberId, memberId),
            eq(kycRequests.kind, kind),
            isNull(kycRequests.fulfilledAt),
          ),
        );
      return row!;
    });
  } catch (error) {
    // The partial unique index: another upload of this kind waits (or won a race with this one).
    if (sqlStateOf(error) === UNIQUE_VIOLATION)
      throw errors.waiting('a document of this kind already waits for review', MSG.kycAlreadyPending);
    throw error;
  }
}

/** The member's documents (newest first, without their bytes) and verification level. */
export async function verificationOf(db: DbOrTx, memberId: number) {
  const documents = await db
    .select(SUMMARY)
    .from(kycDocuments)
    .where(eq(kycDocuments.memberId, memberId))
    .orderBy(desc(kycDocuments.id))
    .limit(100);
  const approved = new Set(documents.filter((d) => d.status === 'approved').map((d) => d.kind));
  return { level: levelOf(approved), documents, requests: await openRequests(db, memberId) };
}

/** The member's verification level alone (0, 1 or 2). */
export async function levelOfMember(db: DbOrTx, memberId: number): Promise<KycLevel> {
  const rows = await db
    .selectDistinct({ kind: kycDocuments.kind })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.memberId, memberId), eq(kycDocuments.status, 'approved')));
  return levelOf(new Set(rows.map((r) => r.kind)));
}

/**
 * Refuses a withdrawal of `amount` the member's verification level does not allow on this site
 * (403 `verification`, msg3201, with both levels). Called inside the withdrawal's transaction, with
 * the amount the rule weighs: the request with the member's linked ones (cashier's withdrawnWithin).
 */
export async function assertWithdrawalVerified(tx: DbOrTx, memberId: number, site: Site, amount: number) {
  const requiredLevel = levelNeededFor(site.settings.kyc, amount);
  if (requiredLevel === 0) return;
  const verifiedLevel = await levelOfMember(tx, memberId);
  if (verifiedLevel < requiredLevel) {
    throw errors.verificationRequired(
      `this withdrawal needs verification level ${requiredLevel}; the member has ${verifiedLevel}`,
      { verifiedLevel, requiredLevel },
    );
  }
}

/** One document's bytes and type; with `memberId`, only when it is that member's (else not found, as for any id). */
export async function documentFile(db: DbOrTx, id: number, memberId?: number) {
  const [row] = await db
    .select({
      id: kycDocuments.id,
      memberId: kycDocuments.memberId,
      kind: kycDocuments.kind,
      mime: kycDocuments.mime,
      content: kycDocuments.content,
    })
    .from(kycDocuments)
    .where(
      memberId === undefined
        ? eq(kycDocuments.id, id)
        : and(eq(kycDocuments.id, id), eq(kycDocuments.memberId, memberId)),
    );
  if (!row) throw errors.notFound(`document ${id}`);
  return row;
}

/** The review queue: every waiting document, oldest first (at most 200). */
export async function pendingDocuments(db: DbOrTx) {
  return db
    .select(SUMMARY)
    .from(kycDocuments)
    .where(eq(kycDocuments.status, 'pending'))
    .orderBy(asc(kycDocuments.id))
    .limit(200);
}

/**
 * An operator's decision on a waiting document: approved, or rejected with a reason the member sees.
 * `note` is for operators only. A document decided already is refused (409), so one decision wins.
 */
export async function decideDocument(
  tx: Tx,
  id: number,
  input: {
    decision: 'approve' | 'reject';
    reason?: string | undefined;
    note?: string | undefined;
    by: string;
  },
) {
  if (input.decision === 'reject' && !input.reason)
    throw errors.invalid('a rejection needs a reason the member sees');
  const [row] = await tx
    .update(kycDocuments)
    .set({
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      reason: input.reason ?? null,
      note: input.note ?? null,
      decidedBy: input.by,
      decidedAt: sql`now()`,
    })
    .where(and(eq(kycDocuments.id, id), eq(kycDocuments.status, 'pending')))
    .returning(SUMMARY);
  if (row) return row;
  const [exists] = await tx
    .select({ status: kycDocuments.status })
    .from(kycDocuments)
    .where(eq(kycDocuments.id, id));
  if (!exists) throw errors.notFound(`document ${id}`);
  throw errors.conflict(`document ${id} is ${exists.status} already`);
}

/** An operator asks the member for a document of `kind` (another one, a clearer copy); the next upload of it fulfils this. */
export async function requestDocument(
  tx: Tx,
  input: { memberId: number; kind: KycDocumentKind; message: string; by: string },
) {
  const [row] = await tx
    .insert(kycRequests)
    .values({ memberId: input.memberId, kind: input.kind, message: input.message, requestedBy: input.by })
    .returning();
  return row!;
}

/** The verification level of each of these members (absent: 0). */
export async function levelsOf(db: DbOrTx, memberIds: readonly number[]): Promise<Map<number, KycLevel>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ memberId: kycDocuments.memberId, kind: kycDocuments.kind })
    .from(kycDocuments)
    .where(and(inArray(kycDocuments.memberId, [...new Set(memberIds)]), eq(kycDocuments.status, 'approved')));
  const kinds = new Map<number, Set<KycDocumentKind>>();
  for (const r of rows) kinds.set(r.memberId, (kinds.get(r.memberId) ?? new Set()).add(r.kind));
  return new Map([...kinds].map(([id, set]) => [id, levelOf(set)]));
}
