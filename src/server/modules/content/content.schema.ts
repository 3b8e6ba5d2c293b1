import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Translations } from '../../../shared/content-language.ts';
import { BANNER_TYPES, type BannerType } from '../../../shared/vocabulary.ts';
import { createdAtColumn, idColumn, int8, timestamptz, updatedAtColumn } from '../../db/columns.ts';

/** `domain`: sites a row shows on, separated by comma, bar or space; empty means every site. */
export const notices = pgTable('notices', {
  id: idColumn(),
  title: text('title').notNull(),
  contents: text('contents').notNull(),
  /** The other languages' versions; the row's own fields are the site's default language. */
  translations: jsonb('translations').$type<Translations>().notNull().default({}),
  domain: text('domain').notNull().default(''),
  published: boolean('published').notNull().default(true),
  /** Shown to members only from `startsAt` (inclusive) until `endsAt` (exclusive); null is open-ended. */
  startsAt: timestamptz('starts_at'),
  endsAt: timestamptz('ends_at'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** Operator popups; `contents` is HTML already sanitised on the way in. */
export const popups = pgTable('popups', {
  id: idColumn(),
  title: text('title').notNull(),
  titleColor: text('title_color').notNull().default('#ffffff'),
  contents: text('contents').notNull(),
  posX: integer('pos_x').notNull().default(40),
  posY: integer('pos_y').notNull().default(80),
  /** The other languages' versions; the row's own fields are the site's default language. */
  translations: jsonb('translations').$type<Translations>().notNull().default({}),
  domain: text('domain').notNull().default(''),
  active: boolean('active').notNull().default(true),
  startsAt: timestamptz('starts_at'),
  endsAt: timestamptz('ends_at'),
  createdAt: createdAtColumn(),
});

export { BANNER_TYPES, type BannerType };

/** Home banners and the jackpot banner (text plus an amount the odometer counts up to). */
export const banners = pgTable('banners', {
  id: idColumn(),
  type: text('type', { enum: BANNER_TYPES }).notNull(),
  title: text('title').notNull(),
  text: text('text').notNull().default(''),
  imageUrl: text('image_url'),
  linkUrl: text('link_url'),
  amount: int8('amount'),
  /** The other languages' versions; the row's own fields are the site's default language. */
  translations: jsonb('translations').$type<Translations>().notNull().default({}),
  domain: text('domain').notNull().default(''),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  startsAt: timestamptz('starts_at'),
  endsAt: timestamptz('ends_at'),
  createdAt: createdAtColumn(),
});
