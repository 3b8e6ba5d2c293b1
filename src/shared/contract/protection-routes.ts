import { z } from 'zod';
import { BREAK_DAYS, EXCLUSION_MONTHS, PROTECTION_STATES } from '../vocabulary.ts';

const ok = z.object({ status: z.literal('success'), msg: z.string().optional() });

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

export const protectionRoutes = {
  'get-protection': {
    auth: 'member',
    request: z.object({}),
    response: ok.extend({ protection: protectionView }),
  },
  'set-protection': {
    auth: 'member',
    request: protectionChoice,
    response: ok.extend({ protection: protectionView }),
  },
  'ask-lift-protection': {
    auth: 'member',
    request: z.object({}),
    response: ok.extend({ protection: protectionView }),
  },
  'get-activity': {
    auth: 'member',
    request: z.object({}),
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
