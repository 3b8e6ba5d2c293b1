import type { Db } from '../../db/client.ts';
import { refuse } from '../action-api.ts';
import { leagues, popularEvents, searchEvents } from './browse.service.ts';
import { type FavouriteKind, favouritesOf, setFavourite } from './favourites.service.ts';
import { maxStakes } from './max-stake.service.ts';

type Player = { playerId: string; currency: string };

/**
 * The finding-a-match and Max actions' handlers (contract: src/shared/contract/sports-browse-api.ts),
 * served with the sports API.
 */
export function browseHandlers(deps: { db: Db }) {
  return {
    leagues: async () => ({ status: 'success', leagues: await leagues(deps.db) }) as never,
    popular: async ({ body }: { body: { limit?: number } }) =>
      ({ status: 'success', ...(await popularEvents(deps.db, body.limit)) }) as never,
    search: async ({ body }: { body: { q: string; after?: { at: string; id: number }; limit?: number } }) =>
      ({ status: 'success', ...(await searchEvents(deps.db, body.q, body)) }) as never,
    favourites: async ({ player }: { player: Player }) =>
      ({ status: 'success', ...(await favouritesOf(deps.db, player.playerId)) }) as never,
    favourite: async ({
      body,
      player,
    }: {
      body: { kind: FavouriteKind; id: number; on: boolean };
      player: Player;
    }) => {
      const done = await setFavourite(deps.db, player.playerId, body);
      if (done === 'not_found') return refuse(404, 'not_found', `no such ${body.kind}`);
      if (done === 'too_many') return refuse(409, 'too_many', `at most 100 favourite ${body.kind}s`);
      return { status: 'success', kind: body.kind, id: body.id, on: body.on } as never;
    },
    maxStake: async ({
      body,
      player,
    }: {
      body: { selectionIds: number[]; kind?: 'multiple' | 'system'; sizes?: number[]; systemName?: string };
      player: Player;
    }) => {
      const found = await maxStakes(deps.db, player, body);
      if (typeof found === 'string') return refuse(400, 'invalid_bet', found);
      return { status: 'success', currency: player.currency, ...found } as never;
    },
  };
}
