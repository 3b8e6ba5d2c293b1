import { auditEndpoints } from '../../../../shared/contract/admin/audit.ts';
import { adminRoute } from '../admin-route.ts';
import { verifyAuditChain } from '../audit.service.ts';
import { auditActions, searchAudit } from '../audit-query.service.ts';
import { auditRowView } from '../backoffice.presenter.ts';

/** The audit log: filtered search, the filter's actions, and the chain check. */
export const auditRoutes = [
  adminRoute(auditEndpoints.search, {
    permission: 'audit.view',
    handler: async ({ db, query }) => ({
      entries: (await searchAudit(db, { ...query, limit: query.limit ?? 100 })).map(auditRowView),
    }),
  }),
  adminRoute(auditEndpoints.actions, {
    permission: 'audit.view',
    handler: async ({ db }) => ({ actions: await auditActions(db) }),
  }),
  adminRoute(auditEndpoints.verify, {
    permission: 'audit.view',
    handler: async ({ db }) => {
      const verdict = await verifyAuditChain(db);
      return { ok: verdict.ok, entries: verdict.entries, brokenAt: verdict.brokenAt };
    },
  }),
];
