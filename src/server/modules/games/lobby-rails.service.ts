import { sql } from 'drizzle-orm';
import { cachedRead } from '../../db/cached-read.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { memberCards } from '../accounts/members.service.ts';

/** The days the "popular" rail counts rounds over. */
export const POPULAR_DAYS = 7;
/** How long a count is reused: a page view does not sum the week's rows again. */
const POPULAR_TTL_MS = 10_000;

/** A member's nick as the wins ticker shows it: first and last letters, the rest hidden. */
export function maskNick(nick: string): string {
  const chars = [...nick];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars.at(-1)}`;
}

/**
 * The most played games of the last days (today and the POPULAR_DAYS - 1 before it), by rounds
 * played: summed from the summary game_plays_daily (migration 0037), never by counting rounds. Real
 * play only: demo play keeps no round.
 */
export const popularGames = cachedRead(POPULAR_TTL_MS, (db) =>
  queryRows<{ code: string; gameCompany: string; plays: number }>(db, popularSql()),
);

/** The rail's query (its plan is checked by a test: an index range over the summary, no rounds). */
export const popularSql = () =>
  sql`select p.game_code as "code", p.vendor_code as "gameCompany", sum(p.plays)::int as "plays"
      from game_plays_daily p
      where p.day > current_date - ${POPULAR_DAYS}::int
      group by p.vendor_code, p.game_code
      order by sum(p.plays) desc, p.game_code
      limit 12`;

/** Wins each site's ticker shows. */
export const WINS_SHOWN = 12;
/**
 * The latest winning rounds read for every site's ticker at once: a site whose members won none of
 * them shows fewer (its older wins are left out rather than scanned for).
 */
const WINS_READ = 240;

export interface RecentWin {
  code: string;
  gameCompany: string;
  nameKo: string;
  nameEn: string;
  /** The member's nick, masked (`n***3`). */
  nick: string;
  /** Minor units of the site's currency (the member's account's). */
  amount: number;
  at: string;
}

/**
 * The latest winning casino and slot rounds of each site (by its members' site: each ticker shows
 * amounts in its own currency): the game, the amount won and the member's masked nick, newest first.
 */
export async function recentWinsBySite(db: Db): Promise<Map<number, RecentWin[]>> {
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
              order by id desc limit ${WINS_READ}) r
        join game_vendors v on v.code = r.vendor_code
        join games g on g.vendor_id = v.id and g.code = r.game_code
        order by r.id desc`,
  );
  // The nicks and sites come from the members' own module; the nicks are masked.
  const cards = await memberCards(
    db,
    rows.map((r) => r.memberId),
  );
  const bySite = new Map<number, RecentWin[]>();
  for (const { memberId, ...r } of rows) {
    const card = cards.get(memberId);
    if (!card) continue;
    const list = bySite.get(card.siteId) ?? [];
    if (list.length >= WINS_SHOWN) continue;
    list.push({ ...r, nick: maskNick(card.nick), at: new Date(r.at).toISOString() });
    bySite.set(card.siteId, list);
  }
  return bySite;
}

/** How long a lobby page reuses the wins it read: one read a second for every lobby of the process. */
const WINS_TTL_MS = 1_000;
const recentWinsShared = cachedRead(WINS_TTL_MS, recentWinsBySite);

/** One site's ticker, as a lobby page loads it (the live stream pushes it fresh afterwards). */
export async function recentWins(db: Db, siteId: number): Promise<RecentWin[]> {
  return (await recentWinsShared(db)).get(siteId) ?? [];
}

/** Forgets the rails' kept reads (tests that play and then look). */
export const forgetLobbyRails = () => {
  popularGames.forget();
  recentWinsShared.forget();
};
