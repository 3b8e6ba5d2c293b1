import { type SQL, sql } from 'drizzle-orm';
import type { Fraction } from '../../../shared/sports/fraction.ts';
import type { Refusal } from '../../../shared/sports/refusals.ts';
import { potentialReturn, type Rounding } from '../../../shared/sports/settlement.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { RUNNING_BET_STATUSES } from '../../db/constants.ts';
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
  return queryRows<LimitRow>(db, limitRowsQuery(playerId, currency, selectionIds));
}

/**
 * The query of limitRowsFor, for a statement that reads it with other things (the placements' batched
 * read): each argument a value, or an expression of the outer statement (an SQL fragment).
 */
export function limitRowsQuery(
  playerId: string | SQL,
  currency: string | SQL,
  selectionIds: number[] | SQL,
): SQL {
  const ids = Array.isArray(selectionIds) ? sql`${intArray(selectionIds)}::int8[]` : selectionIds;
  return sql`with legs as (
          select m.id as market_id, e.id as event_id, c.id as competition_id, c.sport_id
          from sb_selections s join sb_markets m on m.id = s.market_id join sb_events e on e.id = m.event_id
          join sb_competitions c on c.id = e.competition_id
          where s.id = any(${ids}))
        select scope, scope_id, min_stake, max_stake, max_payout, max_liability, stake_factor_bp from sb_limits
        where currency = ${currency} and ((scope = 'platform')
           or (scope = 'player' and scope_id = ${playerId})
           or (scope = 'sport' and scope_id in (select sport_id::text from legs))
           or (scope = 'competition' and scope_id in (select competition_id::text from legs))
           or (scope = 'event' and scope_id in (select event_id::text from legs))
           or (scope = 'market' and scope_id in (select market_id::text from legs)))`;
}

/** The statuses of a bet still running (RUNNING_BET_STATUSES; sb_bet_running() in SQL), as a SQL list. */
export const RUNNING_BET = sql.raw(`(${RUNNING_BET_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * What the member stakes on each of these selections (HeldOnSelection; a selection they hold nothing on
 * is 0): their running total per selection (sb_running_stakes, migration 0082), read by its key.
 * `except`: a bet not counted (a delayed bet judged again at its confirmation holds its own stake
 * already), taken off the selections it has legs on while it is running.
 */
export async function heldOnSelections(
  db: DbOrTx,
  playerId: string,
  selectionIds: number[],
  except?: number,
): Promise<HeldOnSelection[]> {
  const rows = await queryRows<{ selection_id: number; stake: number }>(
    db,
    sql`select r.selection_id, r.stake - coalesce(
              (select sum(b.total_stake) from sb_bets b join sb_bet_legs l on l.bet_id = b.id
               where b.id = ${except ?? null}::int8 and b.status in ${RUNNING_BET}
                 and l.selection_id = r.selection_id), 0)::int8 as stake
        from sb_running_stakes r
        where r.player_id = ${playerId} and r.selection_id = any(${intArray(selectionIds)}::int8[])`,
  );
  const of = new Map(rows.map((r) => [Number(r.selection_id), r]));
  return selectionIds.map((id) => ({ stake: Number(of.get(id)?.stake ?? 0) }));
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

/** A leg's place in the book: the scopes a limit row may name. */
export interface LegScope {
  marketId: number;
  eventId: number;
  competitionId: number;
  sportId: number;
}

/** The limit rows that reach these legs alone (the platform's, the player's, and the legs' own scopes). */
export function rowsForLegs(rows: LimitRow[], legs: LegScope[]): LimitRow[] {
  const ids = (f: (l: LegScope) => number) => new Set(legs.map((l) => String(f(l))));
  const of: Record<string, Set<string>> = {
    sport: ids((l) => l.sportId),
    competition: ids((l) => l.competitionId),
    event: ids((l) => l.eventId),
    market: ids((l) => l.marketId),
  };
  return rows.filter((r) => r.scope === 'platform' || r.scope === 'player' || of[r.scope]?.has(r.scope_id));
}

/**
 * What the member already has on one selection of a slip: the total stake of their bets still running
 * (delayed, pending or open) that hold it, in any kind of bet.
 */
export interface HeldOnSelection {
  stake: number;
}

/** A selection's own maximum stake for the member: its scopes', the platform's and the member's rows. */
export interface SelectionCaps {
  maxStake: number | null;
}

/** Each leg's own caps (SelectionCaps), in the legs' order. */
export const selectionCaps = (rows: LimitRow[], legs: LegScope[]): SelectionCaps[] =>
  legs.map((leg) => {
    const own = effectiveLimits(rowsForLegs(rows, [leg]), [leg]);
    return { maxStake: own.maxStake };
  });

/** What the member holds on one of the slip's selections, with that selection's own caps. */
export type HeldAgainst = HeldOnSelection & SelectionCaps;

/**
 * The one rule a bet's stake meets (placement refuses by it, and the window's Max is the largest stake
 * it lets through): the total stake within the minimum and maximum, the potential return within the
 * maximum payout, and each leg's selection liability plus the bet's exposure within its market's limit.
 * The maximum stake is also the member's per selection (SPORTSBOOK.md §1, "max stake per selection";
 * the payout's is per bet): what they already stake on a selection of the slip (`held`, with the
 * selection's own cap) counts, so ten bets of the maximum on one selection are not ten times the maximum.
 */
export function stakeRefusal(
  limits: EffectiveLimits,
  bet: {
    totalStake: number;
    potential: number;
    legs: { marketId: number; liability: number }[];
    held?: readonly HeldAgainst[];
  },
  checkMin = true,
): [Refusal, string] | undefined {
  if (checkMin && bet.totalStake < limits.minStake)
    return ['stake_too_low', `the minimum stake is ${limits.minStake}`];
  if (limits.maxStake !== null && bet.totalStake > limits.maxStake)
    return ['stake_too_high', `the maximum stake is ${limits.maxStake}`];
  if (limits.maxPayout !== null && bet.potential > limits.maxPayout)
    return ['payout_too_high', `the maximum payout is ${limits.maxPayout}`];
  for (const h of bet.held ?? []) {
    if (h.maxStake !== null && h.stake + bet.totalStake > h.maxStake)
      return [
        'stake_too_high',
        `the maximum stake on a selection is ${h.maxStake}, ${h.stake} of it staked already`,
      ];
  }
  const exposure = bet.potential - bet.totalStake;
  for (const leg of bet.legs) {
    const limit = limits.maxLiability.get(leg.marketId) ?? null;
    if (limit !== null && leg.liability + exposure > limit)
      return ['liability_reached', String(leg.marketId)];
  }
  return undefined;
}

/** Above any stake a site would set: the search's ceiling when no limit applies (the contract's 1e13). */
const NO_LIMIT = 10_000_000_000_000;

/**
 * The largest stake per line that `stakeRefusal` lets through for a bet of these legs (at their prices
 * now), found by bisection over the same potential-return function the placement uses, so Max and the
 * refusal never disagree; null when no limit reaches it; 0 when even the minimum stake is refused.
 */
export function largestUnitStake(
  limits: EffectiveLimits,
  bet: {
    sizes: number[];
    lines: number;
    rounding: Rounding;
    legs: { marketId: number; liability: number; price: Fraction }[];
    held?: readonly HeldAgainst[];
    /** The legs whose selections hold the bet's liability (a multiple: its open leg only); all by default. */
    holders?: readonly { marketId: number; liability: number }[];
  },
): number | null {
  const holders = bet.holders ?? bet.legs;
  const unlimited =
    limits.maxStake === null &&
    limits.maxPayout === null &&
    holders.every((l) => (limits.maxLiability.get(l.marketId) ?? null) === null);
  if (unlimited) return null;
  const passes = (unit: number) =>
    stakeRefusal(
      limits,
      {
        totalStake: unit * bet.lines,
        potential: Number(
          potentialReturn({
            unitStake: BigInt(unit),
            sizes: bet.sizes,
            prices: bet.legs.map((l) => l.price),
            rounding: bet.rounding,
          }),
        ),
        legs: [...holders],
        held: bet.held,
      },
      false,
    ) === undefined;
  let low = 0;
  let high = Math.floor((limits.maxStake ?? NO_LIMIT) / bet.lines) + 1;
  if (passes(high - 1)) return high - 1;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (passes(mid)) low = mid;
    else high = mid;
  }
  return low * bet.lines < limits.minStake ? 0 : low;
}
