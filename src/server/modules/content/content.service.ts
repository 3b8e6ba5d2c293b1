import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inLanguage, type Translations } from '../../../shared/content-language.ts';
import type { Locale } from '../../../shared/format.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Site } from '../sites/sites.service.ts';
import { type BannerType, banners, notices, popups } from './content.schema.ts';
import { requestHosts, targetsHosts } from './domain-targeting.ts';
import { sanitizeOperatorHtml } from './sanitize.ts';

interface Where {
  site: Site;
  hostname: string;
  /** The reader's language: each row in it where written, else in the site's default language. */
  locale?: Locale;
}

/** SQL: a scheduled row is live from its start (inclusive) to its end (exclusive); null bounds are open. */
function withinSchedule(startsAt: PgColumn, endsAt: PgColumn, now: Date): SQL {
  return and(or(isNull(startsAt), lte(startsAt, now)), or(isNull(endsAt), gt(endsAt, now)))!;
}

export async function listNotices(
  db: Db,
  { site, hostname, locale }: Where,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const where = and(
    eq(notices.published, true),
    withinSchedule(notices.startsAt, notices.endsAt, new Date()),
    targetsHosts(notices.domain, requestHosts(site, hostname)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return {
    notices: rows.map((n) => ({
      id: n.id,
      ...inLanguage({ title: n.title, contents: n.contents }, n.translations, locale),
      lastDate: n.updatedAt.toISOString(),
      domain: n.domain,
    })),
    maxCount: total?.n ?? 0,
  };
}

/** Popups active now on this site, in creation order. */
export async function activePopups(db: Db, { site, hostname, locale }: Where) {
  const now = new Date();
  const rows = await db
    .select()
    .from(popups)
    .where(
      and(
        eq(popups.active, true),
        withinSchedule(popups.startsAt, popups.endsAt, now),
        targetsHosts(popups.domain, requestHosts(site, hostname)),
      ),
    )
    .orderBy(asc(popups.id));
  return rows.map((p) => ({
    id: p.id,
    ...inLanguage({ title: p.title, contents: p.contents }, p.translations, locale),
    titleColor: p.titleColor,
    posX: p.posX,
    posY: p.posY,
    domain: p.domain,
  }));
}

export async function activeBanners(db: Db, { site, hostname, locale }: Where, type: BannerType) {
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.type, type),
        eq(banners.active, true),
        withinSchedule(banners.startsAt, banners.endsAt, new Date()),
        targetsHosts(banners.domain, requestHosts(site, hostname)),
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map((b) => ({
    id: b.id,
    type: b.type,
    ...inLanguage({ title: b.title, text: b.text }, b.translations, locale),
    imageUrl: b.imageUrl,
    linkUrl: b.linkUrl,
    amount: b.amount,
  }));
}

/** What a notice and a popup both hold: HTML contents, shown to the hosts of `domain` in a schedule. */
interface HtmlContentInput {
  title: string;
  translations?: Translations;
  contents: string;
  domain?: string;
  startsAt?: Date | null;
  endsAt?: Date | null;
}

/** The input with its HTML through the allow-list: pages render notices and popups as HTML. */
const withSafeHtml = <T extends HtmlContentInput>(input: T): T => ({
  ...input,
  contents: sanitizeOperatorHtml(input.contents),
});

export interface NoticeInput extends HtmlContentInput {
  published?: boolean;
}

/** Operator: a notice. */
export async function createNotice(db: DbOrTx, input: NoticeInput) {
  const [row] = await db.insert(notices).values(withSafeHtml(input)).returning();
  return row!;
}

export interface PopupInput extends HtmlContentInput {
  titleColor?: string;
  posX?: number;
  posY?: number;
  active?: boolean;
}

/** Operator: a popup. */
export async function createPopup(db: DbOrTx, input: PopupInput) {
  const [row] = await db.insert(popups).values(withSafeHtml(input)).returning();
  return row!;
}

export async function createBanner(db: DbOrTx, input: typeof banners.$inferInsert) {
  const [row] = await db.insert(banners).values(input).returning();
  return row!;
}
