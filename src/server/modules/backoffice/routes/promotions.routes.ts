import { promotionsEndpoints } from '../../../../shared/contract/admin/promotions.ts';
import { errors } from '../../../http/errors.ts';
import {
  campaignReport,
  createCampaign,
  listCampaigns,
  updateCampaign,
} from '../../promotions/campaigns.service.ts';
import { adminRoute } from '../admin-route.ts';
import { audited } from '../audited.ts';

/** Promotion campaigns: listed, created, edited (audited), and each one's report. Owners only (they cost money). */
export const promotionsRoutes = [
  adminRoute(promotionsEndpoints.list, {
    permission: 'settings.manage',
    handler: async ({ db }) => ({ campaigns: await listCampaigns(db) }),
  }),
  adminRoute(promotionsEndpoints.create, {
    permission: 'settings.manage',
    handler: async ({ db, body, who }) => {
      const campaign = await audited(db, who, 'promotions.campaign.create', async (tx) => {
        const created = await createCampaign(tx, body);
        return { target: `promo_campaign:${created.id}`, after: created, result: created };
      });
      return { campaign };
    },
  }),
  adminRoute(promotionsEndpoints.update, {
    permission: 'settings.manage',
    handler: async ({ db, params, body, who }) => {
      const campaign = await audited(db, who, 'promotions.campaign.update', async (tx) => {
        const changed = await updateCampaign(tx, params.id, body);
        if (!changed) throw errors.notFound(`campaign ${params.id}`);
        return {
          target: `promo_campaign:${params.id}`,
          before: changed.before,
          after: changed.after,
          result: changed.after,
        };
      });
      return { campaign };
    },
  }),
  adminRoute(promotionsEndpoints.report, {
    permission: 'settings.manage',
    handler: async ({ db, params }) => ({ report: await campaignReport(db, params.id) }),
  }),
];
