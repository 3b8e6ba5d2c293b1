import { z } from 'zod';
import { openRounds } from '../games/bets.service.ts';
import { adminCatalogue, updateGame, updateVendor } from '../games/catalogue-admin.service.ts';
import { VENDOR_CATEGORIES } from '../games/games.schema.ts';
import type { AdminRoute } from './admin.routes.ts';
import { idParam, notFound, sameOriginPath, sortOrder, usedFlag } from './admin-fields.ts';
import { parseInput, parsePatch } from './admin-input.ts';
import { audited } from './audited.ts';

/** Games: the catalogue by category; vendors and games switched on or off, ordered, given images. */
export const GAMES_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/games',
    permission: 'games.manage',
    handler: async ({ db, request }) => {
      const { category } = parseInput(
        z.object({ category: z.enum(VENDOR_CATEGORIES).optional() }),
        request.query,
      );
      return { status: 'success', vendors: await adminCatalogue(db, category) };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/games/vendors/:code',
    permission: 'games.manage',
    handler: async ({ db, request, operator }) => {
      const { code } = parseInput(z.object({ code: z.string().max(64) }), request.params);
      const patch = parsePatch(
        z.object({
          used: usedFlag.optional(),
          maintenance: z.boolean().optional(),
          sortOrder: sortOrder.optional(),
          imgUrl: sameOriginPath.optional(),
        }),
        request.body,
      );
      const vendor = await audited(db, { operator, ip: request.ip }, 'games.vendor', async (tx) => {
        const changed = await updateVendor(tx, code, patch);
        if (!changed) throw notFound(`vendor ${code}`);
        return { target: `vendor:${code}`, ...changed, result: changed.after };
      });
      return { status: 'success', vendor };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/games/:id',
    permission: 'games.manage',
    handler: async ({ db, request, operator }) => {
      const { id } = parseInput(idParam, request.params);
      const patch = parsePatch(
        z.object({
          used: usedFlag.optional(),
          sortOrder: sortOrder.optional(),
          imgUrl: sameOriginPath.optional(),
        }),
        request.body,
      );
      const game = await audited(db, { operator, ip: request.ip }, 'games.game', async (tx) => {
        const changed = await updateGame(tx, id, patch);
        if (!changed) throw notFound(`game ${id}`);
        return { target: `game:${id}`, ...changed, result: changed.after };
      });
      return { status: 'success', game };
    },
  },
  {
    method: 'GET',
    url: '/api/admin/games/open-rounds',
    permission: 'games.manage',
    handler: async ({ db }) => ({ status: 'success', rounds: await openRounds(db) }),
  },
];
