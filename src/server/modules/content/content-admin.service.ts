import { desc, eq } from 'drizzle-orm';
import type { Translations } from '../../../shared/content-language.ts';
import { CONTENT_KINDS, type ContentKind, type ContentState } from '../../../shared/vocabulary.ts';
import type { DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { siteDomains } from '../sites/sites.service.ts';
import { type BannerType, banners, notices, popups } from './content.schema.ts';
import { createBanner, createNotice, createPopup } from './content.service.ts';
import { parseDomainList } from './domain-targeting.ts';
import { sanitizeOperatorHtml } from './sanitize.ts';

/**
 * The back office's view of notices, popups and banners. Every kind speaks of `published` (the
 * notices' column, the popups' and banners' `active`) so one screen serves all three.
 */
export { CONTENT_KINDS, type ContentKind, type ContentState };

interface Schedule {
  translations?: Translations;
  domain?: string;
  published?: boolean;
  startsAt?: Date | null;
  endsAt?: Date | null;
}
export interface NoticeFields extends Schedule {
  title: string;
  contents: string;
}
export interface PopupFields extends Schedule {
  title: string;
  contents: string;
  titleColor?: string;
  posX?: number;
  posY?: number;
}
export interface BannerFields extends Schedule {
  type: BannerType;
  title: string;
  text?: string;
  imageUrl?: string | null;
  linkUrl?: string | null;
  amount?: number | null;
  sortOrder?: number;
}
export type ContentFields = { notice: NoticeFields; popup: PopupFields; banner: BannerFields };

function stateOf(
  published: boolean,
  startsAt: Date | null,
  endsAt: Date | null,
  now = new Date(),
): ContentState {
  if (!published) return 'unpublished';
  if (startsAt && startsAt > now) return 'scheduled';
  if (endsAt && endsAt <= now) return 'ended';
  return 'live';
}

const noticeView = (n: typeof notices.$inferSelect) => ({
  kind: 'notice' as const,
  id: n.id,
  title: n.title,
  contents: n.contents,
  domain: n.domain,
  published: n.published,
  startsAt: n.startsAt,
  endsAt: n.endsAt,
  state: stateOf(n.published, n.startsAt, n.endsAt),
  createdAt: n.createdAt,
  translations: n.translations,
  updatedAt: n.updatedAt,
});

const popupView = (p: typeof popups.$inferSelect) => ({
  kind: 'popup' as const,
  id: p.id,
  title: p.title,
  titleColor: p.titleColor,
  contents: p.contents,
  posX: p.posX,
  posY: p.posY,
  domain: p.domain,
  published: p.active,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  state: stateOf(p.active, p.startsAt, p.endsAt),
  createdAt: p.createdAt,
  translations: p.translations,
});

const bannerView = (b: typeof banners.$inferSelect) => ({
  kind: 'banner' as const,
  id: b.id,
  type: b.type,
  title: b.title,
  text: b.text,
  imageUrl: b.imageUrl,
  linkUrl: b.linkUrl,
  amount: b.amount,
  sortOrder: b.sortOrder,
  domain: b.domain,
  published: b.active,
  startsAt: b.startsAt,
  endsAt: b.endsAt,
  state: stateOf(b.active, b.startsAt, b.endsAt),
  createdAt: b.createdAt,
  translations: b.translations,
});

export type ContentItem =
  | ReturnType<typeof noticeView>
  | ReturnType<typeof popupView>
  | ReturnType<typeof bannerView>;

const LIST_LIMIT = 500;

/** Every item of a kind, published or not, newest first. */
export async function listContent(db: DbOrTx, kind: ContentKind): Promise<ContentItem[]> {
  if (kind === 'notice')
    return (await db.select().from(notices).orderBy(desc(notices.id)).limit(LIST_LIMIT)).map(noticeView);
  if (kind === 'popup')
    return (await db.select().from(popups).orderBy(desc(popups.id)).limit(LIST_LIMIT)).map(popupView);
  return (await db.select().from(banners).orderBy(desc(banners.id)).limit(LIST_LIMIT)).map(bannerView);
}

export async function findContent(
  db: DbOrTx,
  kind: ContentKind,
  id: number,
): Promise<ContentItem | undefined> {
  if (kind === 'notice') {
    const [row] = await db.select().from(notices).where(eq(notices.id, id)).for('update');
    return row && noticeView(row);
  }
  if (kind === 'popup') {
    const [row] = await db.select().from(popups).where(eq(popups.id, id)).for('update');
    return row && popupView(row);
  }
  const [row] = await db.select().from(banners).where(eq(banners.id, id)).for('update');
  return row && bannerView(row);
}

/** An end before the start would hide the item for ever: refused, on create and on any edit. */
function assertSchedule(startsAt: Date | null | undefined, endsAt: Date | null | undefined) {
  if (startsAt && endsAt && endsAt <= startsAt) throw errors.invalid('endsAt must be after startsAt');
}

/** Each language's HTML goes through the same allow-list as the default language's; empty texts are dropped. */
export function cleanTranslations(translations: Translations | undefined): Translations | undefined {
  if (!translations) return undefined;
  const out: Translations = {};
  for (const [locale, t] of Object.entries(translations) as [
    keyof Translations,
    Translations[keyof Translations],
  ][]) {
    if (!t) continue;
    const kept = Object.fromEntries(
      Object.entries(t).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
    );
    if (typeof kept.contents === 'string') kept.contents = sanitizeOperatorHtml(kept.contents);
    if (Object.keys(kept).length) out[locale] = kept;
  }
  return out;
}

/** Drops keys whose value is undefined, so a partial edit leaves the other columns alone. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A `domain` names only hosts some site answers on: a typo (or a site's old domain) would leave the
 * item shown nowhere, with nothing telling the operator. Empty means every site.
 */
async function assertKnownDomains(tx: DbOrTx, domain: string | undefined) {
  const wanted = parseDomainList(domain ?? '');
  if (wanted.length === 0) return;
  const known = await siteDomains(tx);
  const unknown = wanted.filter((d) => !known.has(d));
  if (unknown.length > 0) throw errors.invalid(`no site answers on ${unknown.join(', ')}`);
}

export async function createContent<K extends ContentKind>(
  tx: DbOrTx,
  kind: K,
  fields: ContentFields[K],
): Promise<ContentItem> {
  assertSchedule(fields.startsAt, fields.endsAt);
  await assertKnownDomains(tx, fields.domain);
  const translations = cleanTranslations(fields.translations);
  if (kind === 'notice')
    return noticeView(await createNotice(tx, { ...(fields as NoticeFields), translations }));
  if (kind === 'popup') {
    const { published, ...rest } = fields as PopupFields;
    return popupView(await createPopup(tx, { ...rest, translations, active: published }));
  }
  const { published, ...rest } = fields as BannerFields;
  return bannerView(
    await createBanner(
      tx,
      defined({ ...rest, translations, active: published }) as typeof banners.$inferInsert,
    ),
  );
}

/** A partial edit; HTML goes through the same allow-list as on create. Undefined when no such id. */
export async function updateContent<K extends ContentKind>(
  tx: DbOrTx,
  kind: K,
  id: number,
  patch: Partial<ContentFields[K]>,
): Promise<{ before: ContentItem; after: ContentItem } | undefined> {
  const before = await findContent(tx, kind, id);
  if (!before) return undefined;
  assertSchedule(
    patch.startsAt === undefined ? before.startsAt : patch.startsAt,
    patch.endsAt === undefined ? before.endsAt : patch.endsAt,
  );
  await assertKnownDomains(tx, patch.domain);
  const { published, translations: asGiven, ...fields } = patch;
  const rest = { ...fields, translations: cleanTranslations(asGiven) };
  const html = (rest as { contents?: string }).contents;
  const contents = html === undefined ? undefined : sanitizeOperatorHtml(html);
  if (kind === 'notice') {
    const [row] = await tx
      .update(notices)
      .set(defined({ ...rest, contents, published, updatedAt: new Date() }))
      .where(eq(notices.id, id))
      .returning();
    return { before, after: noticeView(row!) };
  }
  if (kind === 'popup') {
    const [row] = await tx
      .update(popups)
      .set(defined({ ...rest, contents, active: published }))
      .where(eq(popups.id, id))
      .returning();
    return { before, after: popupView(row!) };
  }
  const [row] = await tx
    .update(banners)
    .set(defined({ ...rest, active: published }))
    .where(eq(banners.id, id))
    .returning();
  return { before, after: bannerView(row!) };
}

/** Removes an item for good (unpublishing keeps it); the caller's audit entry keeps its last state. */
export async function deleteContent(
  tx: DbOrTx,
  kind: ContentKind,
  id: number,
): Promise<ContentItem | undefined> {
  const before = await findContent(tx, kind, id);
  if (!before) return undefined;
  const table = kind === 'notice' ? notices : kind === 'popup' ? popups : banners;
  await tx.delete(table).where(eq(table.id, id));
  return before;
}
