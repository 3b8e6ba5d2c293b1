import { sql } from 'drizzle-orm';
import { sizesFor } from '../../../shared/sports/bet-types.ts';
import { frac } from '../../../shared/sports/fraction.ts';
import { betRounding, lineCount } from '../../../shared/sports/settlement.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { openLeg } from './liability.ts';
import {
  effectiveLimits,
  type HeldOnSelection,
  heldOnSelections,
  type LegScope,
  largestUnitStake,
  limitRowsFor,
  rowsForLegs,
  selectionCaps,
} from './limits.ts';
import { bookSettings } from './settings.ts';

interface MaxLeg extends LegScope {
  selectionId: number;
  liability: number;
  price: ReturnType<typeof frac>;
  rounding: 'down' | 'nearest';
  /** What the member's running bets already hold on this selection. */
  held: HeldOnSelection;
  startsAt: Date;
}

export interface MaxStakes {
  /** Each selection's largest single stake for this member now (null: no limit reaches it). */
  singles: { selectionId: number; max: number | null }[];
  /** With a multiple or system: the largest stake per line of that bet over all the selections. */
  combined?: number | null;
}

/**
 * The Max the window shows: the largest stake the placement's own limit rule (`stakeRefusal`) lets
 * through for this member in their currency, at the prices and liability now, less what their running
 * bets already hold on the selections. Not a promise: prices
 * and liability move, and the placement decides under its locks.
 */
export async function maxStakes(
  db: DbOrTx,
  player: { playerId: string; currency: string },
  req: { selectionIds: number[]; kind?: 'multiple' | 'system'; sizes?: number[]; systemName?: string },
): Promise<MaxStakes | string> {
  const ids = [...new Set(req.selectionIds)];
  const [rows, legRows, settings, held] = await Promise.all([
    limitRowsFor(db, player.playerId, player.currency, ids),
    queryRows<{
      selection_id: number;
      price_num: number;
      price_den: number;
      liability: number | null;
      market_id: number;
      rounding: 'down' | 'nearest';
      event_id: number;
      competition_id: number;
      sport_id: number;
      starts_at: Date | string;
    }>(
      db,
      sql`select s.id as selection_id, s.price_num, s.price_den, l.liability, m.id as market_id, m.rounding,
                 e.id as event_id, c.id as competition_id, c.sport_id, e.starts_at
          from sb_selections s join sb_markets m on m.id = s.market_id join sb_events e on e.id = m.event_id
          join sb_competitions c on c.id = e.competition_id
          left join sb_selection_liability l on l.selection_id = s.id and l.currency = ${player.currency}
          where s.id = any(${intArray(ids)}::int8[])`,
    ),
    bookSettings(db),
    heldOnSelections(db, player.playerId, ids),
  ]);
  const legs: MaxLeg[] = legRows.map((r) => ({
    selectionId: Number(r.selection_id),
    marketId: Number(r.market_id),
    eventId: Number(r.event_id),
    competitionId: Number(r.competition_id),
    sportId: Number(r.sport_id),
    liability: Number(r.liability ?? 0),
    price: frac(BigInt(r.price_num), BigInt(r.price_den)),
    rounding: r.rounding,
    held: held[ids.indexOf(Number(r.selection_id))]!,
    startsAt: new Date(r.starts_at),
  }));
  const maxOf = (ls: MaxLeg[], sizes: number[], multiple = false) =>
    largestUnitStake(effectiveLimits(rowsForLegs(rows, ls), ls), {
      sizes,
      lines: lineCount(ls.length, sizes),
      rounding: betRounding(
        settings.rounding,
        ls.map((l) => l.rounding),
      ),
      legs: ls,
      held: selectionCaps(rows, ls).map((caps, i) => ({ ...ls[i]!.held, ...caps })),
      // A multiple's liability sits on its open leg only, as the placement checks it (liability.ts).
      holders: multiple
        ? [ls[openLeg(ls.map((l, idx) => ({ idx, startsAt: l.startsAt, decided: false })))]!]
        : ls,
    });
  // In the order asked; a selection the book does not have is left out.
  legs.sort((a, b) => ids.indexOf(a.selectionId) - ids.indexOf(b.selectionId));
  const out: MaxStakes = { singles: legs.map((l) => ({ selectionId: l.selectionId, max: maxOf([l], [1]) })) };
  if (req.kind) {
    const sizes = sizesFor(req.kind, legs.length, { sizes: req.sizes, name: req.systemName });
    if (typeof sizes === 'string') return sizes;
    if (legs.length !== ids.length || legs.length !== req.selectionIds.length)
      return 'unknown or repeated selection';
    out.combined = maxOf(legs, sizes, req.kind === 'multiple');
  }
  return out;
}
