import { sql } from 'drizzle-orm';
import { type DbOrTx, preparedQuery } from '../../../db/client.ts';
import type { BookSettings } from '../settings.ts';
import type { AlertBet, NewAlert } from './alert-types.ts';

/**
 * Several members backing the same selection from one address: the desk's number of distinct members
 * within its window. One alert per selection and address (its key), raised on the bet that reached the count.
 */
export async function sameIp(db: DbOrTx, bet: AlertBet, s: BookSettings): Promise<NewAlert[]> {
  if (s.alertSameIpMembers === 0 || !bet.placedIp) return [];
  const from = new Date(bet.placedAt.getTime() - s.alertSameIpMinutes * 60_000);
  const out: NewAlert[] = [];
  for (const selectionId of new Set(bet.legs.map((l) => l.selectionId))) {
    const key = `same_ip:${selectionId}:${bet.placedIp}`;
    // Counted only while the alert is not there yet: it is stored once, and the count reads every bet
    // from the address in the window (each placement from a busy address read them all again).
    const [row] = await preparedQuery<{ members: number | null }>(
      db,
      'sb_same_ip_members',
      sql`select case when exists (select 1 from sb_ticker_alerts a where a.key = ${key}) then null else
            (select count(distinct b.player_id)::int from sb_bets b join sb_bet_legs l on l.bet_id = b.id
             where b.placed_ip = ${bet.placedIp} and l.selection_id = ${selectionId}
               and b.placed_at >= ${from.toISOString()}::timestamptz and b.placed_at <= ${bet.placedAt.toISOString()}::timestamptz
               and b.status <> 'refused') end as members`,
    );
    if (row?.members === null || row?.members === undefined) continue;
    const members = Number(row.members);
    if (members >= s.alertSameIpMembers)
      out.push({
        key,
        rule: 'same_ip',
        betId: bet.id,
        detail: { ip: bet.placedIp, members, selectionId },
      });
  }
  return out;
}
