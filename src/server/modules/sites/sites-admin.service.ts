import { and, arrayOverlaps, asc, eq, ne, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { type SiteSettings, sites } from './sites.schema.ts';

/** Any fixed number: site edits take turns, so two sites can never claim one domain. */
const SITES_LOCK = 727_003;

export type SiteRow = typeof sites.$inferSelect;

/** The currencies the sites use, in order: money is only ever counted or limited in one of them. */
export async function siteCurrencies(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ currency: sites.currency }).from(sites).orderBy(asc(sites.currency));
  return rows.map((r) => r.currency);
}

/** Where a site's "today" and "this month" start at a moment: its local day and month's first day (ISO dates). */
export interface SiteDay {
  siteId: number;
  today: string;
  month: string;
}

/** Each site's day and month at `now`, in its time zone (site_time_zone), as its members' limits and play days count them. */
export async function siteDays(db: DbOrTx, now: Date): Promise<SiteDay[]> {
  return queryRows<SiteDay>(
    db,
    sql`select s.id as "siteId", local.day::text as today, date_trunc('month', local.day)::date::text as month
        from sites s
        cross join lateral (
          select (${now.toISOString()}::timestamptz at time zone site_time_zone(s.settings))::date as day) local
        order by s.id`,
  );
}

/** A site's new currency (the caller has checked it has no members; the database checks it too). */
export async function setSiteCurrency(db: DbOrTx, id: number, currency: string): Promise<void> {
  await db.update(sites).set({ currency }).where(eq(sites.id, id));
}

export async function listSites(db: DbOrTx): Promise<SiteRow[]> {
  return db.select().from(sites).orderBy(asc(sites.id));
}

export async function findSite(db: DbOrTx, id: number): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id)).for('update');
  return row;
}

/** Refuses a site id that names no site (404), before a row refers to it. */
export async function assertSiteExists(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id));
  if (!row) throw errors.notFound(`site ${id}`);
}

/** Locks site edits for the transaction and refuses domains another site already answers to. */
async function assertDomainsFree(tx: DbOrTx, domains: string[], exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SITES_LOCK})`);
  if (domains.length === 0) return;
  const [taken] = await tx
    .select({ code: sites.code, domains: sites.domains })
    .from(sites)
    .where(and(arrayOverlaps(sites.domains, domains), exceptId ? ne(sites.id, exceptId) : undefined));
  if (taken) {
    const clash = domains.filter((d) => taken.domains.includes(d));
    throw errors.conflict(`${clash.join(', ')} already belongs to ${taken.code}`);
  }
}

export async function createSite(tx: DbOrTx, input: { code: string; name: string; domains: string[] }) {
  await assertDomainsFree(tx, input.domains);
  const [row] = await tx.insert(sites).values(input).onConflictDoNothing().returning();
  if (!row) throw errors.conflict(`a site with code ${input.code} exists`);
  return row;
}

export interface SitePatch {
  name?: string | undefined;
  domains?: string[] | undefined;
}

/** Renames a site or replaces its domains. Undefined when there is no such site. */
export async function updateSite(tx: DbOrTx, id: number, patch: SitePatch) {
  if (patch.domains) await assertDomainsFree(tx, patch.domains, id);
  const before = await findSite(tx, id);
  if (!before) return undefined;
  const [after] = await tx
    .update(sites)
    .set({ name: patch.name ?? before.name, domains: patch.domains ?? before.domains })
    .where(eq(sites.id, id))
    .returning();
  return { before, after: after! };
}

/**
 * Changes part of a site's settings under a row lock, so two operators editing different parts
 * (hours and comp, say) never undo each other. Undefined when there is no such site.
 */
export async function updateSiteSettings(
  tx: DbOrTx,
  id: number,
  change: (settings: SiteSettings) => SiteSettings,
): Promise<{ before: SiteSettings; after: SiteSettings } | undefined> {
  const site = await findSite(tx, id);
  if (!site) return undefined;
  const after = change(site.settings);
  await tx.update(sites).set({ settings: after }).where(eq(sites.id, id));
  return { before: site.settings, after };
}

/**
 * The database's own spelling of a time zone (Asia/Bangkok for asia/bangkok), or undefined when its zone
 * data lacks it: the limits' days and the cashback periods are cut in SQL (site_time_zone), where an
 * unknown zone fails every statement that reads it, a bet or a deposit among them.
 */
export async function databaseTimeZone(db: DbOrTx, name: string): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from pg_timezone_names where lower(name) = lower(${name}) order by name = ${name} desc limit 1`,
  );
  return row?.name;
}
