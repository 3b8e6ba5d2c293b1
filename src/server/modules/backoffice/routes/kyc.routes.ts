import { kycEndpoints } from '../../../../shared/contract/admin/kyc.ts';
import { memberCards } from '../../accounts/members.service.ts';
import { sendNote } from '../../inbox/notes.service.ts';
import { sendDocument } from '../../kyc/document-reply.ts';
import {
  decideDocument,
  documentFile,
  levelOfMember,
  levelsOf,
  pendingDocuments,
  requestDocument,
  verificationOf,
} from '../../kyc/kyc.service.ts';
import { kycNote } from '../../kyc/kyc-notes.ts';
import { adminRoute, SENT_BY_HANDLER } from '../admin-route.ts';
import { audited } from '../audited.ts';
import { assertMemberExists } from '../members-admin.service.ts';

/**
 * Verification (KYC): the compliance role's review queue. Every decision and request is audited in
 * the same transaction as the change, and the member gets a note. The state itself (no files) is for
 * whoever may read members, so the member page shows it.
 */
export const kycRoutes = [
  adminRoute(kycEndpoints.queue, {
    permission: 'kyc.review',
    handler: async ({ db }) => {
      const documents = await pendingDocuments(db);
      const ids = documents.map((d) => d.memberId);
      const [cards, levels] = await Promise.all([memberCards(db, ids), levelsOf(db, ids)]);
      return {
        documents: documents.map((d) => ({
          ...d,
          // Every brand's documents wait in one queue: each names its member's site.
          siteId: cards.get(d.memberId)?.siteId ?? 0,
          loginId: cards.get(d.memberId)?.loginId ?? '',
          nick: cards.get(d.memberId)?.nick ?? '',
          level: levels.get(d.memberId) ?? 0,
        })),
      };
    },
  }),
  adminRoute(kycEndpoints.member, {
    permission: 'members.view',
    handler: async ({ db, params }) => {
      await assertMemberExists(db, params.id);
      return verificationOf(db, params.id);
    },
  }),
  adminRoute(kycEndpoints.file, {
    permission: 'kyc.review',
    handler: async ({ db, params, reply }) => {
      void sendDocument(reply, await documentFile(db, params.id));
      return SENT_BY_HANDLER;
    },
  }),
  adminRoute(kycEndpoints.decide, {
    permission: 'kyc.review',
    handler: async ({ db, params, body, who }) => {
      const reason = body.decision === 'reject' ? body.reason : undefined;
      return audited(db, who, `kyc.${body.decision}`, async (tx) => {
        const document = await decideDocument(tx, params.id, { ...body, reason, by: who.operator.login });
        await sendNote(tx, {
          target: 'member',
          memberId: document.memberId,
          ...kycNote({ kind: document.kind, status: document.status as 'approved' | 'rejected', reason }),
          sentBy: who.operator.login,
        });
        const level = await levelOfMember(tx, document.memberId);
        return {
          target: `kyc-document:${document.id}`,
          before: { status: 'pending', kind: document.kind, memberId: document.memberId },
          after: { status: document.status, reason: document.reason, note: document.note, level },
          result: { document, level },
        };
      });
    },
  }),
  adminRoute(kycEndpoints.request, {
    permission: 'kyc.review',
    handler: async ({ db, params, body, who }) =>
      audited(db, who, 'kyc.request', async (tx) => {
        await assertMemberExists(tx, params.id);
        const request = await requestDocument(tx, { memberId: params.id, ...body, by: who.operator.login });
        await sendNote(tx, {
          target: 'member',
          memberId: params.id,
          ...kycNote({ kind: body.kind, requested: body.message }),
          sentBy: who.operator.login,
        });
        return { target: `member:${params.id}`, after: body, result: { requestId: request.id } };
      }),
  }),
];
