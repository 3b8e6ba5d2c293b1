import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/format.ts';
import type { KycLevel, OpenBetsOnProtection } from '../../../shared/vocabulary.ts';
import { createdAtColumn, idColumn, int8, timestamptz } from '../../db/columns.ts';

/** When a cashier desk takes requests: `locked` closes it; open/close are local 'HH:MM' (overnight allowed). */
export interface CashierWindow {
  locked?: boolean;
  open?: string;
  close?: string;
}

/** Comp (rolling) rules: basis points of stake per member level and game category. */
export interface CompSettings {
  /** The least comp a member may exchange, in major units of the site's currency (site-money.ts). */
  minExchange?: number;
  rates?: Record<string, Partial<Record<'casino' | 'slot' | 'sport', number>>>;
}

/** Per-brand settings an operator can change; every field optional so old rows stay valid. */
export interface SiteSettings {
  registrationOpen?: boolean;
  referralRequired?: boolean;
  messengerLinks?: { label: string; url: string }[];
  /** IANA time zone of the site's days (cashier hours, limits, reports) and of the times members see. */
  timezone?: string;
  /** The language a first-time visitor gets (th when unset); a visitor's own choice wins. */
  lang?: Locale;
  deposit?: CashierWindow;
  withdraw?: CashierWindow;
  /** Minutes before an unpaid card or coin payment session expires by itself (default 30). */
  paymentSessionMinutes?: number;
  comp?: CompSettings;
  /**
   * Deposit and withdrawal amounts in major units of the site's currency: at least `minimum`, in steps
   * of `step` (each 10,000 when unset: the spec's numbers, today's rule on a KRW site).
   */
  cash?: { minimum?: number; step?: number };
  /**
   * Coin deposits: the coin, its network and its price in minor units of the site currency, fixed by the
   * operator. Without it the payment page shows the amount in the site currency only.
   */
  coinDeposit?: { currency: string; network: string; minorPerCoin: number };
  /** Display names of member levels ('1' → 'Bronze'); a level without one shows its number. */
  levelNames?: Record<string, string>;
  /**
   * On a production server, whether test payment providers (the sandbox) may credit members here:
   * off unless an operator switches it on, and shown as such in the back office and on the payment page.
   */
  testPayments?: boolean;
  /**
   * Browser origins allowed to call this site's /public/ API (older front ends on their own host),
   * as `scheme://host[:port]`; empty or absent: any origin.
   */
  publicApiOrigins?: string[];
  /**
   * What happens to a member's open sports bets when their break or self-exclusion starts: kept to
   * settle as usual (the default), or cancelled with their stakes refunded through the book's void path.
   */
  sportsBetsOnBreak?: OpenBetsOnProtection;
  /** Where password recovery codes go (default `sms`: every member has a phone); `email` requires an e-mail at registration. */
  recoveryChannel?: 'email' | 'sms';
  /**
   * The ISO 3166 country whose numbering the site's members type their phones in (TH, KR): SMS go to
   * them in E.164 read in it (site-phone.ts). Unset: the install's SMS_DEFAULT_COUNTRY.
   */
  phoneCountry?: string;
  /** The youngest a member may register, in years (default 18). */
  minAge?: number;
  /** The current terms' version (default '1'); registration records the one accepted. */
  termsVersion?: string;
  /** The banks members pick from; absent or empty: the default list of the site's currency (src/shared/banks.ts). */
  banks?: string[];
  /** Which verification (KYC) level a withdrawal needs; absent: none (modules/kyc/kyc-rules.ts). */
  kyc?: KycSettings;
  /**
   * The built-in tables' rules for this site's members: roulette's la partage and a blackjack dealer
   * who hits soft 17. Unset: the install's (HOUSE_ROULETTE_LA_PARTAGE, HOUSE_BLACKJACK_H17).
   */
  tables?: Partial<TableRules>;
}

/** The rule options of the built-in tables (each round records the ones it ran by). */
export interface TableRules {
  laPartage: boolean;
  dealerHitsSoft17: boolean;
}

/**
 * What a withdrawal needs: `withdrawLevel` for any withdrawal, and `over`/`overLevel` for one of more
 * than `over` (minor units). The stricter of the two applies.
 */
export interface KycSettings {
  withdrawLevel?: KycLevel;
  over?: number;
  overLevel?: KycLevel;
}

/** A brand: the host of a request picks one; an unknown host falls back to the default. */
export const sites = pgTable(
  'sites',
  {
    id: idColumn(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** Lower-case host names without port. */
    domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * ISO 4217 code of the site's money: its members' accounts are in it (migration 0020). When an insert
     * names none, the default site's. Fixed once the site has members (trigger sites_currency_guard).
     */
    currency: text('currency').notNull().default(sql`public.site_default_currency()`),
    settings: jsonb('settings').$type<SiteSettings>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('sites_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check('sites_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * Each change of a site's time zone (migration 0075, written by the trigger sites_time_zone_log): a
 * member's limit periods count the day rows of every zone the site was in during the period
 * (play_period_days), so a zone moved east never starts a fresh day for a daily limit.
 */
export const siteTimeZoneChanges = pgTable(
  'site_time_zone_changes',
  {
    id: idColumn(),
    siteId: int8('site_id')
      .notNull()
      .references(() => sites.id),
    oldZone: text('old_zone').notNull(),
    newZone: text('new_zone').notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('site_time_zone_changes_site').on(t.siteId, t.changedAt)],
);
