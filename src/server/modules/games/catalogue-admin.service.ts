import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminVendorView } from './games.presenter.ts';
import { games, gameVendors, type VendorCategory } from './games.schema.ts';

/** The back office's catalogue: every vendor of a category (or all) with every game, enabled or not. */
export async function adminCatalogue(db: DbOrTx, category?: VendorCategory) {
  const vendors = await db
    .select()
    .from(gameVendors)
    .where(category ? eq(gameVendors.category, category) : undefined)
    .orderBy(asc(gameVendors.category), asc(gameVendors.sortOrder), asc(gameVendors.id));
  const rows = await db.select().from(games).orderBy(asc(games.sortOrder), asc(games.id));
  return vendors.map((v) =>
    adminVendorView(
      v,
      rows.filter((g) => g.vendorId === v.id),
    ),
  );
}

export interface VendorPatch {
  used?: 'y' | 'n';
  maintenance?: boolean;
  sortOrder?: number;
  imgUrl?: string;
}

const vendorFields = (v: typeof gameVendors.$inferSelect) => ({
  used: v.used,
  maintenance: v.maintenance,
  sortOrder: v.sortOrder,
  imgUrl: v.imgUrl,
});

/** Undefined when there is no such vendor. */
export async function updateVendor(tx: DbOrTx, code: string, patch: VendorPatch) {
  const [before] = await tx.select().from(gameVendors).where(eq(gameVendors.code, code)).for('update');
  if (!before) return undefined;
  const [after] = await tx.update(gameVendors).set(patch).where(eq(gameVendors.code, code)).returning();
  return { before: vendorFields(before), after: vendorFields(after!) };
}

export interface GamePatch {
  used?: 'y' | 'n';
  sortOrder?: number;
  imgUrl?: string;
}

const gameFields = (g: typeof games.$inferSelect) => ({
  code: g.code,
  used: g.used,
  sortOrder: g.sortOrder,
  imgUrl: g.imgUrl,
});

/** Undefined when there is no such game. */
export async function updateGame(tx: DbOrTx, id: number, patch: GamePatch) {
  const [before] = await tx.select().from(games).where(eq(games.id, id)).for('update');
  if (!before) return undefined;
  const [after] = await tx.update(games).set(patch).where(eq(games.id, id)).returning();
  return { before: gameFields(before), after: gameFields(after!) };
}
