import { sql } from 'drizzle-orm';
import type { BetAction } from '../../../shared/contract/admin/sports.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { paysOut } from './wallet-step.ts';

/**
 * What an operator can do to each bet now, by the rules the book settles by: settle an open bet;
 * resettle a bet whose payment is in force (its last step paid a win or a resettlement) from its
 * markets' current results; cancel (void every leg of) an open or settled bet, or a void one still paid.
 * A bet whose every leg the desk voided is final: nothing applies.
 */
export async function betActions(
  db: DbOrTx,
  bets: readonly { id: number; status: string }[],
): Promise<Map<number, BetAction[]>> {
  const ids = intArray(bets.map((b) => b.id));
  const [rows, legs] =
    bets.length === 0
      ? [[], []]
      : await Promise.all([
          queryRows<{ bet_id: number; wallet_op: string }>(
            db,
            sql`select distinct on (bet_id) bet_id, wallet_op from sb_settlements
                where bet_id = any(${ids}::int8[]) order by bet_id, seq desc`,
          ),
          queryRows<{ bet_id: number; all_void: boolean }>(
            db,
            sql`select bet_id, bool_and(void_kind is not null) as all_void from sb_bet_legs
                where bet_id = any(${ids}::int8[]) group by bet_id`,
          ),
        ]);
  const lastOp = new Map(rows.map((row) => [Number(row.bet_id), row.wallet_op]));
  const cancelled = new Set(legs.filter((l) => l.all_void).map((l) => Number(l.bet_id)));
  return new Map(
    bets.map((bet) => {
      const actions: BetAction[] = [];
      // Every leg voided by the desk: the bet is final.
      if (cancelled.has(bet.id)) return [bet.id, actions];
      const inForce = paysOut(lastOp.get(bet.id));
      if (bet.status === 'open') actions.push('settle');
      if (inForce) actions.push('resettle');
      if (bet.status === 'open' || (inForce && (bet.status === 'settled' || bet.status === 'void')))
        actions.push('cancel');
      return [bet.id, actions];
    }),
  );
}
