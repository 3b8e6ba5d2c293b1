import { z } from 'zod';
import { ODDS_FORMATS } from '../../sports/odds-format.ts';
import { REDUCED_MULTIPLE_RULES } from '../../sports/reduced-multiple.ts';
import { anyJson, endpoint, ok } from './endpoint.ts';
import { idParam, idText, optionalQuery } from './fields.ts';
import { sportsAlertEndpoints } from './sports-alerts.ts';
import { eventSearch, sportsDeskEndpoints } from './sports-desk.ts';
import { sportsProposalEndpoints } from './sports-proposals.ts';

/** The trading desk (permission `trading`): the book's events and markets, results, settlement, corrections. */

const EVENT_STATUSES = ['scheduled', 'live', 'ended', 'postponed', 'cancelled'] as const;
const BET_STATUSES = ['delayed', 'pending', 'open', 'settled', 'void', 'refused', 'cashed_out'] as const;

/** Why an operator did it: kept on the settlement records and in the audit log. */
const reason = z.string().trim().min(3, 'a reason of at least 3 characters').max(300);
/** A price as the desk types it, in the format named beside it. */
const priceEntry = z.object({
  key: z.string().trim().min(1).max(100),
  price: z.string().trim().min(1).max(32),
  format: z.enum(['decimal', 'fractional', 'american']).default('decimal'),
});
const score = z.object({ home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) });
const scoreResult = z.object({ kind: z.literal('score'), ...score.shape });
const winnersResult = z.object({
  kind: z.literal('winners'),
  winners: z
    .array(
      z.object({
        key: z.string().trim().min(1).max(100),
        deadHeat: z
          .string()
          .regex(/^\d{1,3}\/\d{1,3}$/, 'a dead-heat factor like 1/2')
          .optional(),
      }),
    )
    .min(1)
    .max(20),
});
/** An ISO 4217 code, as sites name their currency. */
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code like THB');
const LIMIT_SCOPES = ['platform', 'sport', 'competition', 'event', 'market', 'player'] as const;
/** An amount in minor units, or null for no limit at this level. */
const limitAmount = z.number().int().min(0).max(1e15).nullable();
/** Which limits row: the platform's (scope id '') or one sport, competition, event, market or player (its id). */
const limitKey = z
  .object({
    scope: z.enum(LIMIT_SCOPES),
    scopeId: z.string().trim().max(20).default(''),
    currency: currencyCode,
  })
  .refine((k) => (k.scope === 'platform' ? k.scopeId === '' : /^\d{1,18}$/.test(k.scopeId)), {
    message: 'the platform has no scope id; every other scope names one by its id',
    path: ['scopeId'],
  });
const limitFields = {
  minStake: limitAmount.default(null),
  maxStake: limitAmount.default(null),
  maxPayout: limitAmount.default(null),
  maxLiability: limitAmount.default(null),
  /** Player scope only: the max stake times this many basis points (10000 = 1×). */
  stakeFactorBp: z.number().int().min(0).max(1_000_000).nullable().default(null),
};
const deskLimitInput = limitKey
  .and(z.object(limitFields))
  .refine((l) => l.minStake === null || l.maxStake === null || l.minStake <= l.maxStake, {
    message: 'the minimum stake is above the maximum',
    path: ['minStake'],
  })
  .refine((l) => l.stakeFactorBp === null || l.scope === 'player', {
    message: 'a stake factor is set on a player only',
    path: ['stakeFactorBp'],
  });
export const deskLimit = z.object({
  scope: z.enum(LIMIT_SCOPES),
  scopeId: z.string(),
  currency: z.string(),
  minStake: z.number().nullable(),
  maxStake: z.number().nullable(),
  maxPayout: z.number().nullable(),
  maxLiability: z.number().nullable(),
  stakeFactorBp: z.number().nullable(),
});

/** A result that decides a market: its final score, or an outright's winners (a feed's records carry these). */
export const decidingResult = z.discriminatedUnion('kind', [scoreResult, winnersResult]);
/** A result as the desk enters it: one that decides the market, or void. */
export const marketResult = z.discriminatedUnion('kind', [
  scoreResult,
  winnersResult,
  z.object({ kind: z.literal('void') }),
]);

export const tradingSelection = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  /** Exact price num/den, and its decimal, fractional and American renderings. */
  price: z.string(),
  decimal: z.string(),
  fractional: z.string(),
  american: z.string(),
  open: z.boolean(),
  /**
   * The book's net loss over open bets if this selection wins, one figure per currency the bets are in
   * (minor units; never summed across currencies); empty while no bet holds any.
   */
  liability: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
export const tradingMarket = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  line: z.string().nullable(),
  status: z.string(),
  version: z.number(),
  resultState: z.string(),
  result: anyJson,
  resultEnteredBy: z.number().nullable(),
  /** A correction of the confirmed result waiting for a second operator (the result in force stays). */
  proposedResult: anyJson,
  proposedBy: z.number().nullable(),
  /**
   * What the feed said otherwise than the desk's result on this market (the desk's result stands):
   * `{kind: 'settlement', outcomes, at}` (each outcome as the feed settled it), `{kind: 'rollback' | 'cancel', at}`; null when nothing.
   */
  feedDisagrees: anyJson,
  openBets: z.number(),
  selections: z.array(tradingSelection),
});
export const tradingEvent = z.object({
  id: z.number(),
  /** The sport's code: the desk names it in the operator's language, else by `sport`. */
  sportCode: z.string(),
  sport: z.string(),
  competition: z.string(),
  name: z.string(),
  startsAt: z.string(),
  status: z.string(),
  betStopAt: z.string().nullable(),
  score: anyJson,
  source: z.string(),
  markets: z.array(tradingMarket),
});

/** What an operator can do to a bet (the trading desk's bet actions). */
/**
 * settle: settle an open bet whose result is known; resettle: settle a settled bet again from its
 * markets' current results; cancel: void every leg of the bet (it is then paid its stake back).
 */
export const BET_ACTIONS = ['settle', 'resettle', 'cancel'] as const;
export type BetAction = (typeof BET_ACTIONS)[number];

export const tradingBet = z.object({
  id: z.number(),
  playerId: z.string(),
  /** The member's login (what traders know them by). */
  member: z.string().nullable(),
  kind: z.string(),
  systemName: z.string().nullable(),
  lines: z.number(),
  totalStake: z.number(),
  potentialReturn: z.number(),
  /** ISO 4217: the member's (their site's); the stake, returns and history amounts are in it. */
  currency: z.string(),
  status: z.string(),
  refusal: z.string().nullable(),
  live: z.boolean(),
  placedAt: z.string(),
  settledReturn: z.number().nullable(),
  legs: z.array(
    z.object({ marketId: z.number(), eventId: z.number(), price: z.string(), label: z.string() }),
  ),
  history: z.array(
    z.object({
      seq: z.number(),
      kind: z.string(),
      amount: z.number(),
      reason: z.string().nullable(),
      operatorId: z.number().nullable(),
      paid: z.boolean(),
      at: z.string(),
    }),
  ),
  /** The actions that apply to the bet now; the others would be refused. */
  actions: z.array(z.enum(BET_ACTIONS)),
});

/** An amount per currency (ISO code → minor units). */
const perCurrencyAmount = z.record(
  z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code like THB'),
  z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
);

export const bookSettings = z.object({
  rounding: z.enum(['down', 'nearest']),
  confirmResults: z.boolean(),
  betDelaySeconds: z.number().int().min(0).max(30),
  cancelWindowMinutes: z.number().int().min(1).max(10_080),
  postponeVoidHours: z.number().int().min(1).max(720),
  /** The margin kept on a cash-out's fair value, in basis points (500 = 5%). */
  cashoutMarginBp: z.number().int().min(0).max(5_000),
  /** How long a cash-out offer stands, in seconds. */
  cashoutOfferSeconds: z.number().int().min(3).max(60),
  /** The site's default odds format in the sports window. */
  oddsFormat: z.enum(ODDS_FORMATS),
  /** A multiple reduced to one live leg (the others void): stands as a single, or is void (its stake back). */
  reducedMultiple: z.enum(REDUCED_MULTIPLE_RULES),
  /** Ticker alerts (issue 29): a stake over this, per currency in minor units (a currency not named: no alert). */
  alertStakeOver: perCurrencyAmount,
  /** A bet accepted this many seconds or fewer before its market's bet stop (or its event's start); 0: off. */
  alertLateSeconds: z.number().int().min(0).max(600),
  /** A new account: registered fewer than this many days before its bet; its large bet is a stake over `alertNewAccountStake`. */
  alertNewAccountDays: z.number().int().min(0).max(365),
  alertNewAccountStake: perCurrencyAmount,
  /** This many distinct members backing one selection from one address within `alertSameIpMinutes`; 0: off. */
  alertSameIpMembers: z.number().int().min(0).max(100),
  alertSameIpMinutes: z.number().int().min(1).max(1_440),
});

/** A proposal's id where the step waits for a second operator (state `proposed`; sports-proposals.ts). */
const proposal = z.number().optional();
const settledCount = ok.extend({ state: z.string(), settled: z.number(), proposal });

/** What the reconciler found where a bet and its wallet round disagree (repaired by a safe rule, or listed). */
export const RECONCILE_KINDS = [
  'pending_stuck',
  'refused_charged',
  'open_on_decided',
  'wallet_mismatch',
  'unpaid_step',
] as const;
export const reconcileFinding = z.object({
  id: z.number(),
  betId: z.number(),
  kind: z.enum(RECONCILE_KINDS),
  detail: anyJson,
  repaired: z.boolean(),
  /** ISO 4217: the bet's (its member's site's), which the detail's amounts are in. */
  currency: z.string(),
  foundAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export const sportsEndpoints = {
  ...sportsDeskEndpoints,
  ...sportsAlertEndpoints,
  ...sportsProposalEndpoints,
  events: endpoint({
    method: 'GET',
    path: '/sports/events',
    summary:
      'Events with their markets, prices and liability: in play, upcoming by start, then ended; searched by what a trader types, sport, league, dates and state (30 a page, or up to 100)',
    query: eventSearch,
    response: ok.extend({ events: z.array(tradingEvent), hasMore: z.boolean() }),
  }),
  eventState: endpoint({
    method: 'POST',
    path: '/sports/events/:id/state',
    summary: 'Puts an event in play, ends or cancels it, sets its score or bet-stop',
    params: idParam,
    body: z
      .object({
        status: z.enum(EVENT_STATUSES).optional(),
        score: score
          .extend({
            clock: z.string().trim().max(20).optional(),
            /** The clock is stopped (a break); half time says so on the scoreboard. */
            stopped: z.boolean().optional(),
            halftime: z.boolean().optional(),
          })
          .optional(),
        betStopAt: z.iso
          .datetime({ offset: true })
          .transform((s) => new Date(s))
          .nullable()
          .optional(),
      })
      .refine((b) => Object.keys(b).length > 0, 'nothing to change'),
    response: ok,
  }),
  marketStatus: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/status',
    summary: 'Suspends or reopens a market (its version moves: delayed bets on it are refused)',
    params: idParam,
    body: z.object({ open: z.boolean(), reason: reason.optional() }),
    response: ok,
  }),
  prices: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/prices',
    summary: 'New prices for some selections (decimal, fractional or American), one version step',
    params: idParam,
    body: z.object({ prices: z.array(priceEntry).min(1).max(60) }),
    response: ok,
  }),
  enterResult: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/result',
    summary: "Enters a market's result; it settles at once unless the site asks a second operator to confirm",
    params: idParam,
    body: z.object({ result: marketResult }),
    response: settledCount,
  }),
  confirmResult: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/confirm',
    summary: 'A second operator confirms the result another entered; its bets settle',
    params: idParam,
    response: settledCount,
  }),
  rejectCorrection: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/reject',
    summary:
      'Rejects the correction waiting on a market for a second operator (its proposer withdraws it): the result in force stands',
    params: idParam,
    response: ok,
  }),
  correctResult: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/correct',
    summary: 'Corrects a confirmed result: settled bets are resettled on it, with the reason',
    params: idParam,
    body: z.object({ result: marketResult, reason }),
    response: settledCount,
  }),
  dismissFeedDisagreement: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/dismiss-feed',
    summary:
      "Dismisses what the feed said otherwise than the desk's result on a market: the desk's result stands, nothing moves",
    params: idParam,
    response: ok,
  }),
  unsettleMarket: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/unsettle',
    summary: "Takes a market's result back: its settled bets are unsettled and wait for a new result",
    params: idParam,
    body: z.object({ reason }),
    response: settledCount,
  }),
  cancelWindow: endpoint({
    method: 'POST',
    path: '/sports/events/:id/cancel-window',
    summary:
      'Voids the legs on the event (or one market, or one selection) of bets placed in a time window, or settles them at a corrected price; the rest of each bet stands',
    params: idParam,
    body: z.object({
      from: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
      to: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
      marketId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      selectionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      /** A palpable error's correct price (decimal): the legs settle at it instead of being voided. */
      correctedPrice: z.string().trim().min(1).max(32).optional(),
      reason,
    }),
    response: ok.extend({ voided: z.number(), proposal }),
  }),
  rollbackCancel: endpoint({
    method: 'POST',
    path: '/sports/markets/:id/rollback-cancel',
    summary:
      "Takes the desk's cancel window back: the market's legs the desk's window voided for bets placed in the window count again on its result (not a bet the desk cancelled, a break's void or the feed's); where that reaches bets settled or in play and the book asks a second operator, it waits as a proposal",
    params: idParam,
    body: z.object({
      from: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
      to: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
      reason,
    }),
    /** Where it reaches bets settled or in play and the book asks a second operator: the proposal it became. */
    response: ok.extend({ restored: z.number(), proposal }),
  }),
  bets: endpoint({
    method: 'GET',
    path: '/sports/bets',
    summary:
      'Bets by member (a login, part of one, or its number), event (its number, or words starting its name or a team’s) and status, newest first (50 a page), each with its history',
    query: z.object({
      member: optionalQuery(z.string().trim().min(1).max(64)),
      event: optionalQuery(z.string().trim().min(1).max(100)),
      status: optionalQuery(z.enum(BET_STATUSES)),
      beforeId: optionalQuery(idText),
    }),
    response: ok.extend({ bets: z.array(tradingBet) }),
  }),
  betAction: endpoint({
    method: 'POST',
    path: '/sports/bets/:id/:action',
    summary: 'Settles, resettles or cancels (voids every leg of) one bet, with the reason',
    params: z.object({ id: idText, action: z.enum(BET_ACTIONS) }),
    body: z.object({ reason }),
    response: ok.extend({ bet: tradingBet, proposal }),
  }),
  reconciliation: endpoint({
    method: 'GET',
    path: '/sports/reconciliation',
    summary:
      "The reconciler's findings (bets whose book state and wallet round disagreed), newest first: open ones, or all with all=y; settlement runs still under way",
    query: z.object({ all: optionalQuery(z.enum(['y', 'n'])) }),
    response: ok.extend({
      findings: z.array(reconcileFinding),
      open: z.number(),
      repairedToday: z.number(),
      unfinishedRuns: z.number(),
    }),
  }),
  resolveFinding: endpoint({
    method: 'POST',
    path: '/sports/reconciliation/:id/resolve',
    summary: 'Marks a listed finding resolved, once the desk has dealt with it (with the reason)',
    params: idParam,
    body: z.object({ reason }),
    response: ok,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/sports/settings',
    summary: "The book's house rules: rounding, second-operator confirmation of results, live bet delay",
    response: ok.extend({ settings: bookSettings }),
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/sports/settings',
    summary: "Changes the book's house rules",
    body: bookSettings.partial().refine((b) => Object.keys(b).length > 0, 'nothing to change'),
    response: ok.extend({ settings: bookSettings }),
  }),
  limits: endpoint({
    method: 'GET',
    path: '/sports/limits',
    summary:
      'The book’s limits per currency (minor units; null: none): the platform’s for each site currency, then those of sports, competitions, events, markets and players; the site currencies',
    query: z.object({ currency: optionalQuery(currencyCode) }),
    response: ok.extend({ currencies: z.array(z.string()), limits: z.array(deskLimit) }),
  }),
  saveLimit: endpoint({
    method: 'POST',
    path: '/sports/limits',
    summary: 'Sets one scope’s limits in one site currency (null: no limit at that level)',
    body: deskLimitInput,
    response: ok.extend({ limit: deskLimit }),
  }),
  removeLimit: endpoint({
    method: 'POST',
    path: '/sports/limits/remove',
    summary: 'Removes one scope’s limits in one currency (the platform’s stay: they can only be changed)',
    body: limitKey,
    response: ok,
  }),
  feedStatus: endpoint({
    method: 'GET',
    path: '/sports/feed',
    summary:
      'Each feed source: how many records it applied and when it last did; the UOF producers’ health and its messages of the last day by outcome',
    response: ok.extend({
      sources: z.array(z.object({ source: z.string(), records: z.number(), lastAppliedAt: z.string() })),
      producers: z.array(
        z.object({
          product: z.number(),
          state: z.enum(['up', 'down', 'recovering']),
          lastAliveAt: z.string().nullable(),
          downReason: z.string().nullable(),
          recoveryRequestId: z.number().nullable(),
        }),
      ),
      /** UOF messages received in the last day: applied, stale (older than one applied), rejected. */
      messages: z.record(z.string(), z.number()),
    }),
  }),
  catalogue: endpoint({
    method: 'GET',
    path: '/sports/catalogue',
    summary:
      "The market catalogue: each UOF market id per sport as the book's market type, line and selections",
    response: ok.extend({
      markets: z.array(
        z.object({
          sport: z.string(),
          marketId: z.number(),
          name: z.string(),
          bookType: z.string(),
          lineSpecifier: z.string().nullable(),
          lineStyle: z.string().nullable(),
          params: z.record(z.string(), z.string()),
          outcomes: z.array(z.object({ id: z.string(), key: z.string(), name: z.string() })),
        }),
      ),
    }),
  }),
  importFeed: endpoint({
    method: 'POST',
    path: '/sports/feed',
    summary:
      'Applies JSON-lines feed records (README: Sportsbook); a repeat or an older record changes nothing',
    body: z.object({ lines: z.string().min(1).max(60_000) }),
    response: ok.extend({
      applied: z.number(),
      skipped: z.number(),
      errors: z.array(z.object({ line: z.number(), message: z.string() })),
    }),
  }),
} as const;
