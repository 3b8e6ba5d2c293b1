import { z } from 'zod';
import { MSG } from '../messages.ts';
import { amountField, historyFields } from './fields.ts';
import { noFields, ok } from './route-parts.ts';

const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.-]+$/, 'a game or vendor code');

/** A casino vendor tile (the product spells the list `casiono`). */
export const casinoEntry = z.object({
  code: z.string(),
  gameCompany: z.string(),
  nameKo: z.string(),
  nameEn: z.string(),
  used: z.string(),
  imgUrl: z.string(),
  maintenance: z.boolean(),
});

export const vendorEntry = z.object({
  code: z.string(),
  nameKo: z.string(),
  nameEn: z.string(),
  used: z.string(),
  imgUrl: z.string(),
  maintenance: z.boolean(),
});

export const gameEntry = z.object({
  code: z.string(),
  gameCompany: z.string(),
  nameKo: z.string(),
  nameEn: z.string(),
  imgUrl: z.string(),
  used: z.string(),
  category: z.string(),
  maintenance: z.boolean(),
  /** It feeds and can win the progressive jackpot. */
  jackpot: z.boolean(),
  /** YYYY-MM-DD: the lobby's "new" rail. */
  releasedOn: z.string(),
});
/** A list of games: a vendor's (the slot lobby) or the whole catalogue. */
const gameList = ok.extend({ games: z.array(gameEntry) });

/** The lobby's rails: the most played games of the last days, and the latest wins (names masked). */
export const lobbyRails = z.object({
  popular: z.array(z.object({ code: z.string(), gameCompany: z.string(), plays: z.number() })),
  wins: z.array(
    z.object({
      code: z.string(),
      gameCompany: z.string(),
      nameKo: z.string(),
      nameEn: z.string(),
      nick: z.string(),
      amount: z.number(),
      at: z.string(),
    }),
  ),
});

/** A game round as a bet line lists it, to the member and in the back office: which game, staked and won. */
export const roundFields = {
  roundId: z.string(),
  gameCode: z.string(),
  gameNameKo: z.string(),
  gameNameEn: z.string(),
  vendor: z.string(),
  stake: z.number(),
  win: z.number(),
};

const betLine = z.object({
  ...roundFields,
  status: z.string(),
  category: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** What an open round returns if it wins, where its provider says (an open sports bet); otherwise null. */
  potentialReturn: z.number().nullable(),
  /** The built-in games' verify page for this round, once it is settled. */
  verifyUrl: z.string().nullable(),
});

/** What a member filters bets by: the game category. */
export const BET_KINDS = ['casino', 'slot', 'sport'] as const;

/** The game catalogue, launching and bet history (SPEC §7). */
export const gamesRoutes = {
  'get-casino-setting': {
    auth: 'guest',
    request: noFields,
    response: ok.extend({ casiono: z.array(casinoEntry) }),
  },
  'get-slot-setting': {
    auth: 'guest',
    request: noFields,
    response: ok.extend({ slot: z.array(vendorEntry) }),
  },
  'get-sport-setting': {
    auth: 'guest',
    request: noFields,
    response: ok.extend({ sport: z.array(vendorEntry) }),
  },
  'get-slot-by-company': { auth: 'guest', request: z.object({ company: code }), response: gameList },
  'get-game-list': { auth: 'guest', request: noFields, response: gameList },
  'get-game-rails': {
    auth: 'guest',
    request: noFields,
    response: ok.extend(lobbyRails.shape),
  },
  'open-game': {
    auth: 'member',
    request: z.object({
      code,
      company: code,
      timeStemp: z.union([z.number(), z.string().max(64)]).optional(),
    }),
    response: ok.extend({ url: z.string() }),
    invalidMsg: MSG.gameDisabled,
  },
  'get-in-game-balance': {
    auth: 'member',
    request: noFields,
    response: ok.extend({
      gameMoney: z.number(),
      balance: z.number(),
      rolling: z.number(),
      userId: z.string(),
    }),
  },
  /**
   * Moves money to ('in') or from ('out') a transfer-wallet provider's game money. Every provider
   * here is seamless (the balance is used in games directly), so it answers `seamless` (msg3040).
   */
  'game-money-transfer': {
    auth: 'member',
    request: z.object({ direction: z.enum(['in', 'out']), balance: amountField.optional() }),
    response: ok,
  },
  /** The member's rounds, newest first, a page at a time (`next` = `before` of the next page). */
  'get-slot-bets-list': {
    auth: 'member',
    request: z.object({
      ...historyFields,
      kind: z.enum(BET_KINDS).optional(),
      /** A numbered page instead of `before` (older front ends): the reply then has `maxCount`. */
      page: z.number().int().min(1).max(10_000).optional(),
    }),
    response: ok.extend({
      list: z.array(betLine),
      next: z.number().nullable(),
      maxCount: z.number().optional(),
    }),
  },
} as const;
