import { z } from 'zod';
import { LOCALES } from '../../format.ts';
import {
  CAMPAIGN_TYPES,
  CASHBACK_PAID_AS,
  FREE_SPIN_GAMES,
  PERSON_FLAG_REASONS,
  PERSON_FLAG_STATUSES,
  STAKE_ORDERS,
  WAGERING_BASES,
} from '../../promotions.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idNumber, idParam, levelNumber, optionalQuery, patchOf } from './fields.ts';
import { readFrom } from './read-from.ts';

/** Minor units: never negative, exact in a JS number, far below a bigint's overflow. */
const money = z.number().int().min(0).max(1e12);
const bps = z.number().int().min(0).max(10_000);
const oddsPart = z.number().int().min(1).max(1_000_000);
const when = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const terms = z
  .object(Object.fromEntries(LOCALES.map((lang) => [lang, z.string().trim().max(4000).optional()])))
  .strict();

/** Every field an operator sets on a campaign (the checks across fields are the server's: campaignProblem). */
const campaignFields = {
  name: z.string().trim().min(1).max(100),
  type: z.enum(CAMPAIGN_TYPES),
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code like THB'),
  /** A code campaign's code: letters, digits, - and _, stored in upper case. */
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, '3 to 32 letters, digits, - or _')
    .transform((c) => c.toUpperCase())
    .nullable(),
  percentBps: z.number().int().min(0).max(100_000),
  fixedAmount: money,
  cap: money.nullable(),
  minDeposit: money,
  levels: z.array(levelNumber).max(20),
  siteIds: z.array(idNumber).max(100),
  newMembersOnly: z.boolean(),
  startsAt: when,
  endsAt: when,
  wageringMultiple: z.number().int().min(0).max(200),
  wageringBase: z.enum(WAGERING_BASES),
  slotsBps: bps,
  tablesBps: bps,
  sportsBps: bps,
  sportsMinOddsNum: oddsPart,
  sportsMinOddsDen: oddsPart,
  maxStake: money.nullable(),
  expiryDays: z.number().int().min(1).max(365),
  conversionCap: money.nullable(),
  stakeOrder: z.enum(STAKE_ORDERS),
  /** A cashback campaign's period in days (the member's local days from its start). */
  cashbackPeriodDays: z.number().int().min(1).max(31),
  /** A cashback campaign pays cash, or a bonus under its wagering. */
  cashbackPaidAs: z.enum(CASHBACK_PAID_AS),
  /** A free_spins campaign: the number of spins, each spin's stake (minor units) and the built-in slot. */
  freeSpinCount: z.number().int().min(0).max(1000),
  freeSpinStake: money,
  freeSpinGame: z.enum(FREE_SPIN_GAMES).nullable(),
  terms,
  enabled: z.boolean(),
};

export const promoCampaign = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  currency: z.string(),
  code: z.string().nullable(),
  percentBps: z.number(),
  fixedAmount: z.number(),
  cap: z.number().nullable(),
  minDeposit: z.number(),
  levels: z.array(z.number()),
  siteIds: z.array(z.number()),
  newMembersOnly: z.boolean(),
  startsAt: instantOut,
  endsAt: instantOut,
  wageringMultiple: z.number(),
  wageringBase: z.enum(WAGERING_BASES),
  slotsBps: z.number(),
  tablesBps: z.number(),
  sportsBps: z.number(),
  sportsMinOddsNum: z.number(),
  sportsMinOddsDen: z.number(),
  maxStake: z.number().nullable(),
  expiryDays: z.number(),
  conversionCap: z.number().nullable(),
  stakeOrder: z.enum(STAKE_ORDERS),
  cashbackPeriodDays: z.number(),
  cashbackPaidAs: z.enum(CASHBACK_PAID_AS),
  freeSpinCount: z.number(),
  freeSpinStake: z.number(),
  freeSpinGame: z.string().nullable(),
  terms: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  createdAt: instantOut,
  updatedAt: instantOut,
});

const tally = z.object({ count: z.number(), amount: z.number() });

/** The promotions screen: campaigns created, edited (disabling is enabled: false), listed, and each one's report. */
export const promotionsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/promotions/campaigns',
    summary: 'Every promotion campaign, newest first',
    response: ok.extend({ campaigns: z.array(promoCampaign) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/promotions/campaigns',
    summary: 'Adds a campaign (audited)',
    body: z
      .object({
        ...campaignFields,
        code: campaignFields.code.default(null),
        percentBps: campaignFields.percentBps.default(0),
        fixedAmount: money.default(0),
        cap: money.nullable().default(null),
        minDeposit: money.default(0),
        levels: campaignFields.levels.default([]),
        siteIds: campaignFields.siteIds.default([]),
        newMembersOnly: z.boolean().default(false),
        // No default: a campaign created without saying its wagering would give money with none (0 says so).
        wageringMultiple: campaignFields.wageringMultiple,
        wageringBase: campaignFields.wageringBase.default('bonus'),
        slotsBps: bps.default(10_000),
        tablesBps: bps.default(1_000),
        sportsBps: bps.default(10_000),
        sportsMinOddsNum: oddsPart.default(3),
        sportsMinOddsDen: oddsPart.default(2),
        maxStake: money.nullable().default(null),
        expiryDays: campaignFields.expiryDays.default(30),
        conversionCap: money.nullable().default(null),
        stakeOrder: campaignFields.stakeOrder.default('cash_first'),
        cashbackPeriodDays: campaignFields.cashbackPeriodDays.default(7),
        cashbackPaidAs: campaignFields.cashbackPaidAs.default('cash'),
        freeSpinCount: campaignFields.freeSpinCount.default(0),
        freeSpinStake: money.default(0),
        freeSpinGame: campaignFields.freeSpinGame.default(null),
        terms: terms.default({}),
        enabled: z.boolean().default(true),
      })
      .strict(),
    response: ok.extend({ campaign: promoCampaign }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/promotions/campaigns/:id',
    summary: 'Edits a campaign (audited); bonuses already granted keep the terms they were granted under',
    params: idParam,
    body: patchOf(z.object(campaignFields).partial().strict()),
    response: ok.extend({ campaign: promoCampaign }),
  }),
  personFlags: endpoint({
    method: 'GET',
    path: '/promotions/person-flags',
    summary:
      'Welcome bonuses whose member shares a bank account, phone or device with another who had one: a page of 20 (of one status, or all with open first), newest first, with both logins and what matched',
    query: z.object({
      status: optionalQuery(z.enum(PERSON_FLAG_STATUSES)),
      page: optionalQuery(z.coerce.number().int().min(1).max(100_000)),
    }),
    response: ok.extend({
      flags: z.array(
        z.object({
          id: z.number(),
          memberId: z.number(),
          memberLogin: z.string(),
          otherMemberId: z.number(),
          otherLogin: z.string(),
          reason: z.enum(PERSON_FLAG_REASONS),
          /** What the two share: the bank account number, the phone, or the user agent · IP; null once it no longer matches. */
          matched: z.string().nullable(),
          bonusId: z.number(),
          status: z.enum(PERSON_FLAG_STATUSES),
          createdAt: instantOut,
          decidedAt: instantOut.nullable(),
          decidedBy: z.string().nullable(),
          decisionReason: z.string().nullable(),
        }),
      ),
      total: z.number(),
      perPage: z.number(),
    }),
  }),
  decidePersonFlag: endpoint({
    method: 'POST',
    path: '/promotions/person-flags/:id',
    summary: 'Clears or confirms an open flag with a reason (audited); 409 once decided',
    params: idParam,
    body: z
      .object({ status: z.enum(['cleared', 'confirmed']), reason: z.string().trim().min(1).max(500) })
      .strict(),
    response: ok,
  }),
  vipLevels: endpoint({
    method: 'GET',
    path: '/promotions/vip-levels/:id',
    summary: "What each level of a site needs in total wagered (minor units of the site's currency)",
    params: idParam,
    response: ok.extend({ levels: z.array(z.object({ level: z.number(), wagered: z.number() })) }),
  }),
  setVipLevels: endpoint({
    method: 'POST',
    path: '/promotions/vip-levels/:id',
    summary: "Replaces a site's level needs (audited): a higher level needs more; members rise, never fall",
    params: idParam,
    body: z
      .object({
        levels: z
          .array(z.object({ level: z.number().int().min(2).max(20), wagered: money.min(1) }).strict())
          .max(19),
      })
      .strict(),
    response: ok.extend({ levels: z.array(z.object({ level: z.number(), wagered: z.number() })) }),
  }),
  report: endpoint({
    method: 'GET',
    path: '/promotions/campaigns/:id/report',
    summary:
      "A campaign's bonuses: granted, active, converted, forfeited, expired, its cashback, and its cost (cash paid out)",
    params: idParam,
    response: ok.extend({
      report: z.object({
        granted: tally,
        active: tally,
        converted: tally,
        forfeited: tally,
        expired: tally,
        /** Bonus money returned to the expense (forfeited, expired, above a conversion cap). */
        returned: z.number(),
        /** Cashback paid (cash and bonus alike), and the periods a protected member got none. */
        cashback: tally,
        cashbackProtected: z.number(),
        /** Cash the campaign has cost: what its conversions and its cashback paid as cash paid to members. */
        cost: z.number(),
      }),
      /** The report may read a replica; the screen shows its lag. */
      readFrom,
    }),
  }),
} as const;
