import { z } from 'zod';

/**
 * The Unified Odds Feed's messages, as the published schema (UnifiedFeed.xsd) shapes them: attributes
 * are text, kept exact (odds "1.85", factors "0.5"), and checked here before anything is applied.
 * Only what the book uses is read; any other attribute or element is ignored, as the schema allows
 * new optional ones.
 */
const int = z.string().regex(/^-?\d{1,12}$/, 'an integer');
const ms = z.string().regex(/^\d{1,15}$/, 'a time in milliseconds');
const decimal = z.string().regex(/^-?\d{1,9}(\.\d{1,9})?$/, 'a decimal');
const urn = z.string().regex(/^[a-z]{2,10}:[a-z_]{2,30}:\d{1,15}$/, 'a URN like sr:match:123');
const specifiers = z.string().max(200).optional();
/** A list element: one child parses to an object, several to an array; none is absent. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(item).max(2000),
  );

const header = {
  product: int,
  timestamp: ms,
};
const eventHeader = { ...header, event_id: urn, request_id: int.optional() };

const oddsOutcome = z.object({
  id: z.string().min(1).max(100),
  odds: decimal.optional(),
  active: z.enum(['0', '1']).optional(),
});
const oddsMarket = z.object({
  id: int,
  specifiers,
  status: z.enum(['1', '0', '-1', '-2', '-3', '-4']).optional(),
  outcome: list(oddsOutcome),
});
const sportEventStatus = z.object({
  status: int,
  match_status: int.optional(),
  home_score: int.optional(),
  away_score: int.optional(),
  clock: z
    .object({ match_time: z.string().max(20).optional(), stopped: z.enum(['true', 'false']).optional() })
    .optional(),
});

const settlementOutcome = z.object({
  id: z.string().min(1).max(100),
  result: z.enum(['0', '1']),
  void_factor: z.enum(['0', '0.5', '1', '0.0', '1.0']).optional(),
  dead_heat_factor: decimal.optional(),
});
const marketRef = z.object({ id: int, specifiers, void_reason: int.optional() });

export const uofMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('odds_change'),
    ...eventHeader,
    sport_event_status: sportEventStatus.optional(),
    odds: z
      .object({
        betting_status: int.optional(),
        betstop_reason: int.optional(),
        market: list(oddsMarket),
      })
      .optional(),
  }),
  z.object({
    kind: z.literal('bet_stop'),
    ...eventHeader,
    groups: z.string().max(200).optional(),
    market_status: int.optional(),
  }),
  z.object({
    kind: z.literal('bet_settlement'),
    ...eventHeader,
    certainty: z.enum(['1', '2']).optional(),
    outcomes: z.object({ market: list(marketRef.extend({ outcome: list(settlementOutcome) })) }),
  }),
  z.object({
    kind: z.literal('bet_cancel'),
    ...eventHeader,
    start_time: ms.optional(),
    end_time: ms.optional(),
    superceded_by: z.string().max(100).optional(),
    market: list(marketRef),
  }),
  z.object({ kind: z.literal('rollback_bet_settlement'), ...eventHeader, market: list(marketRef) }),
  z.object({
    kind: z.literal('rollback_bet_cancel'),
    ...eventHeader,
    start_time: ms.optional(),
    end_time: ms.optional(),
    market: list(marketRef),
  }),
  z.object({
    kind: z.literal('fixture_change'),
    ...eventHeader,
    start_time: ms.optional(),
    change_type: int.optional(),
  }),
  z.object({ kind: z.literal('alive'), ...header, subscribed: z.enum(['0', '1']) }),
  z.object({ kind: z.literal('snapshot_complete'), ...header, request_id: int }),
]);
export type UofMessage = z.infer<typeof uofMessage>;
export type UofKind = UofMessage['kind'];
export const UOF_KINDS: readonly UofKind[] = [
  'odds_change',
  'bet_stop',
  'bet_settlement',
  'bet_cancel',
  'rollback_bet_settlement',
  'rollback_bet_cancel',
  'fixture_change',
  'alive',
  'snapshot_complete',
];
export type EventMessage = Exclude<UofMessage, { kind: 'alive' | 'snapshot_complete' }>;
export const isEventMessage = (m: UofMessage): m is EventMessage =>
  m.kind !== 'alive' && m.kind !== 'snapshot_complete';

/** A fixture as the REST API's fixture.xml gives it (only what the book keeps). */
export const uofFixture = z.object({
  id: urn,
  start_time: z.string().max(40).optional(),
  scheduled: z.string().max(40).optional(),
  status: z.string().max(40).optional(),
  tournament: z.object({
    id: urn,
    name: z.string().min(1).max(200),
    sport: z.object({ id: urn, name: z.string().min(1).max(100) }),
    /** The tournament's category: a country, or an international grouping. */
    category: z.object({ id: urn, name: z.string().min(1).max(100) }).optional(),
  }),
  competitors: z.object({
    competitor: list(
      z.object({ id: urn, name: z.string().min(1).max(100), qualifier: z.enum(['home', 'away']).optional() }),
    ),
  }),
});
export type UofFixture = z.infer<typeof uofFixture>;
