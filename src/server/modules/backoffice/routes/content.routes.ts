import { contentEndpoints } from '../../../../shared/contract/admin/content.ts';
import { errors } from '../../../http/errors.ts';
import {
  type ContentFields,
  createContent,
  deleteContent,
  listContent,
  updateContent,
} from '../../content/content-admin.service.ts';
import { sanitizeOperatorHtml } from '../../content/sanitize.ts';
import { adminRoute } from '../admin-route.ts';
import { audited, auditedEdit } from '../audited.ts';

/** Notices, popups and banners: list, create, edit, schedule, unpublish, delete; the HTML preview. */
export const contentRoutes = [
  adminRoute(contentEndpoints.preview, {
    permission: 'content.manage',
    handler: async ({ body }) => ({ html: sanitizeOperatorHtml(body.contents) }),
  }),
  adminRoute(contentEndpoints.list, {
    permission: 'content.manage',
    handler: async ({ db, params }) => ({ items: await listContent(db, params.kind) }),
  }),
  adminRoute(contentEndpoints.create, {
    permission: 'content.manage',
    handler: async ({ db, params, body, who }) => {
      const { kind } = params;
      // The body was parsed with this kind's fields (the contract's bodyOf).
      const fields = body as ContentFields[typeof kind];
      const item = await audited(db, who, `content.${kind}.create`, async (tx) => {
        const created = await createContent(tx, kind, fields);
        return { target: `${kind}:${created.id}`, after: created, result: created };
      });
      return { id: item.id, item };
    },
  }),
  adminRoute(contentEndpoints.update, {
    permission: 'content.manage',
    handler: async ({ db, params, body, who }) => {
      const { kind, id } = params;
      const item = await auditedEdit(
        db,
        who,
        `content.${kind}.update`,
        { target: `${kind}:${id}`, missing: `${kind} ${id}` },
        (tx) => updateContent(tx, kind, id, body as Partial<ContentFields[typeof kind]>),
      );
      return { item };
    },
  }),
  adminRoute(contentEndpoints.remove, {
    permission: 'content.manage',
    handler: async ({ db, params, who }) => {
      const { kind, id } = params;
      await audited(db, who, `content.${kind}.delete`, async (tx) => {
        const removed = await deleteContent(tx, kind, id);
        if (!removed) throw errors.notFound(`${kind} ${id}`);
        return { target: `${kind}:${id}`, before: removed, result: undefined };
      });
      return {};
    },
  }),
];
