import { MSG } from '../../../shared/messages.ts';
import { errors } from '../../http/errors.ts';
import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { requestLocale } from '../../http/page-i18n.ts';
import { siteLocale } from '../sites/site-settings.ts';
import { changeBankDetails, isMemberPassword } from './accounts.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { activeSessionsOf, revokeOtherSessions } from './sessions.repo.ts';
import {
  beginSecondFactor,
  disableSecondFactor,
  enableSecondFactor,
  secondFactorStatus,
} from './two-factor.service.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Password recovery, two-step login, the member's sessions and bank details (docs/accounts.md). */
export const securityRoutes: RouteHandlers = {
  'user-password-forgot': async (body, ctx) => {
    const channel = await requestPasswordReset(ctx.db, ctx.config, ctx.limits, ctx.site, {
      loginId: body.id,
      ip: ctx.ip,
      locale: requestLocale(ctx.request, siteLocale(ctx.site.settings)),
    });
    return { status: 'success', msg: channel === 'email' ? MSG.resetSentEmail : MSG.resetSentSms, channel };
  },

  'user-password-reset': async (body, ctx) => {
    await resetPassword(ctx.db, ctx.limits, ctx.config, ctx.site, {
      loginId: body.id,
      code: body.code,
      pw: body.pw,
      ip: ctx.ip,
    });
    return { status: 'success', msg: MSG.passwordReset };
  },

  'user-2fa-status': async (_body, ctx) => ({
    status: 'success',
    ...(await secondFactorStatus(ctx.db, requireMember(ctx).memberId)),
  }),

  'user-2fa-setup': async (body, ctx) => {
    const member = requireMember(ctx);
    if (!(await isMemberPassword(ctx.db, ctx.limits, member.memberId, body.pw))) {
      throw errors.invalid('the current password is wrong', MSG.passwordWrong);
    }
    const setup = await beginSecondFactor(
      ctx.db,
      ctx.config,
      member.memberId,
      member.user.userId,
      ctx.site.name,
    );
    return { status: 'success', ...setup };
  },

  'user-2fa-enable': async (body, ctx) => {
    const codes = await enableSecondFactor(ctx.db, ctx.limits, ctx.config, requireMember(ctx), body.otp);
    return { status: 'success', msg: MSG.twoFactorOn, recoveryCodes: codes };
  },

  'user-2fa-disable': async (body, ctx) => {
    const member = requireMember(ctx);
    if (!(await isMemberPassword(ctx.db, ctx.limits, member.memberId, body.pw))) {
      throw errors.invalid('the current password is wrong', MSG.passwordWrong);
    }
    await disableSecondFactor(ctx.db, ctx.limits, ctx.config, member, body.otp);
    return { status: 'success', msg: MSG.twoFactorOff };
  },

  'user-sessions': async (_body, ctx) => {
    const member = requireMember(ctx);
    const rows = await activeSessionsOf(ctx.db, member.memberId, ctx.config.sessionIdleMs);
    return {
      status: 'success',
      list: rows.map((r) => ({
        id: r.id,
        createdAt: iso(r.createdAt),
        lastSeenAt: iso(r.lastSeenAt),
        ip: r.ip,
        userAgent: r.userAgent,
        current: r.id === member.sessionId,
      })),
    };
  },

  'user-sessions-end-others': async (_body, ctx) => {
    const member = requireMember(ctx);
    const count = await revokeOtherSessions(ctx.db, member.memberId, member.sessionId);
    return { status: 'success', msg: MSG.othersSignedOut, count };
  },

  'user-change-bank': async (body, ctx) => {
    const member = requireMember(ctx);
    await changeBankDetails(ctx.db, ctx.limits, ctx.config, ctx.site, member.memberId, body);
    return { status: 'success', msg: MSG.bankChanged };
  },
};
