import { z } from 'zod';
import { LOCALES } from '../format.ts';
import { MSG, type MsgKey } from '../messages.ts';
import { accountRoutes, otpField } from './account-routes.ts';
import { cashierRoutes } from './cashier-routes.ts';
import { communityRoutes } from './community-routes.ts';
import {
  bankNameField,
  bankNumberField,
  bankOwnerField,
  birthDateField,
  emailField,
  loginText,
  memberIdField,
  nickField,
  passwordField,
  phoneField,
  referralCodeField,
} from './fields.ts';
import { gamesRoutes } from './games-routes.ts';
import { jackpotRoutes } from './jackpot-routes.ts';
import { kycRoutes } from './kyc-routes.ts';
import { promotionsRoutes } from './promotions-routes.ts';
import { protectionRoutes } from './protection-routes.ts';
import { noFields, ok } from './route-parts.ts';
import { vaultRoutes } from './vault-routes.ts';

/**
 * The member API contract: POST /api/routes/<name>, one entry per route (SPEC §7).
 * `request` validates the body on the server; `response` types the success reply for the client.
 * `invalidMsg` is the key a page shows when the body does not pass `request`.
 */
export interface RouteSpec {
  auth: 'guest' | 'member';
  request: z.ZodType;
  response: z.ZodType;
  invalidMsg?: MsgKey;
  /** The key to show when a named field fails (the first failing field wins). */
  fieldMsgs?: Record<string, MsgKey>;
  /** The member lookup also counts unread notes and answered help (the health check). */
  withCounts?: boolean;
}

export const memberNewsItem = z.object({
  id: z.number(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type MemberNewsItem = z.infer<typeof memberNewsItem>;

export const memberUser = z.object({
  userId: z.string(),
  nick: z.string(),
  phone: z.string(),
  level: z.number().int(),
  balance: z.number().int(),
  in_balance: z.number().int(),
  rolling: z.number().int(),
  /** Bonus money (promotions, issue 36): apart from `balance`, which is cash only; 0 without a bonus. */
  bonus: z.number().int(),
  bankname: z.string(),
  bankOwner: z.string(),
  banknum: z.string(),
  /** ISO 4217 code of every amount here and in the member's other replies: their site's currency. */
  currency: z.string(),
});
export type MemberUser = z.infer<typeof memberUser>;

const siteInfo = z.object({
  code: z.string(),
  name: z.string(),
  registrationOpen: z.boolean(),
  referralRequired: z.boolean(),
  /** The operator's messenger contacts (https only), shown to members as floating buttons. */
  messengerLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  /** ISO 4217 code of the site's money; amounts everywhere are integers in its minor unit. */
  currency: z.string(),
  /** The language a first-time visitor gets. */
  lang: z.enum(LOCALES),
  /** IANA time zone of the site's days and of the times members see. */
  timezone: z.string(),
  /** Deposit and withdrawal amounts, in minor units: at least `minimum`, in steps of `step`. */
  cash: z.object({ minimum: z.number().int(), step: z.number().int() }),
  /** The least comp a member may exchange, in minor units. */
  compMinimum: z.number().int(),
  /** Where password recovery codes go; `email` makes the e-mail address required at registration. */
  recoveryChannel: z.enum(['email', 'sms']),
  emailRequired: z.boolean(),
  /** The youngest a member may be, in years. */
  minAge: z.number().int(),
  /** The terms' version a registration accepts. */
  termsVersion: z.string(),
  /** The banks a member picks from (the site's list, else its currency's); noFields: typed freely. */
  banks: z.array(z.string()),
});

const loggedIn = ok.extend({ token: z.string(), userId: z.string(), expiresAt: z.string() });

export const routes = {
  'user-register': {
    auth: 'guest',
    request: z.object({
      id: memberIdField,
      pw: passwordField,
      nick: nickField,
      phone: phoneField,
      bankname: bankNameField,
      bankOwner: bankOwnerField,
      banknum: bankNumberField,
      code: referralCodeField.optional(),
      /** Required when the site's recovery channel is e-mail. */
      email: emailField.optional(),
      birthDate: birthDateField,
      /** The member ticked "I accept the terms". */
      terms: z.literal(true, 'terms: must be accepted'),
      /** The version the page showed; refused (`termsChanged`) when the site has moved on. */
      termsVersion: z.string().max(32).optional(),
    }),
    /** The new member is logged in: the session as user-do-login answers it. */
    response: loggedIn,
  },
  'check-user-id': {
    auth: 'guest',
    request: z.object({ id: memberIdField }),
    response: ok,
  },
  'check-user-nick': {
    auth: 'guest',
    request: z.object({ nick: nickField }),
    response: ok,
  },
  /** Whether a referral code belongs to a member (`cant_find_code` when not). */
  'check-user-code': {
    auth: 'guest',
    request: z.object({ code: referralCodeField.min(1, 'code: required') }),
    response: ok,
  },
  'user-do-login': {
    auth: 'guest',
    /** `otp`: the second factor, for members who turned it on (else `otp_required`). */
    request: z.object({ id: loginText.optional(), pw: loginText.optional(), otp: otpField.optional() }),
    response: loggedIn,
    invalidMsg: MSG.loginFailed,
  },
  'user-logout': {
    auth: 'member',
    request: noFields,
    response: ok,
  },
  'user-health-check': {
    auth: 'member',
    withCounts: true,
    request: noFields,
    response: ok.extend({
      user: memberUser,
      noteCount: z.number().int(),
      helpCount: z.number().int(),
      /** The newest thing told to the member about their money (common `news.*`); the page shows a new one on screen. */
      news: memberNewsItem.nullable().optional(),
      /**
       * What the member owes (a corrected result's or a charged-back deposit's debt, repaid from their
       * next winnings): withdrawals and vault moves are refused (msg3041) until it is 0.
       */
      owed: z.number().int().optional(),
    }),
  },
  'get-reg-domain': {
    auth: 'guest',
    request: noFields,
    response: ok.extend({ domain: z.string(), site: siteInfo }),
  },
  'user-change-password': {
    auth: 'member',
    request: z.object({ oldPw: loginText, newPw: passwordField }),
    response: ok,
  },
  /**
   * Sets the login password without the current one (the older front ends' user_exchange_to_pass,
   * SPEC §7): needs the member's live session, and `otp` (a current code or a recovery code) when the
   * member turned two-step login on, else `otp_required` (msg3520; msg3521 when wrong); the member's
   * other sessions end.
   */
  'user-set-password': {
    auth: 'member',
    request: z.object({ pw: passwordField, otp: otpField.optional() }),
    response: ok,
    fieldMsgs: { otp: MSG.otpWrong },
  },
  ...accountRoutes,
  ...cashierRoutes,
  ...communityRoutes,
  ...gamesRoutes,
  ...jackpotRoutes,
  ...vaultRoutes,
  ...promotionsRoutes,
  ...protectionRoutes,
  ...kycRoutes,
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof routes;
export type RouteRequest<N extends RouteName> = z.input<(typeof routes)[N]['request']>;
export type ParsedRequest<N extends RouteName> = z.output<(typeof routes)[N]['request']>;
export type RouteReply<N extends RouteName> = z.infer<(typeof routes)[N]['response']>;

/** Every failure reply: a status word, the key the page shows, and English for logs and tools. */
export interface FailureReply {
  status: string;
  msg: MsgKey;
  message: string;
  [extra: string]: unknown;
}

export const routeNames = Object.keys(routes) as RouteName[];
export const isRouteName = (name: string): name is RouteName => Object.hasOwn(routes, name);
