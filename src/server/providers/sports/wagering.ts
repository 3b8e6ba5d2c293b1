import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { boolArray, intArray, intOrNullArray } from '../../db/sql-array.ts';

/*
 * What a sports bet counted towards its member's bonus wagering (promotions' promo_sports_wagers)
 * follows the bet: the promotions' SQL functions are told of each settlement step and cash-out. Bets
 * that counted nothing (most: no active bonus) cost one index probe each.
 */

/**
 * Takes back what these bets counted (promo_unwager_sports): all of it for a bet voided, or `parts[i]`
 * of its stake for a cash-out.
 */
export async function unwagerSports(tx: Tx, betIds: number[], parts?: number[]): Promise<void> {
  const partsOf = intOrNullArray(betIds.map((_, i) => parts?.[i]));
  await tx.execute(sql`select promo_unwager_sports(${intArray(betIds)}::int8[], ${partsOf}::int8[])`);
}

/**
 * Settlement steps just written: a bet settled or void has its count settled (a conversion may count
 * it), one open again has it open; a void takes the count back.
 */
export async function wageringFollowsSteps(
  tx: Tx,
  steps: { bet_id: number; status: string }[],
): Promise<void> {
  const ids = steps.map((s) => s.bet_id);
  const open = boolArray(steps.map((s) => s.status === 'open'));
  await tx.execute(sql`select promo_sports_bets_settled(${intArray(ids)}::int8[], ${open}::boolean[])`);
  const voided = steps.filter((s) => s.status === 'void').map((s) => s.bet_id);
  if (voided.length > 0) await unwagerSports(tx, voided);
}

/** Bets open again outside a settlement step (a cash-out taken back or given back): their count waits for them. */
export async function wageringReopens(tx: Tx, betIds: number[]): Promise<void> {
  const open = boolArray(betIds.map(() => true));
  await tx.execute(sql`select promo_sports_bets_settled(${intArray(betIds)}::int8[], ${open}::boolean[])`);
}
