import { z } from 'zod';
import { CASHOUT_REFUSALS } from '../sports/cashout.ts';
import { ODDS_FORMATS } from '../sports/odds-format.ts';
import { idField } from './fields.ts';
import { EXAMPLE_TOKEN, ok, launchTokenField as token } from './provider-api.ts';

const amount = z.number().int();
const instant = z.iso.datetime({ offset: true });
/** A cash-out refused: its reason, and the message key the window shows. */
const refusedCashout = z.object({
  status: z.literal('refused'),
  refusal: z.enum(CASHOUT_REFUSALS),
  message: z.string(),
  msg: z.string(),
});
const offerId = z.string().regex(/^[\w-]{16,64}$/);

/** One leg of a cash-out's proof (shared/sports/cashout.ts `CashoutProofLeg`). */
export const cashoutProofSchema = z.object({
  version: z.literal(1),
  kind: z.literal('cashout'),
  formula: z.string(),
  stake: z.string(),
  part: z.string(),
  marginBp: z.number(),
  legs: z.array(
    z.object({
      selectionId: z.string(),
      label: z.string(),
      price: z.string(),
      state: z.enum(['decided', 'open']),
      current: z.string().optional(),
      market: z.array(z.string()).optional(),
      q: z.string().optional(),
      worth: z.string(),
    }),
  ),
  exactValue: z.string(),
  paid: z.string(),
});

/** The member's own odds format, kept by the book (docs/sportsbook.md, "Odds formats"). */
export const oddsFormatAction = {
  oddsFormat: {
    summary: 'Keeps the member’s choice of odds format (the site’s default until they choose)',
    auth: 'token',
    request: z.object({ token, format: z.enum(ODDS_FORMATS) }),
    example: { token: EXAMPLE_TOKEN, format: 'hongkong' },
    response: ok.extend({ format: z.enum(ODDS_FORMATS) }),
    answers: { success: 200 },
  },
} as const;

/**
 * The sports window's cash-out actions (docs/sportsbook.md, "Cash-out"), part of the sports API
 * (sports-api.ts): an offer priced by the book, its acceptance, and the automatic cash-out.
 */
export const cashoutActions = {
  cashoutOffer: {
    summary: 'A cash-out offer for one of the player’s open singles or multiples, valid a few seconds',
    auth: 'token',
    request: z.object({ token, betId: idField }),
    example: { token: EXAMPLE_TOKEN, betId: 42 },
    response: z.discriminatedUnion('status', [
      ok.extend({ offerId: z.string(), betId: z.number(), amount, stake: amount, expiresAt: instant }),
      refusedCashout,
    ]),
    answers: { success: 200, refused: 409 },
  },
  cashout: {
    summary:
      'Takes a cash-out offer for the whole stake or a part of it; refused if the value fell below minAmount; with a leg in play, after the bet delay',
    auth: 'token',
    request: z.object({
      token,
      betId: idField,
      offerId,
      /** The part of the stake cashed out (minor units); all of it when absent. */
      part: z.number().int().positive().max(1e13).optional(),
      /** The least the member takes for that part; by default the offer's own share of it. */
      minAmount: z.number().int().min(0).max(1e15).optional(),
    }),
    example: {
      token: EXAMPLE_TOKEN,
      betId: 42,
      offerId: 'h3Yc0q9x1Bv7K2mZpQ4tRw',
      part: 5_000,
      minAmount: 4_200,
    },
    response: z.discriminatedUnion('status', [
      ok.extend({ betId: z.number(), bet: z.enum(['cashed_out', 'open']), paid: amount, stake: amount }),
      /** A leg is in play: the cash-out waits the bet delay; the same call again from `acceptAt` decides it. */
      z.object({ status: z.literal('delayed'), betId: z.number(), acceptAt: instant }),
      refusedCashout,
    ]),
    answers: { success: 200, delayed: 202, refused: 409 },
  },
  cashoutAuto: {
    summary: 'Sets (or clears, with null) the amount at which the bet is cashed out automatically',
    auth: 'token',
    request: z.object({ token, betId: idField, at: z.number().int().positive().max(1e15).nullable() }),
    example: { token: EXAMPLE_TOKEN, betId: 42, at: 15_000 },
    response: z.discriminatedUnion('status', [
      ok.extend({ betId: z.number(), autoCashoutAt: amount.nullable() }),
      refusedCashout,
    ]),
    answers: { success: 200, refused: 409 },
  },
} as const;
