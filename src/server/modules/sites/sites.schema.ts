import { sql } from 'drizzle-orm';
import { bigserial, boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OpenBetsOnProtection } from '../../../shared/vocabulary.ts';

/** When a cashier desk takes requests: `locked` closes it; open/close are local 'HH:MM' (overnight allowed). */
export interface CashierWindow {
  locked?: boolean;
  open?: string;
  close?: string;
}

/** Comp (rolling) rules: basis points of stake per member level and game category. */
export interface CompSettings {
  minExchange?: number;
  rates?: Record<string, Partial<Record<'casino' | 'slot' | 'sport', number>>>;
}

/** Per-brand settings an operator can change; every field optional so old rows stay valid. */
export interface SiteSettings {
  registrationOpen?: boolean;
  referralRequired?: boolean;
  messengerLinks?: { label: string; url: string }[];
  /** IANA time zone of the cashier hours. */
  timezone?: string;
  deposit?: CashierWindow;
  withdraw?: CashierWindow;
  /** Minutes before an unpaid card or coin payment session expires by itself (default 30). */
  paymentSessionMinutes?: number;
  comp?: CompSettings;
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
}

/** A brand: the host of a request picks one; an unknown host falls back to the default. */
export const sites = pgTable(
  'sites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** Lower-case host names without port. */
    domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
    isDefault: boolean('is_default').notNull().default(false),
    settings: jsonb('settings').$type<SiteSettings>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sites_one_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);
