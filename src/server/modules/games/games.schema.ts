import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const VENDOR_CATEGORIES = ['casino', 'slot', 'sport'] as const;
export type VendorCategory = (typeof VENDOR_CATEGORIES)[number];

/** A game vendor (a "company" in the product's words) shown as a tile on the home page. */
export const gameVendors = pgTable(
  'game_vendors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    category: text('category', { enum: VENDOR_CATEGORIES }).notNull(),
    /** Which provider adapter launches its games ('house' is the built-in provider). */
    provider: text('provider').notNull(),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    /** 'y' means enabled, as the product spells it. */
    used: text('used').notNull().default('y'),
    maintenance: boolean('maintenance').notNull().default(false),
    imgUrl: text('img_url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('game_vendors_code').on(t.code),
    check('game_vendors_category', sql`${t.category} in ('casino', 'slot', 'sport')`),
  ],
);

export const games = pgTable(
  'games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendorId: bigint('vendor_id', { mode: 'number' })
      .notNull()
      .references(() => gameVendors.id),
    code: text('code').notNull(),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    imgUrl: text('img_url').notNull(),
    used: text('used').notNull().default('y'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('games_vendor_code').on(t.vendorId, t.code)],
);
