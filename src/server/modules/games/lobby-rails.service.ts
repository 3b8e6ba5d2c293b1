import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { memberCards } from '../accounts/members.service.ts';

/** The days the "popular" rail counts rounds over. */
export const POPULAR_DAYS = 7;
/** How long a count is reused: the count reads a week of rounds, so it is not redone per page view. */
const POPULAR_TTL_MS = 10_000;

/** A member's nick as the wins ticker shows it: first and last letters, the rest hidden. */
export function maskNick(nick: string): string {
  const chars = [...nick];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars.at(-1)}`;
}

let popularCache:
  | { at: number; db: Db; rows: { code: string; gameCompany: string; plays: number }[] }
  | undefined;

/** The most played games of the last days, by rounds played (real play only: demo play keeps no round). */
export async function popularGames(db: Db, now = Date.now()) {
  if (popularCache && popularCache.db === db && now - popularCache.at < POPULAR_TTL_MS)
    return popularCache.rows;
  const rows = await queryRows<{ code: string; gameCompany: string; plays: number }>(
    db,
    sql`select r.game_code as "code", r.vendor_code as "gameCompany", count(*)::int as "plays"
        from game_rounds r
        where r.opened_at > now() - make_interval(days => ${POPULAR_DAYS}) and r.category <> 'sport'
        group by r.vendor_code, r.game_code
        order by count(*) desc, r.game_code
        limit 12`,
  );
  popularCache = { at: now, db, rows };
  return rows;
}

/** Forgets the cached count (tests that play and then look). */
export const forgetPopular = () => {
  popularCache = undefined;
};

/** The latest winning casino and slot rounds: the game, the amount won and the member's masked nick. */
export async function recentWins(db: Db) {
  const rows = await queryRows<{
    code: string;
    gameCompany: string;
    nameKo: string;
    nameEn: string;
    memberId: number;
    amount: number;
    at: Date | string;
  }>(
    db,
    sql`select r.game_code as "code", r.vendor_code as "gameCompany", g.name_ko as "nameKo",
               g.name_en as "nameEn", r.member_id::float8 as "memberId", r.total_win::float8 as "amount",
               coalesce(r.closed_at, r.opened_at) as "at"
        from (select * from game_rounds
              where has_win and total_win > 0 and status = 'closed' and category <> 'sport'
              order by id desc limit 12) r
        join game_vendors v on v.code = r.vendor_code
        join games g on g.vendor_id = v.id and g.code = r.game_code
        order by r.id desc`,
  );
  // The nicks come from the members' own module, then are masked.
  const cards = await memberCards(
    db,
    rows.map((r) => r.memberId),
  );
  return rows.map(({ memberId, ...r }) => ({
    ...r,
    nick: maskNick(cards.get(memberId)?.nick ?? ''),
    at: new Date(r.at).toISOString(),
  }));
}
