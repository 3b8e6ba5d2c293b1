import { z } from 'zod';
import { parseFractionText } from '../sports/fraction.ts';
import { LEG_STATES } from '../sports/leg-state.ts';
import { MAX_LISTING } from '../sports/listing.ts';
import { ODDS_FORMATS } from '../sports/odds-format.ts';
import { REDUCED_MULTIPLE_RULES } from '../sports/reduced-multiple.ts';
import { PRICE_CHANGE_CHOICES, REFUSALS } from '../sports/refusals.ts';
import { idField } from './fields.ts';
import {
  type ActionAnswer,
  type ActionName,
  type ActionRequest,
  EXAMPLE_TOKEN,
  ok,
  providerApi,
  launchTokenField as token,
} from './provider-api.ts';
import { browseActions } from './sports-browse-api.ts';
import { cashoutActions, cashoutProofSchema, oddsFormatAction } from './sports-cashout-api.ts';

const instant = z.iso.datetime({ offset: true });
const rounding = z.enum(['down', 'nearest']);
const amount = z.number().int();
/** An exact price as the book keeps it, "num/den". */
const price = z.string().describe('an exact price, num/den');

export const selectionSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  price,
  open: z.boolean(),
});
export const marketSchema = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  /** The line; a team total's team; a market on the first half only ('ht'). */
  params: z.object({
    line: z.string().optional(),
    team: z.enum(['home', 'away']).optional(),
    period: z.enum(['ft', 'ht']).optional(),
  }),
  status: z.string(),
  version: z.number(),
  /** How a bet on it rounds its return (the slip computes its potential return the same way). */
  rounding,
  selections: z.array(selectionSchema),
});
/** The live score; the clock as the feed last sent it, when the book received it and whether it is stopped. */
const liveScore = z
  .object({
    home: z.number(),
    away: z.number(),
    clock: z.string().optional(),
    clockAt: z.string().optional(),
    stopped: z.boolean().optional(),
    halftime: z.boolean().optional(),
  })
  .nullable();
export const sportEventSchema = z.object({
  id: z.number(),
  /** The sport's code (`football`): the window names the sports it knows in the player's language. */
  sportCode: z.string(),
  /** The sport's name as the book has it, for a sport the window has no name of its own for. */
  sport: z.string(),
  /** The league (the book's competition): its id for the navigation and favourites, and its name. */
  competitionId: z.number(),
  competition: z.string(),
  name: z.string(),
  home: z.string().nullable(),
  away: z.string().nullable(),
  startsAt: instant,
  status: z.string(),
  betStopAt: instant.nullable(),
  score: liveScore,
  markets: z.array(marketSchema),
});

/** One leg of a settlement's proof (shared/sports/settlement.ts `ProofLeg`). */
export const proofLegSchema = z.object({
  /** A leg still without a result when every line it is in was already lost on another leg: its f is 'open'. */
  open: z.literal(true).optional(),
  selectionId: z.string(),
  label: z.string(),
  price: z.string(),
  v: z.string(),
  w: z.union([z.literal(0), z.literal(1)]),
  d: z.string(),
  f: z.string(),
  resultSource: z.string(),
  resultAt: z.string(),
});
/** What a settlement keeps: enough to recompute the bet's return exactly (`PayoutProof`). */
export const proofSchema = z.object({
  version: z.literal(1),
  formula: z.string(),
  unitStake: z.string(),
  sizes: z.array(z.number()),
  lines: z.array(z.array(z.number())),
  legs: z.array(proofLegSchema),
  exactReturn: z.string(),
  rounding,
  return: z.string(),
});

export const betLegSchema = z.object({
  selectionId: z.number(),
  marketId: z.number(),
  eventId: z.number(),
  price,
  line: z.string().nullable(),
  marketVersion: z.number(),
  /** The book's English "event · market · selection", as accepted. */
  label: z.string(),
  /** The event's name (a proper noun, shown as it is). */
  event: z.string(),
  /** The market's type and line and the selection's key: the page names them in the member's language. */
  marketType: z.string(),
  selectionKey: z.string(),
  /** The book's English names, for a market or selection the page has no name for. */
  market: z.string(),
  selection: z.string(),
  /** Open until its market's result is confirmed; then how the result (or the proof in force) settles it. */
  state: z.enum(LEG_STATES),
  startsAt: instant,
  /** Its event's state and live score (with the match clock) when the bets were read. */
  eventStatus: z.string(),
  score: liveScore,
});
/** A bet with its legs and the history of its settlements (receipt, proof, corrections). */
export const betSchema = z.object({
  id: z.number(),
  playerId: z.string(),
  kind: z.enum(['single', 'multiple', 'system']),
  systemName: z.string().nullable(),
  sizes: z.array(z.number()),
  lines: z.number(),
  unitStake: amount,
  totalStake: amount,
  potentialReturn: amount,
  /** ISO 4217: the player's currency at placement, which every amount of the bet is in. */
  currency: z.string(),
  status: z.string(),
  refusal: z.enum(REFUSALS).nullable(),
  live: z.boolean(),
  placedAt: instant,
  settledReturn: amount.nullable(),
  legs: z.array(betLegSchema),
  history: z.array(
    z.object({
      seq: z.number(),
      kind: z.string(),
      amount,
      reason: z.string().nullable(),
      operatorId: z.number().nullable(),
      paid: z.boolean(),
      at: instant,
      proof: proofSchema.nullable(),
      /** A cash-out step's proof (its `proof` is null). */
      cashout: cashoutProofSchema.nullable().optional(),
    }),
  ),
  /** Partial cash-outs: the stake they took off the bet (totalStake is what is left) and what they paid. */
  cashoutStake: amount.optional(),
  cashoutPaid: amount.optional(),
  /** The amount at which the bet is cashed out automatically, if the member set one. */
  autoCashoutAt: amount.nullable().optional(),
});
/** A member's win/loss over a date range: settled stakes and returns, returns − stakes, stakes still open. */
export const totalsSchema = z.object({
  settledCount: z.number(),
  staked: amount,
  returned: amount,
  net: amount,
  openStake: amount,
});
/** The next page of my bets: placed before this (time, id). */
export const cursorSchema = z.object({ at: instant, id: idField });

/** The house rules the rules page cites; amounts in minor units, null: no limit. */
export const houseRulesSchema = z.object({
  rounding,
  confirmResults: z.boolean(),
  betDelaySeconds: z.number(),
  cancelWindowMinutes: z.number(),
  postponeVoidHours: z.number(),
  /** The cash-out margin (basis points) and how long an offer stands (seconds). */
  cashoutMarginBp: z.number(),
  cashoutOfferSeconds: z.number(),
  /** A multiple reduced to one live leg (the others void): stands as a single, or is void (its stake back). */
  reducedMultiple: z.enum(REDUCED_MULTIPLE_RULES),
  currency: z.string(),
  /** The most a bet's total stake may be, platform-wide. */
  maxStake: amount.nullable(),
  /** The most a bet may return, platform-wide. */
  maxPayout: amount.nullable(),
});

/** A wallet refusal by one of the member's own limits: which, and when its period ends. */
const limitDetail = z.object({
  limit: z.string(),
  period: z.string(),
  amount,
  resetsAt: z.string().nullable(),
});
/** What placing or confirming a bet answers: accepted, waiting its live delay, or refused with its reason. */
export const betAnswerSchema = z.discriminatedUnion('status', [
  ok.extend({ betId: z.number(), bet: z.literal('open'), balance: amount.optional() }),
  z.object({ status: z.literal('delayed'), betId: z.number(), acceptAt: instant }),
  z.object({ status: z.literal('wait'), betId: z.number(), acceptAt: instant }),
  z.object({
    status: z.literal('refused'),
    refusal: z.enum(REFUSALS),
    message: z.string(),
    betId: z.number().optional(),
    limit: limitDetail.optional(),
    /** The message key the slip shows: the refusal's, or the limit's. */
    msg: z.string(),
  }),
]);
const BET_ANSWERS = { success: 200, delayed: 202, wait: 202, refused: 409 };
/** The body of an action on one of the player's bets. */
const oneBet = { request: z.object({ token, betId: idField }), example: { token: EXAMPLE_TOKEN, betId: 42 } };

/**
 * The built-in sportsbook's window API (POST /sports/api/<action>), served by
 * src/server/providers/sports/sports.routes.ts. The book knows the player only through the wallet's
 * answer for the launch token, asked on every call.
 */
export const sportsContract = providerApi({
  base: '/sports/api',
  tag: 'sports',
  description: 'The sports window: `POST /sports/api/{action}` with the launch token in the body',
  actions: {
    init: {
      summary: 'The player, balance, currency and the book’s rounding rule',
      auth: 'token',
      request: z.object({ token }),
      example: { token: EXAMPLE_TOKEN },
      response: ok.extend({
        playerId: z.string(),
        balance: amount,
        currency: z.string(),
        rounding,
        /** The member's odds format: their own choice, else the site's default. */
        oddsFormat: z.enum(ODDS_FORMATS),
      }),
      answers: { success: 200 },
    },
    events: {
      summary:
        'The listing (events taking bets or live), one league’s (`competitionId`), or one event (`eventId`) with its markets',
      auth: 'public',
      request: z.object({
        eventId: idField.optional(),
        competitionId: idField.optional(),
        limit: z.number().int().min(1).max(200).optional(),
        /** The listing past its first events (a page of `limit` from here, in the listing's order). */
        offset: z.number().int().min(0).max(MAX_LISTING).optional(),
      }),
      example: { competitionId: 3, limit: 50 },
      response: ok.extend({
        events: z.array(sportEventSchema),
        /**
         * The book's highest event id, read before the events: an event with a higher id opened after
         * this answer (the window's stream asks for them, `/sports/live?new=`).
         */
        newest: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      }),
      answers: { success: 200 },
    },
    rules: {
      summary: 'The house rules’ live figures: the book’s settings, currency, platform max stake and payout',
      auth: 'public',
      /**
       * No session (they are public, like the prices); the limits are in `currency` (the member's, as
       * init answered it), else in the install's.
       */
      request: z.looseObject({
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .optional(),
      }),
      example: { currency: 'THB' },
      response: ok.extend({ rules: houseRulesSchema }),
      answers: { success: 200 },
    },
    place: {
      summary: 'Places a bet: 200 accepted, 202 waiting its live delay, 409 refused with its reason',
      auth: 'token',
      request: z.object({
        token,
        /** The slip's idempotency key: the same slip again is the same bet. */
        requestId: z.string().regex(/^[\w-]{8,64}$/),
        kind: z.enum(['single', 'multiple', 'system']),
        systemName: z.string().max(20).optional(),
        sizes: z.array(z.number().int().min(1).max(20)).max(20).optional(),
        unitStake: z.number().int().positive().max(1e13),
        priceChange: z.enum(PRICE_CHANGE_CHOICES),
        legs: z
          .array(
            z.object({
              selectionId: idField,
              price: z
                .string()
                .max(40)
                .refine((p) => parseFractionText(p) !== undefined, 'a price as num/den'),
            }),
          )
          .min(1)
          .max(20),
      }),
      example: {
        token: EXAMPLE_TOKEN,
        requestId: 'slip-3f9a2c71d04e4b8a',
        kind: 'system',
        systemName: 'trixie',
        unitStake: 1_000,
        priceChange: 'better',
        legs: [
          { selectionId: 101, price: '2/1' },
          { selectionId: 205, price: '5/4' },
          { selectionId: 311, price: '10/11' },
        ],
      },
      response: betAnswerSchema,
      answers: BET_ANSWERS,
    },
    confirm: {
      summary: 'Confirms a live bet after its delay',
      auth: 'token',
      ...oneBet,
      response: betAnswerSchema,
      answers: BET_ANSWERS,
    },
    bet: {
      summary: 'One of the player’s bets with its receipt and proof',
      auth: 'token',
      ...oneBet,
      response: ok.extend({ bet: betSchema }),
      answers: { success: 200 },
      refusals: { 404: ['not_found'] },
    },
    bets: {
      summary: 'My bets, newest first, a page at a time; win/loss totals when both dates are given',
      auth: 'token',
      request: z
        .object({
          token,
          beforeId: idField.optional(),
          /** The next page's cursor as the previous page answered it (`next`). */
          before: cursorSchema.optional(),
          from: instant.optional(),
          to: instant.optional(),
          state: z.enum(['open', 'settled']).optional(),
          limit: z.number().int().min(1).max(100).optional(),
        })
        .refine((b) => !b.from || !b.to || b.from < b.to, 'from must be before to'),
      example: {
        token: EXAMPLE_TOKEN,
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-04-01T00:00:00.000Z',
        state: 'settled',
        before: { at: '2026-03-02T18:30:00.000Z', id: 42 },
        beforeId: 42,
        limit: 20,
      },
      response: ok.extend({
        bets: z.array(betSchema),
        /** The next page: a (time, id) cursor for `before` when a range or cursor was given, else a bet id for `beforeId`. */
        next: z.union([cursorSchema, z.number(), z.null()]),
        totals: totalsSchema.optional(),
      }),
      answers: { success: 200 },
    },
    ...cashoutActions,
    ...oddsFormatAction,
    ...browseActions(sportEventSchema),
  },
});

export type SportsAction = ActionName<typeof sportsContract>;
export type SportsRequest<A extends SportsAction> = ActionRequest<typeof sportsContract, A>;
export type SportsAnswer<A extends SportsAction> = ActionAnswer<typeof sportsContract, A>;

export type Selection = z.infer<typeof selectionSchema>;
export type Market = z.infer<typeof marketSchema>;
export type SportEvent = z.infer<typeof sportEventSchema>;
export type Proof = z.infer<typeof proofSchema>;
export type Bet = z.infer<typeof betSchema>;
export type Totals = z.infer<typeof totalsSchema>;
export type Cursor = z.infer<typeof cursorSchema>;
export type HouseRules = z.infer<typeof houseRulesSchema>;
export type PlaceAnswer = z.infer<typeof betAnswerSchema>;
