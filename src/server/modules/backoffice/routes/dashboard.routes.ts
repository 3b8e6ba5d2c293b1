import { dashboardEndpoints } from '../../../../shared/contract/admin/dashboard.ts';
import { adminRoute } from '../admin-route.ts';
import { dashboard, pendingCounts } from '../dashboard.service.ts';

/** The dashboard's figures and the badge counts every screen polls. */
export const dashboardRoutes = [
  adminRoute(dashboardEndpoints.dashboard, {
    permission: 'dashboard.view',
    reads: 'reports',
    handler: async ({ db, request, readFrom }) => {
      const figures = await dashboard(db);
      // The sportsbook's reconciler (open findings, repairs in the last day, settlement runs still
      // working), as the book's plugin reports it: modules never import providers.
      const sportsReconciliation = await request.server.sportsReconciliation();
      return { ...figures, sportsReconciliation, readFrom };
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
