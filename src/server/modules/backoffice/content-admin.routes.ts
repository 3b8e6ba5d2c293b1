import { z } from 'zod';
import { BANNER_TYPES } from '../content/content.schema.ts';
import {
  CONTENT_KINDS,
  type ContentFields,
  createContent,
  deleteContent,
  listContent,
  updateContent,
} from '../content/content-admin.service.ts';
import { sanitizeOperatorHtml } from '../content/sanitize.ts';
import type { AdminRoute } from './admin.routes.ts';
import {
  domainList,
  httpsUrl,
  idParam,
  instant,
  notFound,
  sameOriginPath,
  sortOrder,
} from './admin-fields.ts';
import { parseInput, parsePatch } from './admin-input.ts';
import { audited } from './audited.ts';

const html = z.string().trim().min(1).max(20_000);
const title = z.string().trim().min(1).max(200);
const schedule = {
  domain: domainList.optional(),
  published: z.boolean().optional(),
  startsAt: instant.optional(),
  endsAt: instant.optional(),
};

/** The fields of each kind on create; an edit sends any non-empty subset of them. */
const FIELDS = {
  notice: z.object({ title, contents: html, ...schedule }),
  popup: z.object({
    title,
    contents: html,
    titleColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #f5c542')
      .optional(),
    posX: z.number().int().min(0).max(4000).optional(),
    posY: z.number().int().min(0).max(4000).optional(),
    ...schedule,
  }),
  banner: z.object({
    type: z.enum(BANNER_TYPES),
    title,
    text: z.string().trim().max(500).optional(),
    imageUrl: sameOriginPath.nullable().optional(),
    linkUrl: z.union([sameOriginPath, httpsUrl]).nullable().optional(),
    amount: z.number().int().nonnegative().max(1e15).nullable().optional(),
    sortOrder: sortOrder.optional(),
    ...schedule,
  }),
} as const;

const kindParam = z.object({ kind: z.enum(CONTENT_KINDS) });
const itemParams = kindParam.extend(idParam.shape);

/** Notices, popups and banners: list, create, edit, schedule, unpublish, delete; the HTML preview. */
export const CONTENT_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'POST',
    url: '/api/admin/content/preview',
    permission: 'content.manage',
    handler: async ({ request }) => {
      const { contents } = parseInput(z.object({ contents: z.string().max(20_000) }), request.body);
      return { status: 'success', html: sanitizeOperatorHtml(contents) };
    },
  },
  {
    method: 'GET',
    url: '/api/admin/content/:kind',
    permission: 'content.manage',
    handler: async ({ db, request }) => {
      const { kind } = parseInput(kindParam, request.params);
      return { status: 'success', items: await listContent(db, kind) };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/content/:kind',
    permission: 'content.manage',
    handler: async ({ db, request, operator }) => {
      const { kind } = parseInput(kindParam, request.params);
      const fields = parseInput(
        FIELDS[kind] as unknown as z.ZodType<ContentFields[typeof kind]>,
        request.body,
      );
      const item = await audited(db, { operator, ip: request.ip }, `content.${kind}.create`, async (tx) => {
        const created = await createContent(tx, kind, fields);
        return { target: `${kind}:${created.id}`, after: created, result: created };
      });
      return { status: 'success', id: item.id, item };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/content/:kind/:id',
    permission: 'content.manage',
    handler: async ({ db, request, operator }) => {
      const { kind, id } = parseInput(itemParams, request.params);
      const patch = parsePatch(FIELDS[kind].partial() as z.ZodType<Record<string, unknown>>, request.body);
      const item = await audited(db, { operator, ip: request.ip }, `content.${kind}.update`, async (tx) => {
        const changed = await updateContent(tx, kind, id, patch);
        if (!changed) throw notFound(`${kind} ${id}`);
        return {
          target: `${kind}:${id}`,
          before: changed.before,
          after: changed.after,
          result: changed.after,
        };
      });
      return { status: 'success', item };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/content/:kind/:id/delete',
    permission: 'content.manage',
    handler: async ({ db, request, operator }) => {
      const { kind, id } = parseInput(itemParams, request.params);
      await audited(db, { operator, ip: request.ip }, `content.${kind}.delete`, async (tx) => {
        const removed = await deleteContent(tx, kind, id);
        if (!removed) throw notFound(`${kind} ${id}`);
        return { target: `${kind}:${id}`, before: removed, result: undefined };
      });
      return { status: 'success' };
    },
  },
];
