import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { RUNNING_BET } from './limits.ts';

/**
 * The running totals per (member, selection) that the maximum stake reads (sb_running_stakes, kept by
 * triggers) against the running bets themselves (audits and tests only): each differing pair, in words.
 * A total of 0 must not be stored at all.
 */
export async function auditRunningStakes(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{
    player_id: string;
    selection_id: number;
    kept: number | null;
    bets: number | null;
  }>(
    db,
    sql`with bets as (
          select b.player_id, l.selection_id, sum(b.total_stake)::int8 as stake
          from sb_bets b join sb_bet_legs l on l.bet_id = b.id
          where b.status in ${RUNNING_BET}
          group by 1, 2)
        select coalesce(r.player_id, x.player_id) as player_id, coalesce(r.selection_id, x.selection_id) as selection_id,
               r.stake as kept, x.stake as bets
        from sb_running_stakes r full join bets x on x.player_id = r.player_id and x.selection_id = r.selection_id
        where r.stake is distinct from x.stake
        order by 1, 2
        limit 20`,
  );
  return rows.map(
    (r) =>
      `member ${r.player_id} on selection ${r.selection_id}: ${r.kept ?? 'no row'} kept, ${r.bets ?? 'no running bet'} in running bets`,
  );
}
