import { z } from 'zod';
import { LOCALES } from '../../format.ts';
import { isCurrency } from '../../money.ts';
import { HHMM, MAX_LEVEL, OPEN_BETS_ON_PROTECTION } from '../../vocabulary.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { hostname, httpsUrl, idParam, patchOf } from './fields.ts';
import { kycLevel } from './kyc.ts';

const levelKey = z.string().regex(/^([1-9]|1\d|20)$/, `a level from 1 to ${MAX_LEVEL}`);
const hhmm = z
  .string()
  .regex(HHMM, 'a time like 09:30')
  .refine((v) => v <= '24:00', 'a time up to 24:00');
/**
 * An IANA zone name. Not an offset such as +07:00 or -0300: the browser reads +07:00 as seven hours
 * east of UTC, PostgreSQL (POSIX) as seven hours west, and -0300 it refuses, so the days of the
 * limits and the cashback (SQL) would not be the days members see, or every bet of the site would fail.
 */
const timezone = z
  .string()
  .max(64)
  .refine((tz) => {
    if (!/^[A-Za-z]/.test(tz)) return false;
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone like Asia/Seoul');
/** Both hours or neither; null for both removes the hours (open all day unless locked). */
export const deskWindowPatch = z
  .object({
    locked: z.boolean().optional(),
    open: hhmm.nullable().optional(),
    close: hhmm.nullable().optional(),
  })
  .refine(
    (w) => (w.open === undefined) === (w.close === undefined) && (w.open === null) === (w.close === null),
    'give open and close together',
  );
const paymentSessionMinutes = z.number().int().min(5).max(1440);
const basisPoints = z.number().int().min(0).max(10_000);
const levelNames = z.record(levelKey, z.string().trim().max(30));
const compRates = z.object({
  casino: basisPoints.optional(),
  slot: basisPoints.optional(),
  sport: basisPoints.optional(),
});
const messengerLink = z.object({ label: z.string(), url: z.string() });

/** A site's settings as stored (every field optional so old rows stay valid). */
const cashierWindow = z.object({
  locked: z.boolean().optional(),
  open: z.string().optional(),
  close: z.string().optional(),
});
export const siteSettings = z.object({
  registrationOpen: z.boolean().optional(),
  referralRequired: z.boolean().optional(),
  /** On a production server, whether the sandbox (test payments) may credit members here. */
  testPayments: z.boolean().optional(),
  messengerLinks: z.array(messengerLink).optional(),
  timezone: z.string().optional(),
  /** The language a first-time visitor gets (th when unset). */
  lang: z.string().optional(),
  /** Deposit and withdrawal minimum and step, in major units of the site's currency. */
  cash: z.object({ minimum: z.number().optional(), step: z.number().optional() }).optional(),
  deposit: cashierWindow.optional(),
  withdraw: cashierWindow.optional(),
  /** Minutes before an unpaid card or coin payment expires by itself (default 30). */
  paymentSessionMinutes: z.number().optional(),
  comp: z
    .object({
      minExchange: z.number().optional(),
      rates: z.record(z.string(), z.record(z.string(), z.number())).optional(),
    })
    .optional(),
  levelNames: z.record(z.string(), z.string()).optional(),
  /** Browser origins allowed to call /public/ (older front ends); empty or absent: any. */
  publicApiOrigins: z.array(z.string()).optional(),
  /** A member's open sports bets when their break or self-exclusion starts: kept (default) or cancelled and refunded. */
  sportsBetsOnBreak: z.enum(OPEN_BETS_ON_PROTECTION).optional(),
  /** The verification level withdrawals need: any (`withdrawLevel`), and one over `over` minor units (`overLevel`). */
  kyc: z
    .object({
      withdrawLevel: kycLevel.optional(),
      over: z.number().optional(),
      overLevel: kycLevel.optional(),
    })
    .optional(),
  /** Accounts (issue 32): where recovery codes go, the minimum age, the terms' version, the bank list. */
  recoveryChannel: z.enum(['email', 'sms']).optional(),
  /** The country the members' local phone numbers are read in for SMS (ISO 3166); unset: the install's. */
  phoneCountry: z.string().optional(),
  minAge: z.number().optional(),
  termsVersion: z.string().optional(),
  banks: z.array(z.string()).optional(),
  /** The built-in tables' rules for this site's members; unset: the install's (configuration.md). */
  tables: z
    .object({ laPartage: z.boolean().optional(), dealerHitsSoft17: z.boolean().optional() })
    .optional(),
});

const deskState = z.object({
  locked: z.boolean(),
  open: z.boolean(),
  hours: z.object({ open: z.string(), close: z.string() }).nullable(),
  timezone: z.string(),
});

/** A site as the settings screen shows it: the row, its desks' state now, and what members get. */
export const siteView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  isDefault: z.boolean(),
  /** ISO 4217: its members' accounts are in it, so it is fixed once the site has members. */
  currency: z.string(),
  hasMembers: z.boolean(),
  settings: siteSettings,
  createdAt: instantOut,
  desks: z.object({ deposit: deskState, withdraw: deskState }),
  /** What the member layout gets (get-reg-domain): the links it will really show. */
  summary: z.object({
    code: z.string(),
    name: z.string(),
    registrationOpen: z.boolean(),
    referralRequired: z.boolean(),
    messengerLinks: z.array(messengerLink),
  }),
});

export const levelRow = z.object({
  level: z.number(),
  name: z.string().nullable(),
  members: z.number(),
  compRates: z.record(z.string(), z.number()),
});

export const settingsReply = ok.extend({ settings: siteSettings });

/** Settings per site (brand): domains, registration, cashier hours and locks, comp, messenger, levels. */
export const sitesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/settings/sites',
    summary: 'Every site with its settings, desks and what members see',
    response: ok.extend({ sites: z.array(siteView) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/settings/sites',
    summary: 'Adds a site (brand); a domain another site answers to is refused',
    body: z.object({
      code: z.string().regex(/^[a-z0-9-]{2,32}$/, 'a code of 2-32 lower-case letters, digits or dashes'),
      name: z.string().trim().min(1).max(100),
      domains: z.array(hostname).max(20).default([]),
    }),
    response: ok.extend({ site: siteView }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/settings/sites/:id',
    summary:
      'Renames a site, replaces its domains, opens or closes registration, keeps or cancels open sports bets on a break',
    params: idParam,
    body: patchOf(
      z.object({
        name: z.string().trim().min(1).max(100).optional(),
        domains: z.array(hostname).max(20).optional(),
        registrationOpen: z.boolean().optional(),
        referralRequired: z.boolean().optional(),
        testPayments: z.boolean().optional(),
        /** Open sports bets when a member's break or self-exclusion starts: keep, or cancel and refund. */
        sportsBetsOnBreak: z.enum(OPEN_BETS_ON_PROTECTION).optional(),
      }),
    ),
    response: ok.extend({ site: siteView }),
  }),
  cashier: endpoint({
    method: 'POST',
    path: '/settings/sites/:id/cashier',
    summary: "The cashier desks' time zone, hours and locks",
    params: idParam,
    body: z.object({
      timezone: timezone.optional(),
      deposit: deskWindowPatch.optional(),
      withdraw: deskWindowPatch.optional(),
      /** How long a card or coin payment stays open before it expires by itself (default 30). */
      paymentSessionMinutes: paymentSessionMinutes.optional(),
    }),
    response: settingsReply,
  }),
  money: endpoint({
    method: 'POST',
    path: '/settings/sites/:id/money',
    summary:
      "The site's currency (only while it has no members and no VIP levels), default language, deposit/withdrawal minimum and step in major units, and its tables' rules (la partage, dealer hits soft 17)",
    params: idParam,
    body: z
      .object({
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code like THB')
          .refine(isCurrency, 'an ISO 4217 currency code like THB')
          .optional(),
        lang: z.enum(LOCALES).optional(),
        cash: z
          .object({
            minimum: z.number().positive().max(1e12),
            step: z.number().positive().max(1e12),
          })
          .optional(),
        /** Roulette's la partage and a blackjack dealer who hits soft 17, for this site's members. */
        tables: z
          .object({ laPartage: z.boolean().optional(), dealerHitsSoft17: z.boolean().optional() })
          .refine((t) => Object.keys(t).length > 0, 'send laPartage or dealerHitsSoft17')
          .optional(),
      })
      .refine((b) => Object.keys(b).length > 0, 'send currency, lang, cash or tables'),
    response: ok.extend({ site: siteView }),
  }),
  comp: endpoint({
    method: 'POST',
    path: '/settings/sites/:id/comp',
    summary: 'Comp rates per level and category (basis points), the minimum exchange, level names',
    params: idParam,
    body: z.object({
      minExchange: z.number().int().min(0).max(1e12).optional(),
      rates: z.record(levelKey, compRates).optional(),
      // The levels screen saves names and rates together: one change, all or nothing.
      levelNames: levelNames.optional(),
    }),
    response: settingsReply,
  }),
  accounts: endpoint({
    method: 'POST',
    path: '/settings/sites/:id/accounts',
    summary:
      'Accounts: password recovery by e-mail or SMS (e-mail then required at registration), the country members’ phone numbers are read in for SMS, the minimum age, the terms version, the bank list (empty: the currency default)',
    params: idParam,
    body: z.object({
      recoveryChannel: z.enum(['email', 'sms']).optional(),
      phoneCountry: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'an ISO 3166 country code like TH')
        .transform((c) => c.toUpperCase())
        .optional(),
      minAge: z.number().int().min(16).max(99).optional(),
      termsVersion: z
        .string()
        .trim()
        .regex(/^[\w.-]{1,32}$/, 'a version of 1-32 letters, digits or ._-')
        .optional(),
      banks: z.array(z.string().trim().min(1).max(40)).max(100).optional(),
    }),
    response: settingsReply,
  }),
  messenger: endpoint({
    method: 'POST',
    path: '/settings/sites/:id/messenger',
    summary: 'Up to two messenger links (https) shown to members',
    params: idParam,
    body: z.object({
      links: z.array(z.object({ label: z.string().trim().min(1).max(50), url: httpsUrl })).max(2),
    }),
    response: settingsReply,
  }),
  kyc: endpoint({
    method: 'POST',
    path: '/settings/sites/:id/kyc',
    summary: 'Which verification (KYC) level withdrawals need: any withdrawal, and one over an amount',
    params: idParam,
    body: z.object({
      withdrawLevel: kycLevel,
      /** Minor units; null: no amount rule. */
      over: z.number().int().min(0).max(1e12).nullable(),
      overLevel: kycLevel,
    }),
    response: settingsReply,
  }),
  levels: endpoint({
    method: 'GET',
    path: '/settings/sites/:id/levels',
    summary: 'Each level: its name, how many members hold it, its comp rates',
    params: idParam,
    response: ok.extend({ levels: z.array(levelRow) }),
  }),
  levelNames: endpoint({
    method: 'POST',
    path: '/settings/sites/:id/levels',
    summary: 'Names the levels; an empty name shows the number again',
    params: idParam,
    body: z.object({ names: levelNames }),
    response: settingsReply,
  }),
} as const;
