import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_STATUSES,
  KYC_FILE_TYPES,
  type KycDocumentKind,
} from '../../../shared/vocabulary.ts';
import { idColumn, timestamptz } from '../../db/columns.ts';
import { memberIdColumn } from '../accounts/accounts.schema.ts';

/** The file's bytes: a Buffer in, a Buffer (pg) or Uint8Array (PGlite) out. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A document a member uploaded to verify their account (migration 0020). The bytes live here, not on a
 * disk: see the migration for why. Listings never select `content`; only the two file routes read it.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    kind: text('kind', { enum: KYC_DOCUMENT_KINDS }).notNull(),
    /** The type its first bytes say it is (never the type the browser claimed). */
    mime: text('mime', { enum: KYC_FILE_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    status: text('status', { enum: KYC_DOCUMENT_STATUSES }).notNull().default('pending'),
    /** Why it was rejected: the member sees it. */
    reason: text('reason'),
    /** The reviewer's note for other operators: the member never sees it. */
    note: text('note'),
    decidedBy: text('decided_by'),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    index('kyc_documents_member').on(t.memberId, t.id),
    uniqueIndex('kyc_documents_one_pending').on(t.memberId, t.kind).where(sql`${t.status} = 'pending'`),
    index('kyc_documents_queue').on(t.id).where(sql`${t.status} = 'pending'`),
    check('kyc_documents_kind', sql`${t.kind} in ('identity', 'address', 'selfie')`),
    check('kyc_documents_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'kyc_documents_mime',
      sql`${t.mime} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`,
    ),
    check('kyc_documents_size', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} = octet_length(${t.content})`),
    check('kyc_documents_rejected_reason', sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
  ],
);

/** An operator asking a member for a document (another one, or a clearer copy); fulfilled by the next upload of that kind. */
export const kycRequests = pgTable(
  'kyc_requests',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    kind: text('kind', { enum: KYC_DOCUMENT_KINDS }).$type<KycDocumentKind>().notNull(),
    message: text('message').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    fulfilledAt: timestamptz('fulfilled_at'),
  },
  (t) => [
    index('kyc_requests_open').on(t.memberId).where(sql`${t.fulfilledAt} is null`),
    check('kyc_requests_kind', sql`${t.kind} in ('identity', 'address', 'selfie')`),
  ],
);
