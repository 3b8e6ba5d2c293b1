import { sql } from 'drizzle-orm';
import { batcherPer, createBatcher, eachOk } from '../../../db/batcher.ts';
import { type Db, preparedQuery } from '../../../db/client.ts';
import type { BookSettings } from '../settings.ts';
import type { AlertBet, NewAlert } from './alert-types.ts';

/** One count: the distinct members behind a selection from an address in a window, unless its alert is stored. */
interface Count {
  key: string;
  ip: string;
  selectionId: number;
  from: string;
  to: string;
}

/**
 * The counts of a batch in one statement (n: each count's place). Counted only while the alert is not
 * there yet: it is stored once, and the count reads every bet from the address in the window (each
 * placement from a busy address read them all again).
 */
const COUNT = (counts: string) => sql`select x.n,
      case when exists (select 1 from sb_ticker_alerts a where a.key = x.key) then null else
        (select count(distinct b.player_id)::int from sb_bets b join sb_bet_legs l on l.bet_id = b.id
         where b.placed_ip = x.ip and l.selection_id = x.sel and b.placed_at >= x.from_at and b.placed_at <= x.to_at
           and b.status <> 'refused') end as members
    from jsonb_to_recordset(${counts}::jsonb) as x(n int, key text, ip text, sel int8, from_at timestamptz, to_at timestamptz)`;

const batcherOf = batcherPer((db: Db) =>
  createBatcher(
    async (counts: Count[]) => {
      const json = JSON.stringify(
        counts.map((c, n) => ({ n, key: c.key, ip: c.ip, sel: c.selectionId, from_at: c.from, to_at: c.to })),
      );
      const rows = await preparedQuery<{ n: number; members: number | null }>(
        db,
        'sb_same_ip_members',
        COUNT(json),
      );
      const byPlace = new Map(rows.map((r) => [r.n, r.members]));
      return eachOk(counts.map((_, n) => byPlace.get(n) ?? null));
    },
    // Counted after the reply: waiting 20 ms gathers the counts of a busy minute's placements into
    // a few round trips instead of one for every few bets (bench:sportsbook).
    { maxInFlight: 1, maxBatch: 64, retryAlone: true, lingerMs: 20 },
  ),
);

/** A count asked with the others of the placements answered at the same time: one round trip for the lot. */
const countTogether = (db: Db, count: Count) => batcherOf(db).submit(count);

/**
 * Several members backing the same selection from one address: the desk's number of distinct members
 * within its window. One alert per selection and address (its key), raised on the bet that reached the count.
 */
export async function sameIp(db: Db, bet: AlertBet, s: BookSettings): Promise<NewAlert[]> {
  if (s.alertSameIpMembers === 0 || !bet.placedIp) return [];
  const from = new Date(bet.placedAt.getTime() - s.alertSameIpMinutes * 60_000).toISOString();
  const out: NewAlert[] = [];
  for (const selectionId of new Set(bet.legs.map((l) => l.selectionId))) {
    const key = `same_ip:${selectionId}:${bet.placedIp}`;
    const members = await countTogether(db, {
      key,
      ip: bet.placedIp,
      selectionId,
      from,
      to: bet.placedAt.toISOString(),
    });
    if (members === null) continue;
    if (Number(members) >= s.alertSameIpMembers)
      out.push({
        key,
        rule: 'same_ip',
        betId: bet.id,
        detail: { ip: bet.placedIp, members: Number(members), selectionId },
      });
  }
  return out;
}
