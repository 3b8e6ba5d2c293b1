import { memberSecurityEndpoints } from '../../../../shared/contract/admin/member-security.ts';
import { errors } from '../../../http/errors.ts';
import {
  accountSecurityFacts,
  hasSecondFactor,
  resetSecondFactor,
  unlockSecondFactor,
} from '../../accounts/two-factor.service.ts';
import { adminRoute } from '../admin-route.ts';
import { audited } from '../audited.ts';
import { assertMemberExists } from '../members-admin.service.ts';

/** The member page's account security: 2FA state and sessions; an owner may reset a lost 2FA. */
export const memberSecurityRoutes = [
  adminRoute(memberSecurityEndpoints.detail, {
    permission: 'members.view',
    handler: async ({ db, params }) => {
      const facts = await accountSecurityFacts(db, params.id);
      if (!facts) throw errors.notFound(`member ${params.id}`);
      const { enabledAt } = facts.twoFactor;
      return {
        ...facts,
        twoFactor: { ...facts.twoFactor, enabledAt: enabledAt ? new Date(enabledAt) : null },
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
];
