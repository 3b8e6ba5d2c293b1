import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jackpotAwardsOf } from '../jackpot/jackpot.service.ts';
import { memberCurrencies } from '../ledger/ledger.service.ts';
import { gameRounds, games, gameVendors, openGameRounds } from './games.schema.ts';

/** The member's rounds, newest first, with the game's names; a round's win includes its jackpot award. */
export async function betHistory(
  db: Db,
  memberId: number,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ round: gameRounds, game: games })
      .from(gameRounds)
      .leftJoin(gameVendors, eq(gameVendors.code, gameRounds.vendorCode))
      .leftJoin(games, and(eq(games.vendorId, gameVendors.id), eq(games.code, gameRounds.gameCode)))
      .where(eq(gameRounds.memberId, memberId))
      .orderBy(desc(gameRounds.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(gameRounds).where(eq(gameRounds.memberId, memberId)),
  ]);
  const awards = await jackpotAwardsOf(
    db,
    rows.map(({ round }) => ({ provider: round.provider, roundId: round.roundId })),
  );
  return {
    list: rows.map(({ round, game }) => ({
      roundId: round.roundId,
      gameCode: round.gameCode,
      gameNameKo: game?.nameKo ?? round.gameCode,
      gameNameEn: game?.nameEn ?? round.gameCode,
      vendor: round.vendorCode,
      stake: round.totalBet,
      win: round.totalWin + (awards.get(`${round.provider}:${round.roundId}`) ?? 0),
      status: round.status,
      openedAt: round.openedAt.toISOString(),
      closedAt: round.closedAt?.toISOString() ?? null,
    })),
    maxCount: total?.n ?? 0,
  };
}

/**
 * Back office: game rounds still waiting for their win, oldest first, each with its member's currency
 * (their site's: the list holds every site's rounds, and a baht stake is not a won one). An open sports
 * bet is not an unfinished round (it waits for its event by design): those are at the sportsbook's desk.
 */
export async function openRounds(db: Db, limit = 100) {
  const rows = await db
    .select({ round: gameRounds })
    .from(openGameRounds)
    .innerJoin(gameRounds, eq(gameRounds.id, openGameRounds.gameRoundId))
    .where(ne(gameRounds.category, 'sport'))
    .orderBy(asc(openGameRounds.gameRoundId))
    .limit(limit);
  const currencies = await memberCurrencies(db, [...new Set(rows.map((row) => row.round.memberId))]);
  return rows.map(({ round }) => ({ ...round, currency: currencies.get(round.memberId) ?? '' }));
}
