import { z } from 'zod';
import { ROUND_STATUSES, VENDOR_CATEGORIES } from '../../vocabulary.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam, patchOf, sameOriginPath, sortOrder, usedFlag } from './fields.ts';

const vendorFields = z.object({
  used: z.string(),
  maintenance: z.boolean(),
  sortOrder: z.number(),
  imgUrl: z.string(),
});
const gameFields = z.object({
  code: z.string(),
  used: z.string(),
  sortOrder: z.number(),
  imgUrl: z.string(),
});

export const adminVendor = vendorFields.extend({
  id: z.number(),
  code: z.string(),
  category: z.enum(VENDOR_CATEGORIES),
  provider: z.string(),
  nameKo: z.string(),
  nameEn: z.string(),
  games: z.array(gameFields.extend({ id: z.number(), nameKo: z.string(), nameEn: z.string() })),
});

export const openRound = z.object({
  id: z.number(),
  provider: z.string(),
  roundId: z.string(),
  memberId: z.number(),
  vendorCode: z.string(),
  gameCode: z.string(),
  category: z.string(),
  status: z.enum(ROUND_STATUSES),
  totalBet: z.number(),
  totalWin: z.number(),
  /** ISO 4217: the member's (their site's), which the bet and win are in. */
  currency: z.string(),
  openedAt: instantOut,
});

/** Games: the catalogue by category; vendors and games switched on or off, ordered, given images. */
export const gamesEndpoints = {
  catalogue: endpoint({
    method: 'GET',
    path: '/games',
    summary: 'Every vendor (of a category, or all) with every game, enabled or not',
    query: z.object({ category: z.enum(VENDOR_CATEGORIES).optional() }),
    response: ok.extend({ vendors: z.array(adminVendor) }),
  }),
  updateVendor: endpoint({
    method: 'POST',
    path: '/games/vendors/:code',
    summary: 'Switches a vendor on or off, into maintenance, orders it or changes its image',
    params: z.object({ code: z.string().max(64) }),
    body: patchOf(
      z.object({
        used: usedFlag.optional(),
        maintenance: z.boolean().optional(),
        sortOrder: sortOrder.optional(),
        imgUrl: sameOriginPath.optional(),
      }),
    ),
    response: ok.extend({ vendor: vendorFields }),
  }),
  updateGame: endpoint({
    method: 'POST',
    path: '/games/:id',
    summary: 'Switches a game on or off, orders it or changes its image',
    params: idParam,
    body: patchOf(
      z.object({
        used: usedFlag.optional(),
        sortOrder: sortOrder.optional(),
        imgUrl: sameOriginPath.optional(),
      }),
    ),
    response: ok.extend({ game: gameFields }),
  }),
  openRounds: endpoint({
    method: 'GET',
    path: '/games/open-rounds',
    summary: 'Rounds still waiting for their win, oldest first',
    response: ok.extend({ rounds: z.array(openRound) }),
  }),
} as const;
