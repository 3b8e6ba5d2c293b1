import { z } from 'zod';
import { MARKET_TYPES } from '../../sports/markets.ts';
import { endpoint, ok } from './endpoint.ts';
import { idParam, idText, optionalQuery } from './fields.ts';
import { tickerAlert } from './sports-alerts.ts';

/**
 * The trading desk's own events (manual trading is a feed of its own), its event search, its risk
 * views and its live bet ticker. The rest of the desk is in sports.ts.
 */

const EVENT_STATUSES = ['scheduled', 'live', 'ended', 'postponed', 'cancelled'] as const;
const reason = z.string().trim().min(3, 'a reason of at least 3 characters').max(300);
const name = z.string().trim().min(1).max(200);
const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code like THB');

/** The desk's event search: what a trader types, a sport, a league, a date range, a state; 30 a page. */
export const eventSearch = z.object({
  status: optionalQuery(z.enum(EVENT_STATUSES)),
  /** Words an event's name, a team or its league starts with ("arse" finds "Arsenal v Chelsea"). */
  q: optionalQuery(z.string().trim().min(1).max(100)),
  /** A sport by its code (`sr:sport:1`, `manual:darts`). */
  sport: optionalQuery(z.string().trim().min(1).max(60)),
  /** A league (competition) by its id. */
  competition: optionalQuery(idText),
  /** Events starting at or after `from` and before `to`. */
  from: optionalQuery(instant),
  to: optionalQuery(instant),
  page: optionalQuery(z.coerce.number().int().min(1).max(1000)),
  limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
});

export const deskSport = z.object({ code: z.string(), name: z.string() });
export const deskCompetition = z.object({ id: z.number(), sport: z.string(), name: z.string() });

/** A price as the desk types it, in the format named beside it. */
const priceEntry = z.object({
  key: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  price: z.string().trim().min(1).max(32),
  format: z.enum(['decimal', 'fractional', 'american']).default('decimal'),
});

/** One figure per currency, never summed across currencies (minor units). */
const perCurrency = z.array(z.object({ currency: z.string(), amount: z.number() }));

export const riskSelection = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  liability: perCurrency,
});
export const riskMarket = z.object({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  /** The market's worst case: its worst selection's liability, per currency. */
  liability: perCurrency,
  selections: z.array(riskSelection),
});
export const riskExposure = z.object({
  eventId: z.number(),
  event: z.string(),
  marketId: z.number(),
  market: z.string(),
  selectionId: z.number(),
  selection: z.string(),
  currency: z.string(),
  amount: z.number(),
});

/** One bet as the live ticker shows it. */
export const tickerBet = z.object({
  id: z.number(),
  playerId: z.string(),
  /** The member's login (null for a player the site does not know). */
  member: z.string().nullable(),
  currency: z.string(),
  totalStake: z.number(),
  potentialReturn: z.number(),
  status: z.string(),
  kind: z.string(),
  live: z.boolean(),
  placedAt: z.string(),
  legs: z.array(
    z.object({ event: z.string(), market: z.string(), selection: z.string(), price: z.string() }),
  ),
  /** The bet's ticker alerts (sports-alerts.ts), open or dismissed. */
  alerts: z.array(tickerAlert),
});

export const sportsDeskEndpoints = {
  createEvent: endpoint({
    method: 'POST',
    path: '/sports/manual-events',
    summary:
      'Creates an event by hand (a sport or league no feed covers): its sport and league are created when new',
    body: z.object({
      /** A sport by name; the book keys it `manual:<name in lower case>` unless a known code is given. */
      sport: z.string().trim().min(1).max(60),
      competition: name,
      home: z.string().trim().min(1).max(100),
      away: z.string().trim().min(1).max(100),
      startsAt: instant,
      betStopAt: instant.optional(),
      betDelaySeconds: z.number().int().min(0).max(30).optional(),
    }),
    response: ok.extend({ id: z.number() }),
  }),
  createMarket: endpoint({
    method: 'POST',
    path: '/sports/manual-events/:id/markets',
    summary:
      'Opens a market on a manual event at its prices, with the same line and selection checks as every feed',
    params: idParam,
    body: z.object({
      type: z.enum(MARKET_TYPES),
      name,
      line: z.string().trim().min(1).max(12).optional(),
      team: z.enum(['home', 'away']).optional(),
      period: z.enum(['ft', 'ht']).optional(),
      selections: z.array(priceEntry).min(2).max(40),
    }),
    response: ok.extend({ id: z.number() }),
  }),
  suspendEvent: endpoint({
    method: 'POST',
    path: '/sports/events/:id/markets-open',
    summary: 'Suspends every open market of an event at once, or reopens its suspended ones',
    params: idParam,
    body: z.object({ open: z.boolean(), reason }),
    response: ok.extend({ changed: z.number() }),
  }),
  eventResult: endpoint({
    method: 'POST',
    path: '/sports/events/:id/result',
    summary:
      "Enters an event's final (and half-time) score as the result of each of its undecided score markets; each settles by the book's one path",
    params: idParam,
    body: z.object({
      home: z.number().int().min(0).max(999),
      away: z.number().int().min(0).max(999),
      halfTime: z
        .object({ home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) })
        .optional(),
    }),
    response: ok.extend({
      markets: z.array(z.object({ id: z.number(), state: z.string(), settled: z.number() })),
      /** Markets a score does not decide (outrights, HT/FT, a half without its score): left to the desk. */
      left: z.array(z.object({ id: z.number(), reason: z.string() })),
    }),
  }),
  filters: endpoint({
    method: 'GET',
    path: '/sports/filters',
    summary: "The sports and leagues the desk's event search can filter by",
    response: ok.extend({ sports: z.array(deskSport), competitions: z.array(deskCompetition) }),
  }),
  risk: endpoint({
    method: 'GET',
    path: '/sports/risk',
    summary:
      "The book's liability per event, market and selection, one figure per currency (never summed across them), and the biggest open exposures",
    query: z.object({ event: optionalQuery(idText), currency: optionalQuery(currencyCode) }),
    response: ok.extend({
      /** Per event (the top ones, or the one asked for): the sum of its markets' worst cases, per currency. */
      events: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          status: z.string(),
          startsAt: z.string(),
          liability: perCurrency,
          markets: z.array(riskMarket),
        }),
      ),
      /** The largest liabilities on single selections of open markets, biggest first, each in its currency. */
      exposures: z.array(riskExposure),
    }),
  }),
  ticker: endpoint({
    method: 'GET',
    path: '/sports/ticker',
    summary:
      'The newest bets (50), as the live ticker shows them; pushed as they are placed on /api/admin/sports/ticker/live',
    response: ok.extend({ bets: z.array(tickerBet) }),
  }),
} as const;
