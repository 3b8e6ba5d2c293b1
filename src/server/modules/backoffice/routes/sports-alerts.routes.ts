import { sportsEndpoints } from '../../../../shared/contract/admin/sports.ts';
import { errors } from '../../../http/errors.ts';
import { dismissAlert, listAlerts } from '../../../providers/sports/alerts/alerts.service.ts';
import { priceHistory } from '../../../providers/sports/price-history.ts';
import { adminRoute } from '../admin-route.ts';
import { audited } from '../audited.ts';

/** The desk's ticker alerts (listed, dismissed with an audit entry) and each selection's price history. */
export const sportsAlertRoutes = [
  adminRoute(sportsEndpoints.alerts, {
    permission: 'trading',
    touch: false,
    handler: async ({ db, query }) => listAlerts(db, query),
  }),
  adminRoute(sportsEndpoints.dismissAlert, {
    permission: 'trading',
    handler: async ({ db, params, who }) => {
      await audited(db, who, 'sports.alert.dismiss', async (tx) => {
        if (!(await dismissAlert(tx, params.id, who.operator.login)))
          throw errors.conflict(`alert ${params.id} is unknown or already dismissed`);
        return { target: `sb-alert:${params.id}`, after: { dismissed: true }, result: undefined };
      });
      return {};
    },
  }),
  adminRoute(sportsEndpoints.priceHistory, {
    permission: 'trading',
    touch: false,
    handler: async ({ db, params, query }) => priceHistory(db, params.id, query),
  }),
];
