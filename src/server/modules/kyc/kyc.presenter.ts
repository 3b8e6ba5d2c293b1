import type { KycViewReply } from '../../../shared/contract/kyc-routes.ts';
import type { KycSettings } from '../sites/sites.schema.ts';
import type { verificationOf } from './kyc.service.ts';

type Verification = Awaited<ReturnType<typeof verificationOf>>;

/** What the member sees of their verification: never the operators' notes or who decided. */
export const memberKycView = (v: Verification, rules: KycSettings | undefined): KycViewReply => ({
  level: v.level,
  rules: {
    withdrawLevel: rules?.withdrawLevel ?? 0,
    over: rules?.over ?? null,
    overLevel: rules?.overLevel ?? 0,
  },
  documents: v.documents.map((d) => ({
    id: d.id,
    kind: d.kind,
    status: d.status,
    mime: d.mime,
    sizeBytes: d.sizeBytes,
    reason: d.reason,
    uploadedAt: d.uploadedAt.toISOString(),
    decidedAt: d.decidedAt?.toISOString() ?? null,
  })),
  requests: v.requests.map((r) => ({
    kind: r.kind,
    message: r.message,
    requestedAt: r.requestedAt.toISOString(),
  })),
});
