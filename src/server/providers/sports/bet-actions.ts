import { sql } from 'drizzle-orm';
import type { BetAction } from '../../../shared/contract/admin/sports.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { paysOut } from './settlement.service.ts';
import { intArray } from './sql-array.ts';

/**
 * What an operator can do to each bet now, by the rules settlement.service.ts applies: settle an open
 * bet; unsettle or resettle a bet whose payment is in force (its last step paid a win or a
 * resettlement); cancel an open bet, or a bet that is not void yet and has a payment in force.
 */
export async function betActions(
  db: DbOrTx,
  bets: readonly { id: number; status: string }[],
): Promise<Map<number, BetAction[]>> {
  const rows =
    bets.length === 0
      ? []
      : await queryRows<{ bet_id: number; wallet_op: string }>(
          db,
          sql`select distinct on (bet_id) bet_id, wallet_op from sb_settlements
              where bet_id = any(${intArray(bets.map((b) => b.id))}::int8[]) order by bet_id, seq desc`,
        );
  const lastOp = new Map(rows.map((row) => [Number(row.bet_id), row.wallet_op]));
  return new Map(
    bets.map((bet) => {
      const inForce = paysOut(lastOp.get(bet.id));
      const actions: BetAction[] = [];
      if (bet.status === 'open') actions.push('settle');
      if (inForce) actions.push('unsettle', 'resettle');
      if (bet.status === 'open' || (bet.status !== 'void' && inForce)) actions.push('cancel');
      return [bet.id, actions];
    }),
  );
}
