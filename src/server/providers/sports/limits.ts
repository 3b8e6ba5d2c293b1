import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';

export interface EffectiveLimits {
  minStake: number;
  maxStake: number | null;
  maxPayout: number | null;
  /** Per market id: the strictest max liability of the market and its event, competition, sport and platform. */
  maxLiability: Map<number, number | null>;
}

export interface LimitRow {
  scope: string;
  scope_id: string;
  min_stake: number | null;
  max_stake: number | null;
  max_payout: number | null;
  max_liability: number | null;
  stake_factor_bp: number | null;
}

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * Every limit row in the player's currency that can apply to a slip of these selections (platform,
 * player, and their sports, competitions, events and markets), read before the slip's markets are locked:
 * limits change seldom, and reading them outside the lock keeps the market's critical section short.
 */
export async function limitRowsFor(
  db: DbOrTx,
  playerId: string,
  currency: string,
  selectionIds: number[],
): Promise<LimitRow[]> {
  return queryRows<LimitRow>(
    db,
    sql`with legs as (
          select m.id as market_id, e.id as event_id, c.id as competition_id, c.sport_id
          from sb_selections s join sb_markets m on m.id = s.market_id join sb_events e on e.id = m.event_id
          join sb_competitions c on c.id = e.competition_id
          where s.id = any(${intArray(selectionIds)}::int8[]))
        select scope, scope_id, min_stake, max_stake, max_payout, max_liability, stake_factor_bp from sb_limits
        where currency = ${currency} and ((scope = 'platform')
           or (scope = 'player' and scope_id = ${playerId})
           or (scope = 'sport' and scope_id in (select sport_id::text from legs))
           or (scope = 'competition' and scope_id in (select competition_id::text from legs))
           or (scope = 'event' and scope_id in (select event_id::text from legs))
           or (scope = 'market' and scope_id in (select market_id::text from legs)))`,
  );
}

/** Legs as (market, event, competition, sport) ids. The strictest limit at any level wins. */
export function effectiveLimits(
  rows: LimitRow[],
  legs: { marketId: number; eventId: number; competitionId: number; sportId: number }[],
): EffectiveLimits {
  let minStake = 0;
  let maxStake: number | null = null;
  let maxPayout: number | null = null;
  let factorBp = 10_000;
  for (const r of rows) {
    minStake = Math.max(minStake, r.min_stake ?? 0);
    maxStake = minOf(maxStake, r.max_stake);
    maxPayout = minOf(maxPayout, r.max_payout);
    if (r.scope === 'player' && r.stake_factor_bp !== null) factorBp = r.stake_factor_bp;
  }
  if (maxStake !== null) maxStake = Math.floor((maxStake * factorBp) / 10_000);
  const maxLiability = new Map<number, number | null>();
  for (const leg of legs) {
    let limit: number | null = null;
    for (const r of rows) {
      const applies =
        r.scope === 'platform' ||
        (r.scope === 'sport' && r.scope_id === String(leg.sportId)) ||
        (r.scope === 'competition' && r.scope_id === String(leg.competitionId)) ||
        (r.scope === 'event' && r.scope_id === String(leg.eventId)) ||
        (r.scope === 'market' && r.scope_id === String(leg.marketId));
      if (applies) limit = minOf(limit, r.max_liability);
    }
    maxLiability.set(leg.marketId, limit);
  }
  return { minStake, maxStake, maxPayout, maxLiability };
}
