import { z } from 'zod';
import { MSG } from '../messages.ts';
import { STATEMENT_KINDS } from '../vocabulary.ts';
import { otpField } from './account-routes.ts';
import { amountField, historyFields, idField, loginText, requestCodeField } from './fields.ts';
import { byId, noFields, ok, paged } from './route-parts.ts';

const cashRequestItem = z.object({
  id: z.number(),
  amount: z.number(),
  /** wait | reg | already | cansel: the page labels them (SPEC §2). */
  status: z.string(),
  /** The operator's reason when they refused it (shown to the member); null otherwise. */
  reason: z.string().nullable(),
  /** Who closed it unpaid: the member, the expiry of its payment, an operator; null while open or when done. */
  cancelledBy: z.enum(['member', 'expiry', 'operator', 'provider']).nullable(),
  /** A card or coin payment still open: the member may resume it (resume-deposit-payment). */
  resumable: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /**
   * A deposit its payment provider took back after it was credited (a chargeback): when, how much, and
   * what of it the member still owes (0 once their cash covered it or later winnings repaid it). The
   * status word stays `already` (SPEC §2): the money is not the member's, whatever the word says.
   * Null otherwise.
   */
  reversal: z.object({ at: z.string(), amount: z.number(), owed: z.number() }).nullable(),
});

/** A recent approved request on the public ticker: the member id masked after two characters. */
const tickerLine = z.object({ amount: z.number(), userId: z.string(), at: z.string() });

const paymentOption = z.object({
  idx: z.number(),
  name: z.string(),
  kind: z.enum(['bank', 'card', 'coin']),
  minAmount: z.number(),
  maxAmount: z.number(),
});
/** The deposit and the withdrawal methods a member may pick from: one reply for both lists. */
const paymentOptions = ok.extend({ payments: z.array(paymentOption) });

const deskState = ok.extend({
  locked: z.boolean(),
  open: z.boolean(),
  hours: z.object({ open: z.string(), close: z.string() }).nullable(),
  timezone: z.string(),
});

const statementLine = z.object({
  id: z.number(),
  createdAt: z.string(),
  kind: z.string(),
  account: z.string(),
  amount: z.number(),
});

/** The cashier's member routes (SPEC §7; ARCHITECTURE §3). */
export const cashierRoutes = {
  /**
   * `promo`: the id of a deposit promotion the member opts into (see list-promotions); checked now
   * (live, eligible, minimum met: msg3600-msg3604, msg3608), granted when the deposit is approved.
   */
  'apply-user-deposit': {
    auth: 'member',
    request: z.object({ balance: amountField, code: requestCodeField, promo: idField.optional() }),
    response: ok.extend({ requestId: z.number() }),
    invalidMsg: MSG.depositPositive,
    fieldMsgs: { code: MSG.invalidInput, promo: MSG.invalidInput },
  },
  /**
   * Refused with `debt` (msg3041, `owed`) while the member owes a debt left by a settlement correction
   * or a chargeback;
   * with `otp_required` when the member's second factor is on and `otp` is missing (msg3520) or wrong (msg3521);
   * with 409 msg3607 while a bonus is active, unless `forfeitBonus` is true: the bonus is then forfeited.
   */
  'apply-user-withdraw': {
    auth: 'member',
    request: z.object({
      balance: amountField,
      code: requestCodeField,
      idx: idField.optional(),
      otp: otpField.optional(),
      forfeitBonus: z.boolean().optional(),
    }),
    response: ok.extend({ requestId: z.number() }),
    invalidMsg: MSG.withdrawMinimum,
    // A malformed code or flag is not an amount under the minimum: the amount's key would mislead.
    fieldMsgs: {
      otp: MSG.otpWrong,
      code: MSG.invalidInput,
      idx: MSG.invalidInput,
      forfeitBonus: MSG.invalidInput,
    },
  },
  'roll-to-balance': {
    auth: 'member',
    request: z.object({ amount: amountField.optional(), code: requestCodeField.optional() }),
    response: ok.extend({ amount: z.number() }),
  },
  /** The comp terms the member plays under, shown before any exchange: minimum, level and rates (basis points). */
  'get-comp-settings': {
    auth: 'member',
    request: noFields,
    response: ok.extend({
      minimum: z.number(),
      level: z.number(),
      levelName: z.string().nullable(),
      rates: z.object({ casino: z.number(), slot: z.number(), sport: z.number() }),
    }),
  },
  'user-ask-account': {
    auth: 'member',
    /** With `pass`, the login password is checked first (`pass` when wrong; user_ask_to_account_expass). */
    request: z.object({ pass: loginText.optional() }),
    response: ok,
    invalidMsg: MSG.accountRequestFailed,
  },
  /** The member's latest account request, shown on the deposit page: waiting, or answered with the details. */
  'get-deposit-account': {
    auth: 'member',
    request: noFields,
    response: ok.extend({
      request: z
        .object({
          id: z.number(),
          answered: z.boolean(),
          answer: z.string().nullable(),
          askedAt: z.string(),
          answeredAt: z.string().nullable(),
        })
        .nullable(),
    }),
  },
  'get-deposit-list': {
    auth: 'member',
    request: paged,
    response: ok.extend({ list: z.array(cashRequestItem), maxCount: z.number() }),
  },
  'get-withdraw-list': {
    auth: 'member',
    request: paged,
    response: ok.extend({ list: z.array(cashRequestItem), maxCount: z.number() }),
  },
  'user-del-deposit': {
    auth: 'member',
    request: byId,
    response: ok,
    invalidMsg: MSG.deleteFailed,
  },
  'user-del-withdraw': {
    auth: 'member',
    request: byId,
    response: ok,
    invalidMsg: MSG.deleteFailed,
  },
  /** The member cancels their own pending deposit (a card or coin payment's provider is asked first). */
  'user-cancel-deposit': {
    auth: 'member',
    request: byId,
    response: ok,
    invalidMsg: MSG.requestDecided,
  },
  /** The member cancels their own pending withdrawal: the held amount is back in their cash at once. */
  'user-cancel-withdraw': {
    auth: 'member',
    request: byId,
    response: ok,
    invalidMsg: MSG.requestDecided,
  },
  /** The payment page of the member's card or coin deposit still open, to pay it after all. */
  'resume-deposit-payment': {
    auth: 'member',
    request: byId,
    response: ok.extend({ launcherUrl: z.string() }),
    invalidMsg: MSG.paymentClosed,
  },
  /** Deposits and withdrawals together, newest first (get_deposit_and_withdraw). */
  'get-cash-history': {
    auth: 'member',
    request: paged,
    response: ok.extend({
      list: z.array(cashRequestItem.extend({ kind: z.enum(['deposit', 'withdraw']) })),
      maxCount: z.number(),
    }),
  },
  /** Hides every finished request from the member's lists; pending ones stay. */
  'del-all-cash-requests': {
    auth: 'member',
    request: noFields,
    response: ok.extend({ count: z.number() }),
    invalidMsg: MSG.deleteFailed,
  },
  /** The public ticker of the site's latest approved deposits or withdrawals. */
  'get-cash-ticker': {
    auth: 'guest',
    request: z.object({ kind: z.enum(['deposit', 'withdraw']) }),
    response: ok.extend({ list: z.array(tickerLine) }),
  },
  /** The member's ledger movements, newest first, a page at a time (`next` = `before` of the next page). */
  'get-user-statement': {
    auth: 'member',
    request: z.object({ ...historyFields, kind: z.enum(STATEMENT_KINDS).optional() }),
    response: ok.extend({ list: z.array(statementLine), next: z.number().nullable() }),
  },
  'get-balance-deposit-lock': { auth: 'member', request: noFields, response: deskState },
  'get-balance-withdraw-lock': { auth: 'member', request: noFields, response: deskState },
  'get-deposit-payment': { auth: 'member', request: noFields, response: paymentOptions },
  'get-withdrawal-payment': { auth: 'member', request: noFields, response: paymentOptions },
  /** `promo`: a deposit promotion the member opts into, as apply-user-deposit's; granted when the payment is credited. */
  'apply-deposit-payment': {
    auth: 'member',
    request: z.object({
      balance: amountField,
      code: requestCodeField,
      idx: idField,
      promo: idField.optional(),
    }),
    response: ok.extend({ launcherUrl: z.string() }),
    invalidMsg: MSG.depositPositive,
    fieldMsgs: { code: MSG.invalidInput, idx: MSG.invalidInput, promo: MSG.invalidInput },
  },
  'withdrawal-launcher': {
    auth: 'member',
    request: z.object({ idx: idField }),
    response: ok.extend({ launcherUrl: z.string() }),
  },
} as const;
