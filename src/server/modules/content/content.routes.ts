import type { RouteContext, RouteHandlers } from '../../http/member-api.ts';
import { readerLanguage } from '../../http/reader-language.ts';
import { activeBanners, activePopups, listNotices } from './content.service.ts';
import { withPoolAmount } from './jackpot-banner.ts';

/** Which site the content is for, and in which language (http/reader-language.ts). */
const readerOf = (ctx: RouteContext) => ({
  site: ctx.site,
  hostname: ctx.request.hostname,
  locale: readerLanguage(ctx.request),
});

export const contentRoutes: RouteHandlers = {
  'get-user-notices': async (body, ctx) => ({
    status: 'success',
    ...(await listNotices(ctx.db, readerOf(ctx), body)),
  }),

  'get-notice-popup': async (_body, ctx) => ({
    status: 'success',
    popups: await activePopups(ctx.db, readerOf(ctx)),
  }),

  'get-advertisement': async (body, ctx) => {
    const banners = await activeBanners(ctx.db, readerOf(ctx), body.type);
    return {
      status: 'success',
      banners: body.type === 'jackpot' ? await withPoolAmount(ctx.db, ctx.site.currency, banners) : banners,
    };
  },
};
