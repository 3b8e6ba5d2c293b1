import { z } from 'zod';
import { MSG } from '../messages.ts';
import {
  BONUS_STATUSES,
  CAMPAIGN_TYPES,
  CASHBACK_PAID_AS,
  STAKE_ORDERS,
  WAGERING_BASES,
} from '../promotions.ts';
import { noFields, ok } from './route-parts.ts';

/** A promotion as a member sees it: its numbers and its terms in their language. */
export const memberPromotion = z.object({
  id: z.number(),
  type: z.enum(CAMPAIGN_TYPES),
  name: z.string(),
  /** The terms in the language asked for (?lang= or Accept-Language), else the site's, else Thai. */
  terms: z.string(),
  percentBps: z.number(),
  fixedAmount: z.number(),
  cap: z.number().nullable(),
  minDeposit: z.number(),
  wageringMultiple: z.number(),
  wageringBase: z.enum(WAGERING_BASES),
  maxStake: z.number().nullable(),
  conversionCap: z.number().nullable(),
  expiryDays: z.number(),
  stakeOrder: z.enum(STAKE_ORDERS),
  /** A cashback campaign's period in days, and whether it pays cash or a bonus. */
  cashbackPeriodDays: z.number(),
  cashbackPaidAs: z.enum(CASHBACK_PAID_AS),
  endsAt: z.string(),
  /** The member may opt in with a deposit now (deposit campaigns only; false once the welcome bonus was had). */
  atDeposit: z.boolean(),
  /** A free_spins campaign's spins: how many, each spin's stake, which built-in slot (null for other types). */
  freeSpins: z.object({ count: z.number(), stake: z.number(), game: z.string() }).nullable(),
});

/** The free spins of the active bonus: the slot, each spin's stake, how many were granted and are left, and what they won. */
export const memberFreeSpins = z.object({
  game: z.string(),
  /** The vendor the slot is listed under, for open-game. */
  company: z.string(),
  stake: z.number(),
  granted: z.number(),
  left: z.number(),
  won: z.number(),
});

/** A bonus of the member's: the amount granted, the wagering it needs and has, and how it ended. */
export const memberBonus = z.object({
  id: z.number(),
  campaignId: z.number(),
  name: z.string(),
  amount: z.number(),
  wageringRequired: z.number(),
  wageringDone: z.number(),
  status: z.enum(BONUS_STATUSES),
  expiresAt: z.string(),
  grantedAt: z.string(),
  closedAt: z.string().nullable(),
  converted: z.number(),
  returned: z.number(),
});

/** A level as the member's VIP page shows it: its number, the site's name for it, its comp rates (basis points per category). */
const vipLevel = z.object({
  level: z.number(),
  name: z.string().nullable(),
  compRates: z.record(z.string(), z.number()),
});

/** Promotions (issue 36): what is offered, the member's bonuses, and a bonus by code. */
export const promotionsRoutes = {
  /** Live campaigns the member may take, in their currency, site and level. */
  'list-promotions': {
    auth: 'member',
    request: noFields,
    response: ok.extend({ list: z.array(memberPromotion) }),
  },
  /**
   * The member's VIP progress: their level (raised first if their wagering reached a higher one), what
   * they have wagered in all, and the next level: what it needs, its comp rates and its level-up bonus.
   */
  'get-vip-progress': {
    auth: 'member',
    request: noFields,
    response: ok.extend({
      vip: vipLevel.extend({
        wagered: z.number(),
        /** When the member rose to this level by their wagering (null: not that way). */
        reachedAt: z.string().nullable(),
        next: vipLevel.extend({ wagered: z.number(), bonus: z.number().nullable() }).nullable(),
      }),
    }),
  },
  /** The active bonus with its wagering progress and bonus balance, and the history of the others. */
  'get-my-bonuses': {
    auth: 'member',
    request: noFields,
    response: ok.extend({
      active: memberBonus.extend({ balance: z.number(), freeSpins: memberFreeSpins.nullable() }).nullable(),
      history: z.array(memberBonus),
    }),
  },
  /**
   * Claims a code campaign's bonus: once per member. Refused with msg3609 (no such code), msg3600 (not
   * live), msg3601 (not for this member), msg3603 (already had), msg3604 (a bonus is active), msg3608
   * (break, self-exclusion or a limit reached); 429 msg3514 once the member or their address has tried
   * too many codes that do not exist (10 and 30 in 15 minutes; a code that exists is not counted).
   */
  'claim-promo-code': {
    auth: 'member',
    request: z.object({
      code: z
        .string()
        .trim()
        .min(1)
        .max(32)
        .regex(/^[A-Za-z0-9_-]+$/),
    }),
    response: ok.extend({ bonus: memberBonus }),
    invalidMsg: MSG.promoCodeUnknown,
  },
  /**
   * Takes a free spins campaign: once per member. Its spins are played in the slot's window; what they
   * win is bonus money under the campaign's wagering. Refused with msg3600 (not live or not a free
   * spins campaign), msg3601 (not for this member), msg3603 (already had), msg3604 (a bonus is active),
   * msg3608 (break, self-exclusion or a limit reached).
   */
  'claim-free-spins': {
    auth: 'member',
    request: z.object({ campaign: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    response: ok.extend({ bonus: memberBonus }),
  },
  /**
   * Converts the active bonus once its wagering is complete: its bonus balance, up to the campaign's
   * conversion cap, becomes cash. Refused with 404 msg3600 without an active bonus, 409 msg3600 before
   * the wagering is complete or while free spins are left to play.
   */
  'convert-bonus': {
    auth: 'member',
    request: noFields,
    response: ok.extend({ bonus: memberBonus }),
  },
} as const;
