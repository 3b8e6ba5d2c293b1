import { z } from 'zod';
import {
  BREAK_DAYS,
  EXCLUSION_MONTHS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  PROTECTION_STATES,
  REALITY_CHOICES,
  REALITY_MINUTES,
} from '../vocabulary.ts';
import { noFields, ok } from './route-parts.ts';

/** A member's break or self-exclusion as my page shows it (dates ISO; endsAt null: permanent). */
export const protectionView = z.object({
  state: z.enum(PROTECTION_STATES),
  kind: z.enum(['break', 'exclusion']).nullable(),
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  liftRequestedAt: z.string().nullable(),
  liftsAt: z.string().nullable(),
});
export type ProtectionViewReply = z.infer<typeof protectionView>;

const oneOf = (values: readonly number[]) =>
  z
    .number()
    .int()
    .refine((v) => values.includes(v), `one of ${values.join(', ')}`);

/** What the member chooses; `confirm` is the dialog that named the end date. */
export const protectionChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('break'), days: oneOf(BREAK_DAYS), confirm: z.literal(true) }),
  z
    .object({
      kind: z.literal('exclusion'),
      months: oneOf(EXCLUSION_MONTHS).optional(),
      permanent: z.literal(true).optional(),
      confirm: z.literal(true),
    })
    .refine((v) => (v.months === undefined) !== (v.permanent === undefined), 'months or permanent, not both'),
]);

const totals = z.object({
  deposits: z.number().int(),
  /**
   * What of the deposits their payment providers took back (chargebacks): what cash held at the
   * reversal, and the rest as the debt it left is repaid. Counted when it leaves cash.
   */
  depositReversals: z.number().int(),
  /** Deposits minus depositReversals. */
  netDeposits: z.number().int(),
  withdrawals: z.number().int(),
  stakes: z.number().int(),
  wins: z.number().int(),
  /** Wins minus stakes: what the member won (positive) or lost (negative). */
  net: z.number().int(),
});
export type ActivityTotals = z.infer<typeof totals>;

const login = z.object({ at: z.string(), ip: z.string().nullable() }).nullable();

/** YYYY-MM-DD, a day in the site's time zone. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const ACTIVITY_WINDOWS = ['today', 'days7', 'days30', 'months12'] as const;
export type ActivityWindow = (typeof ACTIVITY_WINDOWS)[number];

/** One of the member's limits: amount in minor units (minutes for the session time limit). */
export const limitView = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: z.number().int(),
  /** A raise waiting for its 24 hours and the member's confirmation (null: none, or a removal). */
  pendingAmount: z.number().int().nullable(),
  pendingRemove: z.boolean(),
  /** From when the member may confirm the pending raise or removal (ISO). */
  pendingFrom: z.string().nullable(),
  /** What counts against it in the current period (null for the session time limit). */
  used: z.number().int().nullable(),
  /** When the current period ends, in the site's time zone (ISO; null for the session time limit). */
  resetsAt: z.string().nullable(),
});
export type LimitViewReply = z.infer<typeof limitView>;

/** The session time limit is in minutes (5 minutes to 24 hours); the others in minor units. */
const limitTarget = z.object({ kind: z.enum(LIMIT_KINDS), period: z.enum(LIMIT_PERIODS) });
const limitChange = limitTarget
  .extend({ amount: z.number().int().positive().max(1e13).nullable() })
  .refine((v) => (v.kind === 'session') === (v.period === 'session'), {
    message: 'the session time limit has the period session; the others day, week or month',
    path: ['period'],
  })
  .refine((v) => v.kind !== 'session' || v.amount === null || (v.amount >= 5 && v.amount <= 1440), {
    message: 'a session time limit is 5 to 1440 minutes',
    path: ['amount'],
  });

const limitsReply = ok.extend({ limits: z.array(limitView), realityCheckMinutes: z.number().int() });

export const protectionRoutes = {
  'get-limits': { auth: 'member', request: noFields, response: limitsReply },
  /** Sets, lowers, raises or removes (amount null) a limit: lower at once; raise or removal after 24 h, confirmed. */
  'set-limit': {
    auth: 'member',
    request: limitChange,
    response: limitsReply.extend({ from: z.string().optional() }),
  },
  /** Confirms a raise or removal whose 24 hours have passed: only then does it apply. */
  'confirm-limit': { auth: 'member', request: limitTarget, response: limitsReply },
  'set-reality-check': {
    auth: 'member',
    request: z.object({ minutes: oneOf(REALITY_MINUTES) }),
    response: limitsReply,
  },
  /** What the reality check shows: this login session's start, and its stakes, wins and net result. */
  'get-reality-check': {
    auth: 'member',
    request: noFields,
    response: ok.extend({
      intervalMinutes: z.number().int(),
      sessionStartedAt: z.string(),
      now: z.string(),
      stakes: z.number().int(),
      wins: z.number().int(),
      net: z.number().int(),
    }),
  },
  /** The member's answer when the reality check paused a game (`where`: the game or sports window). */
  'answer-reality-check': {
    auth: 'member',
    request: z.object({ choice: z.enum(REALITY_CHOICES), where: z.string().min(1).max(60) }),
    response: ok,
  },

  'get-protection': {
    auth: 'member',
    request: noFields,
    response: ok.extend({ protection: protectionView }),
  },
  'set-protection': {
    auth: 'member',
    request: protectionChoice,
    response: ok.extend({ protection: protectionView }),
  },
  'ask-lift-protection': {
    auth: 'member',
    request: noFields,
    response: ok.extend({ protection: protectionView }),
  },
  'get-activity': {
    auth: 'member',
    request: noFields,
    response: ok.extend({
      /** This session's log-in, and the one before it (null on a first log-in). */
      currentLogin: login,
      lastLogin: login,
      timezone: z.string(),
      totals: z.object({ today: totals, days7: totals, days30: totals, months12: totals }),
    }),
  },
  /** The account statement as CSV (text/csv, a header row), days `from`..`to` inclusive, at most 366. */
  'get-account-statement-csv': {
    auth: 'member',
    request: z.object({ from: day, to: day }),
    response: z.string(),
  },
} as const;
