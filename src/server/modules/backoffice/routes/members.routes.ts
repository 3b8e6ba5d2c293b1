import { membersEndpoints } from '../../../../shared/contract/admin/members.ts';
import { adminRoute } from '../admin-route.ts';
import { adjustBalance } from '../member-adjust.service.ts';
import { collectMemberDebt, writeOffMemberDebt } from '../member-debt.service.ts';
import {
  memberDetail,
  resetMemberPassword,
  searchMembers,
  setMemberLevel,
  setMemberStatus,
} from '../members-admin.service.ts';
import { seesFullBankNumbers } from '../permissions.ts';

/** Members: search, the member page, block, level, password reset, manual adjustments and debts. */
export const membersRoutes = [
  adminRoute(membersEndpoints.search, {
    permission: 'members.view',
    reads: 'reports',
    handler: async ({ db, query, readFrom }) => ({ members: await searchMembers(db, query.q), readFrom }),
  }),
  adminRoute(membersEndpoints.detail, {
    permission: 'members.view',
    handler: async ({ db, params, operator }) => ({
      ...(await memberDetail(db, params.id, { fullBankNumber: seesFullBankNumbers(operator.role) })),
    }),
  }),
  adminRoute(membersEndpoints.setStatus, {
    permission: 'members.manage',
    handler: async ({ db, params, body, who }) => {
      await setMemberStatus(db, params.id, body.status, who);
      return {};
    },
  }),
  adminRoute(membersEndpoints.setLevel, {
    permission: 'members.manage',
    handler: async ({ db, params, body, who }) => {
      await setMemberLevel(db, params.id, body.level, who);
      return {};
    },
  }),
  adminRoute(membersEndpoints.resetPassword, {
    permission: 'members.manage',
    handler: async ({ db, params, who }) => ({
      password: await resetMemberPassword(db, params.id, who),
    }),
  }),
  adminRoute(membersEndpoints.adjust, {
    permission: 'members.manage',
    handler: async ({ db, params, body, who }) => ({
      balances: await adjustBalance(db, params.id, body, who),
    }),
  }),
  // The same permission as an adjustment: each ends a debt the member would otherwise repay.
  adminRoute(membersEndpoints.writeOffDebt, {
    permission: 'members.manage',
    handler: async ({ db, params, body, who }) => await writeOffMemberDebt(db, params.id, body, who),
  }),
  adminRoute(membersEndpoints.collectDebt, {
    permission: 'members.manage',
    handler: async ({ db, params, body, who }) => await collectMemberDebt(db, params.id, body, who),
  }),
];
