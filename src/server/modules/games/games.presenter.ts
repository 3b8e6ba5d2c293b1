import type { gameRounds, games, gameVendors } from './games.schema.ts';

/** Rows of the games tables as the back office's replies: field by field. */

/** A vendor with every one of its games, enabled or not. */
export const adminVendorView = (
  v: typeof gameVendors.$inferSelect,
  vendorGames: (typeof games.$inferSelect)[],
) => ({
  id: v.id,
  code: v.code,
  category: v.category,
  provider: v.provider,
  nameKo: v.nameKo,
  nameEn: v.nameEn,
  used: v.used,
  maintenance: v.maintenance,
  imgUrl: v.imgUrl,
  sortOrder: v.sortOrder,
  games: vendorGames.map((g) => ({
    id: g.id,
    code: g.code,
    nameKo: g.nameKo,
    nameEn: g.nameEn,
    imgUrl: g.imgUrl,
    used: g.used,
    sortOrder: g.sortOrder,
  })),
});

/** A round still waiting for its win. */
export const openRoundView = (r: typeof gameRounds.$inferSelect & { currency: string }) => ({
  id: r.id,
  provider: r.provider,
  roundId: r.roundId,
  memberId: r.memberId,
  vendorCode: r.vendorCode,
  gameCode: r.gameCode,
  category: r.category,
  status: r.status,
  totalBet: r.totalBet,
  totalWin: r.totalWin,
  currency: r.currency,
  openedAt: r.openedAt,
});
