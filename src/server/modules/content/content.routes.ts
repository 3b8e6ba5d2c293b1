import type { RouteHandlers } from '../../http/member-api.ts';
import { activeBanners, activePopups, listNotices } from './content.service.ts';

export const contentRoutes: RouteHandlers = {
  'get-user-notices': async (body, ctx) => ({
    status: 'success',
    ...(await listNotices(ctx.db, { site: ctx.site, hostname: ctx.request.hostname }, body)),
  }),

  'get-notice-popup': async (_body, ctx) => ({
    status: 'success',
    popups: await activePopups(ctx.db, { site: ctx.site, hostname: ctx.request.hostname }),
  }),

  'get-advertisement': async (body, ctx) => ({
    status: 'success',
    banners: await activeBanners(ctx.db, { site: ctx.site, hostname: ctx.request.hostname }, body.type),
  }),
};
