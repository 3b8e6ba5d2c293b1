import { dashboardEndpoints } from '../../../../shared/contract/admin/dashboard.ts';
import { adminRoute } from '../admin-route.ts';
import { dashboard, pendingCounts } from '../dashboard.service.ts';

/** The dashboard's figures and the badge counts every screen polls. */
export const dashboardRoutes = [
  adminRoute(dashboardEndpoints.dashboard, {
    permission: 'dashboard.view',
    handler: async ({ db }) => {
      const { today, month, pending, jackpot, protectedMembers, membersWithLimits, sportsReconciliation } =
        await dashboard(db);
      return { today, month, pending, jackpot, protectedMembers, membersWithLimits, sportsReconciliation };
    },
  }),
  adminRoute(dashboardEndpoints.pendingCounts, {
    permission: 'dashboard.view',
    touch: false,
    handler: async ({ db }) => {
      const { deposits, withdrawals, tickets } = await pendingCounts(db);
      return { deposits, withdrawals, tickets };
    },
  }),
];
