import { z } from 'zod';
import { anyJson, endpoint, instantOut, ok } from './endpoint.ts';
import { idText, optionalQuery } from './fields.ts';

const DAY_MS = 86_400_000;

export const auditRow = z.object({
  id: z.number(),
  at: instantOut,
  operatorId: z.number().nullable(),
  operatorLogin: z.string(),
  action: z.string(),
  target: z.string(),
  before: anyJson,
  after: anyJson,
  ip: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});

/** A date (2025-06-01, UTC) or an instant with its offset. */
const when = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The audit log: filtered search, the filters' drop-downs, and the chain check. */
export const auditEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/audit',
    summary: "Audit entries matching every filter, newest first ('content.*' matches a prefix)",
    query: z.object({
      operator: optionalQuery(z.string().trim().max(64)),
      action: optionalQuery(z.string().trim().max(100)),
      target: optionalQuery(z.string().trim().max(100)),
      from: optionalQuery(when.transform((v) => new Date(v))),
      // A bare date as `to` includes that whole day.
      to: optionalQuery(when.transform((v) => new Date(Date.parse(v) + (v.length === 10 ? DAY_MS : 0)))),
      before: optionalQuery(idText),
      limit: optionalQuery(z.coerce.number().int().min(1).max(500)),
    }),
    response: ok.extend({ entries: z.array(auditRow) }),
  }),
  actions: endpoint({
    method: 'GET',
    path: '/audit/actions',
    summary: 'Every action recorded so far',
    response: ok.extend({ actions: z.array(z.string()) }),
  }),
  verify: endpoint({
    method: 'GET',
    path: '/audit/verify',
    summary: "Recomputes the audit log's hash chain",
    response: ok.extend({ ok: z.boolean(), entries: z.number(), brokenAt: z.number().optional() }),
  }),
} as const;
