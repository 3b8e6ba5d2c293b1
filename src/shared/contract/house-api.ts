import { z } from 'zod';
import type { BaccaratHand } from '../games/baccarat.ts';
import { BLACKJACK_BETS, type BlackjackView } from '../games/blackjack.ts';
import {
  BACCARAT_MAX_STAKE,
  CHIPS,
  ENGINES,
  HOUSE_GAMES,
  LINE_BETS,
  ROULETTE_MAX_SPOT,
  ROULETTE_MAX_STAKE,
} from '../games/house-games.ts';
import { type RouletteOutcome, SPOTS } from '../games/roulette.ts';
import type { SlotOutcome } from '../games/slot-machine.ts';
import {
  type ActionAnswer,
  type ActionName,
  type ActionRequest,
  type ActionSuccess,
  EXAMPLE_TOKEN,
  ok,
  providerApi,
  launchTokenField as token,
} from './provider-api.ts';

const game = z.string().refine((g) => Object.hasOwn(HOUSE_GAMES, g), 'unknown game');
const stakeOn = z.number().int().min(0).max(BACCARAT_MAX_STAKE).multipleOf(CHIPS[0]!).default(0);
const amount = z.number().int();
const roundId = z.string().describe('H<number>');
const rouletteBets = z
  .record(
    z.string().refine((key) => SPOTS.has(key), 'not a spot on the table'),
    z.number().int().min(CHIPS[0]!).max(ROULETTE_MAX_SPOT).multipleOf(CHIPS[0]!),
  )
  .refine((bets) => Object.keys(bets).length > 0, 'place a bet first')
  .refine((bets) => Object.keys(bets).length <= 160, 'too many bets')
  .refine(
    (bets) => Object.values(bets).reduce((a, b) => a + b, 0) <= ROULETTE_MAX_STAKE,
    'the bets are over the table limit',
  );
/** A blackjack round as the player sees it: the hole card face down (null) until the round is over. */
const blackjackRound = z.object({
  roundId,
  view: z.custom<BlackjackView>().describe('the hands, the dealer’s cards, the phase and the moves open now'),
  stake: amount,
  payout: amount,
  balance: amount.optional(),
  nonce: z.number(),
});
const blackjackMove = z.enum(['insure', 'noInsurance', 'hit', 'stand', 'double', 'split']);

/** The fairness state: the committed server seed's hash, the player's client seed, the next nonce. */
export const fairnessSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
});
/** A slot round's jackpot draw: the fair number, the threshold under which it hits, and what it paid. */
export const roundJackpotSchema = z.object({
  draw: z.number(),
  threshold: z.number(),
  hit: z.boolean(),
  stakePerHit: z.number(),
  /** The award the wallet paid (0 unless hit). */
  amount,
});
const played = ok.extend({ roundId, stake: amount, payout: amount, balance: amount, nonce: z.number() });
/** The stake and the payout moved through the wallet; the refusals: the wallet's word for the bet. */
const PLAY_REFUSALS = {
  400: ['invalid'],
  402: ['balance'],
  403: ['disabled'],
  // bonus_max_stake: above the maximum stake of the member's wagering bonus (`maxStake`, msg3606).
  409: ['limit', 'bonus_max_stake', 'blocked', 'session_expired', 'duplicate', 'error', 'time'],
} as const;

/** Demo play of a game switched off (msg2002) or under maintenance (msg2218): refused as real play is. */
const DEMO_REFUSALS = { 403: ['disabled'], 409: ['time'] } as const;

/** A promotion's free spins of one slot: how many are left of how many, at which stake and line bet. */
const freeSpinsState = z.object({ left: z.number(), granted: z.number(), stake: amount, lineBet: amount });

/** A round while its bet is on its way to the wallet, or refused: nothing of its outcome. */
const unsettledRound = z.object({
  roundId,
  game: z.string(),
  engine: z.string(),
  state: z.enum(['pending', 'refused', 'open']),
  nonce: z.number(),
  clientSeed: z.string(),
  serverSeedHash: z.string(),
  serverSeed: z.null(),
});
/** A settled round: everything needed to recompute it; the server seed once it is revealed. */
const settledRound = z.object({
  roundId,
  game: z.string(),
  engine: z.string(),
  bet: z
    .unknown()
    .describe(
      'slot: {lineBet}; baccarat: the stake on each side; roulette: on each spot; blackjack: {bet, rules, moves}',
    ),
  stake: amount,
  payout: amount,
  outcome: z.unknown().describe('the slot outcome or the baccarat hand, as spin or deal answered it'),
  nonce: z.number(),
  jackpot: roundJackpotSchema.nullable(),
  clientSeed: z.string(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/**
 * The built-in games' server (POST /house/api/<action>), what the game windows call, served by
 * src/server/providers/house/house.routes.ts. It knows the player only through the wallet's
 * `authenticate` answer for the launch token.
 */
export const houseContract = providerApi({
  base: '/house/api',
  tag: 'house games',
  description: 'The built-in games’ windows: `POST /house/api/{action}` with the launch token in the body',
  actions: {
    init: {
      summary: 'The game, balance, currency, the line bets and chips on offer, and the fairness state',
      auth: 'token',
      request: z.object({ token, game }),
      example: { token: EXAMPLE_TOKEN, game: 'lucky-sevens' },
      response: ok.extend({
        game: z.object({ code: z.string(), engine: z.enum(ENGINES), title: z.string() }),
        balance: amount,
        currency: z.string(),
        lineBets: z.array(amount),
        chips: z.array(amount),
        fairness: fairnessSchema,
        /** The table rules this server runs: roulette's la partage, blackjack's dealer on soft 17. */
        rules: z.object({ laPartage: z.boolean(), dealerHitsSoft17: z.boolean() }),
        /** Blackjack: the player's unfinished round of this game, to resume where it was. */
        open: blackjackRound.nullable(),
        /** Demo play: fun money, nothing through the wallet, no round recorded. */
        demo: z.boolean(),
        /** The player's free spins of this game still to play (a promotion's), or null. */
        freeSpins: freeSpinsState.nullable(),
      }),
      answers: { success: 200 },
      refusals: DEMO_REFUSALS,
    },
    'free-spin': {
      summary:
        'One of the player’s free spins of this slot: a real round at the promotion’s stake, paid by the promotion; its win is bonus money',
      auth: 'token',
      request: z.object({ token, game }),
      example: { token: EXAMPLE_TOKEN, game: 'lucky-sevens' },
      response: ok.extend({
        roundId,
        stake: amount,
        payout: amount,
        nonce: z.number(),
        outcome: z.custom<SlotOutcome>().describe('the reels, the feature and the multiplier'),
        freeSpins: freeSpinsState,
        /** The bonus money the player holds now, and the wagering it needs and has. */
        bonus: amount,
        wageringRequired: amount,
        wageringDone: amount,
      }),
      answers: { success: 200 },
      refusals: { 403: ['disabled'], 409: ['no_free_spins', 'blocked', 'session_expired', 'error', 'time'] },
    },
    spin: {
      summary: 'One slot spin: the line bet on all 10 lines',
      auth: 'token',
      request: z.object({
        token,
        game,
        lineBet: z
          .number()
          .int()
          .refine((n) => LINE_BETS.includes(n), 'not an offered line bet'),
      }),
      example: { token: EXAMPLE_TOKEN, game: 'lucky-sevens', lineBet: 1_000 },
      response: played.extend({
        outcome: z.custom<SlotOutcome>().describe('the reels, the feature and the multiplier'),
        jackpot: roundJackpotSchema,
      }),
      answers: { success: 200 },
      refusals: PLAY_REFUSALS,
    },
    deal: {
      summary: 'One baccarat round',
      auth: 'token',
      request: z.object({ token, game, bets: z.object({ player: stakeOn, banker: stakeOn, tie: stakeOn }) }),
      example: { token: EXAMPLE_TOKEN, game: 'baccarat', bets: { player: 10_000, banker: 0, tie: 1_000 } },
      response: played.extend({
        outcome: z.custom<BaccaratHand>().describe('the cards of each side, their totals and the winner'),
      }),
      answers: { success: 200 },
      refusals: PLAY_REFUSALS,
    },
    roulette: {
      summary: 'One roulette spin: the stake on each spot (`straight:17`, `split:17-20`, `red`, …)',
      auth: 'token',
      request: z.object({ token, game, bets: rouletteBets }),
      example: { token: EXAMPLE_TOKEN, game: 'roulette', bets: { 'straight:17': 1_000, red: 5_000 } },
      response: played.extend({
        outcome: z
          .custom<RouletteOutcome>()
          .describe('the pocket, its colour, what each bet returned, and whether la partage applied'),
      }),
      answers: { success: 200 },
      refusals: PLAY_REFUSALS,
    },
    blackjack: {
      summary: 'Deals a blackjack round for the bet (refused while a round of the game is open)',
      auth: 'token',
      request: z.object({
        token,
        game,
        bet: z.number().int().min(BLACKJACK_BETS.min).max(BLACKJACK_BETS.max).multipleOf(BLACKJACK_BETS.step),
      }),
      example: { token: EXAMPLE_TOKEN, game: 'blackjack', bet: 10_000 },
      response: ok.extend(blackjackRound.shape),
      answers: { success: 200 },
      refusals: PLAY_REFUSALS,
    },
    move: {
      summary: 'One move in the open blackjack round: a double, split or insurance stakes more first',
      auth: 'token',
      request: z.object({ token, roundId: z.string().regex(/^H\d{1,15}$/), move: blackjackMove }),
      example: { token: EXAMPLE_TOKEN, roundId: 'H1042', move: 'double' },
      response: ok.extend(blackjackRound.shape),
      answers: { success: 200 },
      refusals: PLAY_REFUSALS,
    },
    demo: {
      summary:
        'Opens demo play: a token for the game window with fun money (never the wallet, no round kept)',
      auth: 'public',
      request: z.object({ game }),
      example: { game: 'roulette' },
      response: ok.extend({ token: z.string() }),
      answers: { success: 200 },
      refusals: DEMO_REFUSALS,
    },
    seed: {
      summary:
        'Reveals the current server seed and commits a new one; refused while a round dealt from it is open',
      auth: 'token',
      request: z.object({
        token,
        clientSeed: z
          .string()
          .trim()
          .min(1)
          .max(64)
          .regex(/^[\w-]+$/),
      }),
      example: { token: EXAMPLE_TOKEN, clientSeed: 'my-own-seed' },
      response: ok.extend({
        revealed: z
          .object({
            serverSeed: z.string(),
            serverSeedHash: z.string(),
            clientSeed: z.string(),
            rounds: z.number(),
          })
          .nullable(),
        fairness: fairnessSchema,
      }),
      answers: { success: 200 },
      // A round dealt from the current server seed is still open (a blackjack hand).
      refusals: { 409: ['round_open'] },
    },
    history: {
      summary: 'The player’s last 20 settled rounds',
      auth: 'token',
      request: z.object({ token }),
      example: { token: EXAMPLE_TOKEN },
      response: ok.extend({
        rounds: z.array(
          z.object({ roundId, game: z.string(), stake: amount, payout: amount, nonce: z.number() }),
        ),
      }),
      answers: { success: 200 },
    },
    round: {
      summary: 'Everything needed to recompute one of the player’s rounds (`not_found`: not theirs, or none)',
      auth: 'token',
      request: z.object({ token, roundId: z.string().regex(/^H\d{1,15}$/) }),
      example: { token: EXAMPLE_TOKEN, roundId: 'H1042' },
      response: z.discriminatedUnion('status', [
        ok.extend({ round: z.union([settledRound, unsettledRound]) }),
        z.object({ status: z.literal('not_found'), message: z.string() }),
      ]),
      answers: { success: 200, not_found: 200 },
    },
  },
});

export type HouseAction = ActionName<typeof houseContract>;
export type HouseRequest<A extends HouseAction> = ActionRequest<typeof houseContract, A>;
export type HouseAnswer<A extends HouseAction> = ActionAnswer<typeof houseContract, A>;
export type HouseSuccess<A extends HouseAction> = ActionSuccess<typeof houseContract, A>;
export type Fairness = z.infer<typeof fairnessSchema>;
