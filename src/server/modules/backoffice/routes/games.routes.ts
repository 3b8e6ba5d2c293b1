import { gamesEndpoints } from '../../../../shared/contract/admin/games.ts';
import { openRounds } from '../../games/bets.service.ts';
import { adminCatalogue, updateGame, updateVendor } from '../../games/catalogue-admin.service.ts';
import { openRoundView } from '../../games/games.presenter.ts';
import { adminRoute } from '../admin-route.ts';
import { auditedEdit } from '../audited.ts';

/** Games: the catalogue by category; vendors and games switched on or off, ordered, given images. */
export const gamesRoutes = [
  adminRoute(gamesEndpoints.catalogue, {
    permission: 'games.manage',
    handler: async ({ db, query }) => ({ vendors: await adminCatalogue(db, query.category) }),
  }),
  adminRoute(gamesEndpoints.updateVendor, {
    permission: 'games.manage',
    handler: async ({ db, params, body, who }) => {
      const vendor = await auditedEdit(
        db,
        who,
        'games.vendor',
        { target: `vendor:${params.code}`, missing: `vendor ${params.code}` },
        (tx) => updateVendor(tx, params.code, body),
      );
      return { vendor };
    },
  }),
  adminRoute(gamesEndpoints.updateGame, {
    permission: 'games.manage',
    handler: async ({ db, params, body, who }) => {
      const game = await auditedEdit(
        db,
        who,
        'games.game',
        { target: `game:${params.id}`, missing: `game ${params.id}` },
        (tx) => updateGame(tx, params.id, body),
      );
      return { game };
    },
  }),
  adminRoute(gamesEndpoints.openRounds, {
    permission: 'games.manage',
    handler: async ({ db }) => ({ rounds: (await openRounds(db)).map(openRoundView) }),
  }),
];
