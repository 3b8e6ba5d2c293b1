import { gamesEndpoints } from '../../../../shared/contract/admin/games.ts';
import { errors } from '../../../http/errors.ts';
import { openRounds } from '../../games/bets.service.ts';
import { adminCatalogue, updateGame, updateVendor } from '../../games/catalogue-admin.service.ts';
import { openRoundView } from '../../games/games.presenter.ts';
import { adminRoute } from '../admin-route.ts';
import { audited } from '../audited.ts';

/** Games: the catalogue by category; vendors and games switched on or off, ordered, given images. */
export const gamesRoutes = [
  adminRoute(gamesEndpoints.catalogue, {
    permission: 'games.manage',
    handler: async ({ db, query }) => ({ vendors: await adminCatalogue(db, query.category) }),
  }),
  adminRoute(gamesEndpoints.updateVendor, {
    permission: 'games.manage',
    handler: async ({ db, params, body, who }) => {
      const vendor = await audited(db, who, 'games.vendor', async (tx) => {
        const changed = await updateVendor(tx, params.code, body);
        if (!changed) throw errors.notFound(`vendor ${params.code}`);
        return {
          target: `vendor:${params.code}`,
          before: changed.before,
          after: changed.after,
          result: changed.after,
        };
      });
      return { vendor };
    },
  }),
  adminRoute(gamesEndpoints.updateGame, {
    permission: 'games.manage',
    handler: async ({ db, params, body, who }) => {
      const game = await audited(db, who, 'games.game', async (tx) => {
        const changed = await updateGame(tx, params.id, body);
        if (!changed) throw errors.notFound(`game ${params.id}`);
        return {
          target: `game:${params.id}`,
          before: changed.before,
          after: changed.after,
          result: changed.after,
        };
      });
      return { game };
    },
  }),
  adminRoute(gamesEndpoints.openRounds, {
    permission: 'games.manage',
    handler: async ({ db }) => ({ rounds: (await openRounds(db)).map(openRoundView) }),
  }),
];
