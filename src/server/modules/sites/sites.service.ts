import { asc, eq } from 'drizzle-orm';
import { banksFor } from '../../../shared/banks.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { siteCashRules, siteCompMinimum } from './site-money.ts';
import { siteLocale, siteTableRules, siteTimeZone } from './site-settings.ts';
import { type SiteSettings, sites, type TableRules } from './sites.schema.ts';

export interface Site {
  id: number;
  code: string;
  name: string;
  domains: string[];
  isDefault: boolean;
  /** ISO 4217: the currency of the site's members' accounts. */
  currency: string;
  settings: SiteSettings;
}

/** Sites change rarely and are read on every request: keep them in memory for a few seconds. */
const CACHE_MS = 10_000;

export interface SiteResolver {
  resolve(hostname: string): Promise<Site>;
  /** Drop the cache after an operator edits sites. */
  invalidate(): void;
}

export function createSiteResolver(db: Db): SiteResolver {
  let cached: { at: number; all: Site[] } | undefined;

  async function load(): Promise<Site[]> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.all;
    const all = await db.select().from(sites).orderBy(asc(sites.id));
    cached = { at: Date.now(), all };
    return all;
  }

  return {
    async resolve(hostname) {
      const host = hostname.toLowerCase();
      const all = await load();
      const site = all.find((s) => s.domains.includes(host)) ?? all.find((s) => s.isDefault) ?? all[0];
      if (!site) throw new Error('no site configured: the database has no sites row');
      return site;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

/** One site's name and settings, by id (a member's own site, away from a request on it). */
export async function siteById(db: DbOrTx, id: number): Promise<Pick<Site, 'name' | 'settings'> | undefined> {
  const [row] = await db
    .select({ name: sites.name, settings: sites.settings })
    .from(sites)
    .where(eq(sites.id, id));
  return row;
}

/** Every host some site answers on (lower-case, as stored). */
export async function siteDomains(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ domains: sites.domains }).from(sites);
  return new Set(rows.flatMap((row) => row.domains));
}

export const DEFAULT_MIN_AGE = 18;
export const DEFAULT_TERMS_VERSION = '1';

/** What registration asks for on this site (issue 32). */
export function registrationRules(site: Site) {
  const recoveryChannel = site.settings.recoveryChannel ?? 'sms';
  return {
    recoveryChannel,
    emailRequired: recoveryChannel === 'email',
    minAge: site.settings.minAge ?? DEFAULT_MIN_AGE,
    /** Whose midnight a birthday begins at (the minimum age). */
    timezone: siteTimeZone(site.settings),
    termsVersion: site.settings.termsVersion || DEFAULT_TERMS_VERSION,
    banks: [...banksFor(site.settings.banks, site.currency)],
  };
}

export function siteSummary(site: Site) {
  return {
    code: site.code,
    name: site.name,
    registrationOpen: site.settings.registrationOpen ?? true,
    referralRequired: site.settings.referralRequired ?? false,
    messengerLinks: (site.settings.messengerLinks ?? []).filter((l) => /^https:\/\//.test(l.url)).slice(0, 2),
    currency: site.currency,
    lang: siteLocale(site.settings),
    timezone: siteTimeZone(site.settings),
    cash: siteCashRules(site),
    compMinimum: siteCompMinimum(site),
  };
}

/** Each site's own setting of how long an unpaid card or coin payment stays open, where it sets one. */
export async function paymentSessionMinutesBySite(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: sites.id, settings: sites.settings }).from(sites);
  const minutes = new Map<number, number>();
  for (const row of rows) {
    const value = row.settings.paymentSessionMinutes;
    if (typeof value === 'number' && value > 0) minutes.set(row.id, value);
  }
  return minutes;
}

/** The tables' rules of one site's members (the wallet's authenticate answer carries them to a provider). */
export async function tableRulesOfSite(db: Db, siteId: number, install: TableRules): Promise<TableRules> {
  const [row] = await db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId));
  return siteTableRules(row?.settings ?? {}, install);
}
