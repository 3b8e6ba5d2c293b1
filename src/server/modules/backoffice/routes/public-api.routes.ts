import { publicApiEndpoints } from '../../../../shared/contract/admin/public-api.ts';
import { adminRoute } from '../admin-route.ts';
import { changeSettings } from './sites.routes.ts';

/** Which browser origins may call a site's /public/ API (http/public-api/public-cors.ts reads them). */
export const publicApiRoutes = [
  adminRoute(publicApiEndpoints.origins, {
    permission: 'settings.manage',
    handler: async (ctx) =>
      changeSettings(ctx, 'settings.public_api', (s) => ({
        ...s,
        publicApiOrigins: [...new Set(ctx.body.origins)],
      })),
  }),
];
