import { systemEndpoints } from '../../../../shared/contract/admin/system.ts';
import { adminRoute } from '../admin-route.ts';

/** The system-health screen: what GET /metrics tells Prometheus, for the operator who has no dashboard. */
export const systemRoutes = [
  adminRoute(systemEndpoints.health, {
    permission: 'system.view',
    touch: false,
    // The figures are the app's (app.ts decorates them): modules never import the metrics' sources.
    handler: async ({ request }) => ({ health: await request.server.systemHealth() }),
  }),
];
