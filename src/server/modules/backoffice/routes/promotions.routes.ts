import { promotionsEndpoints } from '../../../../shared/contract/admin/promotions.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { errors } from '../../../http/errors.ts';
import {
  campaignReport,
  createCampaign,
  listCampaigns,
  updateCampaign,
} from '../../promotions/campaigns.service.ts';
import { decidePersonFlag, listPersonFlags } from '../../promotions/person-flags.service.ts';
import { setVipLevels, vipLevelsOf } from '../../promotions/vip.service.ts';
import { listSites } from '../../sites/sites-admin.service.ts';
import { adminRoute } from '../admin-route.ts';
import { audited, auditedEdit } from '../audited.ts';

/** 404 for a site that does not exist: its levels can be neither read nor set. */
async function assertSiteExists(db: DbOrTx, id: number): Promise<void> {
  if (!(await listSites(db)).some((s) => s.id === id)) throw errors.notFound(`site ${id}`);
}

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
      const campaign = await auditedEdit(
        db,
        who,
        'promotions.campaign.update',
        { target: `promo_campaign:${params.id}`, missing: `campaign ${params.id}` },
        (tx) => updateCampaign(tx, params.id, body),
      );
      return { campaign };
    },
  }),
  // The duplicate-person flags are a compliance review, like the verification queue.
  adminRoute(promotionsEndpoints.personFlags, {
    permission: 'kyc.review',
    handler: async ({ db, query }) => listPersonFlags(db, { status: query.status, page: query.page ?? 1 }),
  }),
  adminRoute(promotionsEndpoints.decidePersonFlag, {
    permission: 'kyc.review',
    handler: async ({ db, params, body, who }) => {
      await audited(db, who, 'promotions.person.decide', async (tx) => {
        const { before, after } = await decidePersonFlag(tx, params.id, body, who.operator.login);
        return { target: `promo_person_flag:${params.id}`, before, after, result: undefined };
      });
      return {};
    },
  }),
  adminRoute(promotionsEndpoints.vipLevels, {
    permission: 'settings.manage',
    handler: async ({ db, params }) => {
      await assertSiteExists(db, params.id);
      return { levels: await vipLevelsOf(db, params.id) };
    },
  }),
  adminRoute(promotionsEndpoints.setVipLevels, {
    permission: 'settings.manage',
    handler: async ({ db, params, body, who }) => {
      const levels = await audited(db, who, 'promotions.vip.levels', async (tx) => {
        await assertSiteExists(tx, params.id);
        const before = await vipLevelsOf(tx, params.id);
        const after = await setVipLevels(tx, params.id, body.levels);
        return {
          target: `site:${params.id}`,
          before: { levels: before },
          after: { levels: after },
          result: after,
        };
      });
      return { levels };
    },
  }),
  adminRoute(promotionsEndpoints.report, {
    permission: 'settings.manage',
    reads: 'reports',
    handler: async ({ db, params, readFrom }) => ({ report: await campaignReport(db, params.id), readFrom }),
  }),
];
