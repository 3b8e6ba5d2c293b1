import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/format.ts';
import { DEFAULT_TIME_ZONE } from '../../db/constants.ts';
import type { CashierWindow, SiteSettings, TableRules } from './sites.schema.ts';

/**
 * A site's time zone: its setting, or DEFAULT_TIME_ZONE when unset or empty. site_time_zone
 * (sql/site_time_zone.sql) is the same rule for the SQL functions (limit periods, play days).
 */
export const siteTimeZone = (settings: Pick<SiteSettings, 'timezone'>): string =>
  settings.timezone || DEFAULT_TIME_ZONE;

/** The language a first-time visitor of the site gets: its setting, else the product's default (th). */
export const siteLocale = (settings: Pick<SiteSettings, 'lang'>): Locale =>
  isLocale(settings.lang) ? settings.lang : DEFAULT_LOCALE;

/** A change to one desk's window: hours both or neither; null for both removes them. */
export interface WindowPatch {
  locked?: boolean | undefined;
  open?: string | null | undefined;
  close?: string | null | undefined;
}

export function mergeWindow(current: CashierWindow | undefined, patch: WindowPatch): CashierWindow {
  const next: CashierWindow = { ...current };
  if (patch.locked !== undefined) next.locked = patch.locked;
  if (patch.open === null) {
    delete next.open;
    delete next.close;
  } else if (patch.open !== undefined && patch.close) {
    next.open = patch.open;
    next.close = patch.close;
  }
  return next;
}

/** An empty name removes it: the level shows its number again. */
export const withoutEmptyNames = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).filter(([, name]) => name !== ''));

/** The levels screen: each level's name, member count and comp rates. */
export function levelRows(settings: SiteSettings, counts: Map<number, number>, maxLevel: number) {
  return Array.from({ length: maxLevel }, (_, i) => String(i + 1)).map((level) => ({
    level: Number(level),
    name: settings.levelNames?.[level] ?? null,
    members: counts.get(Number(level)) ?? 0,
    compRates: settings.comp?.rates?.[level] ?? {},
  }));
}

/** The tables' rules a site's members play by: the site's own choice, else the install's (config). */
export const siteTableRules = (settings: Pick<SiteSettings, 'tables'>, install: TableRules): TableRules => ({
  laPartage: settings.tables?.laPartage ?? install.laPartage,
  dealerHitsSoft17: settings.tables?.dealerHitsSoft17 ?? install.dealerHitsSoft17,
});
