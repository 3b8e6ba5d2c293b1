import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { sendDocument } from './document-reply.ts';
import { memberKycView } from './kyc.presenter.ts';
import { documentFile, verificationOf } from './kyc.service.ts';

/** My page's verification: the state, and the member's own files (another member's id is not found). */
export const kycRoutes: RouteHandlers = {
  'get-kyc': async (_body, ctx) => {
    const member = requireMember(ctx);
    const verification = await verificationOf(ctx.db, member.memberId);
    return { status: 'success', kyc: memberKycView(verification, ctx.site.settings.kyc) };
  },
  'get-kyc-document': async (body, ctx) => {
    const doc = await documentFile(ctx.db, body.id, requireMember(ctx).memberId);
    void sendDocument(ctx.reply, doc);
    return ctx.reply as never;
  },
};
