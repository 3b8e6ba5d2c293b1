import { memberSecurityEndpoints } from '../../../../shared/contract/admin/member-security.ts';
import { errors } from '../../../http/errors.ts';
import {
  accountSecurityFacts,
  hasSecondFactor,
  resetSecondFactor,
  secondFactorLockedUntil,
  unlockSecondFactor,
} from '../../accounts/two-factor.service.ts';
import { tellMember } from '../../inbox/news.service.ts';
import { adminRoute } from '../admin-route.ts';
import { audited } from '../audited.ts';
import { assertMemberExists } from '../members-admin.service.ts';

/** The member page's account security: 2FA state and sessions; an owner may reset a lost 2FA. */
export const memberSecurityRoutes = [
  adminRoute(memberSecurityEndpoints.detail, {
    permission: 'members.view',
    handler: async ({ db, limits, params }) => {
      const facts = await accountSecurityFacts(db, params.id);
      if (!facts) throw errors.notFound(`member ${params.id}`);
      const { enabledAt } = facts.twoFactor;
      return {
        ...facts,
        twoFactor: {
          ...facts.twoFactor,
          enabledAt: enabledAt ? new Date(enabledAt) : null,
          lockedUntil: await secondFactorLockedUntil(limits, params.id),
        },
      };
    },
  }),
  adminRoute(memberSecurityEndpoints.resetTwoFactor, {
    permission: 'members.manage',
    handler: async ({ db, limits, params, who }) => {
      await assertMemberExists(db, params.id);
      await audited(db, who, 'members.reset_2fa', async (tx) => {
        const wasOn = await hasSecondFactor(tx, params.id);
        if (wasOn) await resetSecondFactor(tx, params.id);
        return {
          target: `member:${params.id}`,
          before: { twoFactor: wasOn },
          after: { twoFactor: false },
          result: undefined,
          unchanged: !wasOn,
        };
      });
      // Also when it was off already: a member locked out by wrong codes is let in again.
      await unlockSecondFactor(limits, params.id);
      return {};
    },
  }),
  adminRoute(memberSecurityEndpoints.unlockTwoFactor, {
    permission: 'support.answer',
    handler: async ({ db, limits, params, body, who }) => {
      await assertMemberExists(db, params.id);
      const lockedUntil = await secondFactorLockedUntil(limits, params.id);
      // The audit entry is committed first: a lock is never lifted without its record.
      await audited(db, who, 'members.unlock_2fa', async () => ({
        target: `member:${params.id}`,
        before: { lockedUntil },
        after: { lockedUntil: null, reason: body.reason },
        result: undefined,
        unchanged: lockedUntil === null,
      }));
      if (lockedUntil === null) return { wasLocked: false };
      await unlockSecondFactor(limits, params.id);
      await tellMember(db, params.id, 'secondFactorUnlocked', {}, { lasting: true });
      return { wasLocked: true };
    },
  }),
];
