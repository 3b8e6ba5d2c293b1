import { z } from 'zod';
import { decidingResult } from '../../../../shared/contract/admin/sports.ts';
import { MARKET_TYPES } from '../../../../shared/sports/markets.ts';

/**
 * The JSON-lines feed (README "Sports feed"): one record a line, keyed by source, external id and
 * sequence. A record whose sequence is not above the last applied one for its key changes nothing.
 */
const key = z.string().trim().min(1).max(100);
const base = {
  source: z.string().regex(/^[\w.-]{1,40}$/),
  id: key,
  seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
};
const price = z.object({
  key: key,
  price: z.string().max(32),
  format: z.enum(['decimal', 'fractional', 'american']).default('decimal'),
});
const score = z.object({ home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) });
const when = z.string().datetime({ offset: true });

export const feedRecord = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('fixture'),
    ...base,
    sport: z.string().regex(/^[a-z0-9-]{1,40}$/),
    sportName: z.string().trim().min(1).max(60),
    competition: z.string().trim().min(1).max(120),
    competitionId: key,
    /** The league's country (the navigation groups leagues by it). */
    country: z.string().trim().min(1).max(60).optional(),
    name: z.string().trim().min(1).max(200),
    home: z.string().trim().max(100).optional(),
    away: z.string().trim().max(100).optional(),
    startsAt: when,
    betStopAt: when.optional(),
    status: z.enum(['scheduled', 'live', 'ended', 'postponed', 'cancelled']).optional(),
    score: score.extend({ clock: z.string().max(20).optional() }).optional(),
  }),
  z.object({
    type: z.literal('market'),
    ...base,
    event: key,
    marketType: z.enum(MARKET_TYPES),
    name: z.string().trim().min(1).max(200),
    params: z.object({ line: z.string().max(12).optional() }).default({}),
    selections: z
      .array(price.extend({ name: z.string().trim().min(1).max(100) }))
      .min(2)
      .max(60),
  }),
  z.object({ type: z.literal('price'), ...base, prices: z.array(price).min(1).max(60) }),
  z.object({ type: z.literal('suspend'), ...base, suspended: z.boolean() }),
  z.object({
    type: z.literal('result'),
    ...base,
    result: decidingResult,
  }),
  z.object({ type: z.literal('cancel'), ...base, reason: z.string().trim().min(1).max(300) }),
]);
export type FeedRecord = z.infer<typeof feedRecord>;
