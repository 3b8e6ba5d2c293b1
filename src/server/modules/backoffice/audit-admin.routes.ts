import { z } from 'zod';
import type { AdminRoute } from './admin.routes.ts';
import { parseInput } from './admin-input.ts';
import { verifyAuditChain } from './audit.service.ts';
import { auditActions, listOperators, searchAudit } from './audit-query.service.ts';

const DAY_MS = 86_400_000;

/** A query parameter the page may leave empty: '' means not given. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A date (2025-06-01, UTC) or an instant with its offset. */
const when = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

const auditQuery = z.object({
  operator: optional(z.string().trim().max(64)),
  action: optional(z.string().trim().max(100)),
  target: optional(z.string().trim().max(100)),
  from: optional(when.transform((v) => new Date(v))),
  // A bare date as `to` includes that whole day.
  to: optional(when.transform((v) => new Date(Date.parse(v) + (v.length === 10 ? DAY_MS : 0)))),
  before: optional(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
  limit: optional(z.coerce.number().int().min(1).max(500)),
});

/** The audit log: filtered search, the filters' drop-downs, and the chain check. */
export const AUDIT_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/audit',
    permission: 'audit.view',
    handler: async ({ db, request }) => {
      const query = parseInput(auditQuery, request.query);
      return { status: 'success', entries: await searchAudit(db, { ...query, limit: query.limit ?? 100 }) };
    },
  },
  {
    method: 'GET',
    url: '/api/admin/audit/actions',
    permission: 'audit.view',
    handler: async ({ db }) => ({ status: 'success', actions: await auditActions(db) }),
  },
  {
    method: 'GET',
    url: '/api/admin/audit/verify',
    permission: 'audit.view',
    handler: async ({ db }) => ({ status: 'success', ...(await verifyAuditChain(db)) }),
  },
  {
    method: 'GET',
    url: '/api/admin/operators',
    permission: 'audit.view',
    handler: async ({ db }) => ({ status: 'success', operators: await listOperators(db) }),
  },
];
