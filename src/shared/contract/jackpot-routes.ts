import { z } from 'zod';
import { noFields, ok } from './route-parts.ts';

/** The progressive jackpot as every page shows it: the same figure in every tab. */
export const jackpotState = z.object({
  /** The pool now, in minor units of `currency`. */
  amount: z.number().int(),
  /** ISO 4217: the pool's currency. Only members of sites in it feed and may win the pool. */
  currency: z.string(),
  /** The pool's share of each jackpot-slot stake, in basis points (100 = 1 %). */
  contributionBps: z.number().int(),
  /** What the pool starts again from after a win. */
  reseed: z.number().int(),
  lastWin: z.object({ amount: z.number().int(), at: z.string() }).nullable(),
});
export type JackpotStateReply = z.infer<typeof jackpotState>;

export const jackpotRoutes = {
  // Guests see the home banner too, so the route needs no session.
  'get-jackpot': {
    auth: 'guest',
    request: noFields,
    response: ok.extend({ jackpot: jackpotState }),
  },
} as const;
