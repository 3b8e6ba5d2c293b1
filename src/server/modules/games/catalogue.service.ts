import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { games, gameVendors, type VendorCategory } from './games.schema.ts';

export type Vendor = typeof gameVendors.$inferSelect;
export type Game = typeof games.$inferSelect;

export async function listVendors(db: Db, category: VendorCategory): Promise<Vendor[]> {
  return db
    .select()
    .from(gameVendors)
    .where(eq(gameVendors.category, category))
    .orderBy(asc(gameVendors.sortOrder), asc(gameVendors.id));
}

/** Casino tiles open their table directly: the tile's code is the vendor's first game. */
export async function casinoEntries(db: Db) {
  const vendors = await listVendors(db, 'casino');
  const rows = await db.select().from(games).orderBy(asc(games.sortOrder), asc(games.id));
  return vendors.map((v) => ({
    code: rows.find((g) => g.vendorId === v.id)?.code ?? v.code,
    gameCompany: v.code,
    nameKo: v.nameKo,
    nameEn: v.nameEn,
    used: v.used,
    imgUrl: v.imgUrl,
    maintenance: v.maintenance,
  }));
}

export const vendorEntry = (v: Vendor) => ({
  code: v.code,
  nameKo: v.nameKo,
  nameEn: v.nameEn,
  used: v.used,
  imgUrl: v.imgUrl,
  maintenance: v.maintenance,
});

const gameEntry = (g: Game, v: Vendor) => ({
  code: g.code,
  gameCompany: v.code,
  nameKo: g.nameKo,
  nameEn: g.nameEn,
  imgUrl: g.imgUrl,
  used: g.used === 'y' && v.used === 'y' ? 'y' : 'n',
  category: v.category,
  /** Its vendor is under maintenance: the tile says so before the click. */
  maintenance: v.maintenance,
  jackpot: g.jackpot,
  releasedOn: g.releasedOn,
});

export async function gamesOfVendor(db: Db, vendorCode: string) {
  const rows = await db
    .select({ game: games, vendor: gameVendors })
    .from(games)
    .innerJoin(gameVendors, eq(games.vendorId, gameVendors.id))
    .where(eq(gameVendors.code, vendorCode))
    .orderBy(asc(games.sortOrder), asc(games.id));
  return rows.map((r) => gameEntry(r.game, r.vendor));
}

/** Every enabled game of every enabled vendor: the lobby. */
export async function lobbyGames(db: Db) {
  const rows = await db
    .select({ game: games, vendor: gameVendors })
    .from(games)
    .innerJoin(gameVendors, eq(games.vendorId, gameVendors.id))
    .where(and(eq(games.used, 'y'), eq(gameVendors.used, 'y')))
    .orderBy(asc(gameVendors.category), asc(gameVendors.sortOrder), asc(games.sortOrder), asc(games.id));
  return rows.map((r) => gameEntry(r.game, r.vendor));
}

export async function findGame(db: Db, vendorCode: string, gameCode: string) {
  const [row] = await db
    .select({ game: games, vendor: gameVendors })
    .from(games)
    .innerJoin(gameVendors, eq(games.vendorId, gameVendors.id))
    .where(and(eq(gameVendors.code, vendorCode), eq(games.code, gameCode)));
  return row;
}

/**
 * A vendor named by its code or its English name (the older front ends send either, in any case):
 * its code, or what was given when no vendor matches (the caller then answers "no such vendor").
 */
export async function vendorCodeFor(db: Db, company: string): Promise<string> {
  const [vendor] = await db
    .select({ code: gameVendors.code })
    .from(gameVendors)
    .where(or(eq(gameVendors.code, company), sql`lower(${gameVendors.nameEn}) = lower(${company})`))
    .orderBy(sql`${gameVendors.code} = ${company} desc`, asc(gameVendors.id))
    .limit(1);
  return vendor?.code ?? company;
}

/** The game a vendor's lobby opens: its first game (a casino vendor's table, a slot vendor's first slot). */
export async function lobbyGameOf(db: Db, vendorCode: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: games.code })
    .from(games)
    .innerJoin(gameVendors, eq(games.vendorId, gameVendors.id))
    .where(eq(gameVendors.code, vendorCode))
    .orderBy(asc(games.sortOrder), asc(games.id))
    .limit(1);
  return row?.code;
}

/** The English name of a vendor or of a game (any vendor's) by its code, for its tile's artwork. */
export async function catalogueTitle(
  db: Db,
  kind: 'vendor' | 'game',
  code: string,
): Promise<string | undefined> {
  const rows =
    kind === 'vendor'
      ? await db.select({ n: gameVendors.nameEn }).from(gameVendors).where(eq(gameVendors.code, code))
      : await db.select({ n: games.nameEn }).from(games).where(eq(games.code, code)).limit(1);
  return rows[0]?.n;
}

export type Playability = 'playable' | 'disabled' | 'maintenance';

/**
 * Whether a provider's game may be played now, in demo as for money: enabled under an enabled vendor
 * (else `disabled`, msg2002) whose vendor is not under maintenance (else `maintenance`, msg2218). A
 * game code under several vendors is playable when any of them offers it.
 */
export async function playabilityOf(db: Db, provider: string, gameCode: string): Promise<Playability> {
  const rows = await db
    .select({ used: games.used, vendorUsed: gameVendors.used, maintenance: gameVendors.maintenance })
    .from(games)
    .innerJoin(gameVendors, eq(games.vendorId, gameVendors.id))
    .where(and(eq(gameVendors.provider, provider), eq(games.code, gameCode)));
  const enabled = rows.filter((r) => r.used === 'y' && r.vendorUsed === 'y');
  if (enabled.some((r) => !r.maintenance)) return 'playable';
  return enabled.length > 0 ? 'maintenance' : 'disabled';
}

/** The vendor (its `company` code for open-game) a provider's game is listed under, if it is listed. */
export async function vendorOfGame(
  db: DbOrTx,
  provider: string,
  gameCode: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ code: gameVendors.code })
    .from(games)
    .innerJoin(gameVendors, eq(games.vendorId, gameVendors.id))
    .where(and(eq(gameVendors.provider, provider), eq(games.code, gameCode)))
    .limit(1);
  return row?.code;
}
