import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idParam } from './fields.ts';
import { settingsReply } from './sites.ts';

/** A browser origin (`https://front.example.com[:port]`), stored as the browser sends it: lower case, no path. */
const browserOrigin = z
  .string()
  .trim()
  .max(200)
  .transform((value, ctx) => {
    try {
      const url = new URL(value);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if ((url.protocol === 'https:' || url.protocol === 'http:') && bare) return url.origin;
    } catch {
      // refused below
    }
    ctx.addIssue({ code: 'custom', message: 'an origin like https://front.example.com' });
    return z.NEVER;
  });

/** The /public/ API of older front ends (SPEC §7's backend paths): which browser origins may call it, per site. */
export const publicApiEndpoints = {
  origins: endpoint({
    method: 'POST',
    path: '/settings/sites/:id/public-api',
    summary: 'Browser origins allowed to call the /public/ API of older front ends (empty: any origin)',
    params: idParam,
    body: z.object({ origins: z.array(browserOrigin).max(20) }),
    response: settingsReply,
  }),
} as const;
