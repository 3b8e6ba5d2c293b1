import { z } from 'zod';
import { MSG } from '../messages.ts';
import {
  bankNameField,
  bankNumberField,
  bankOwnerField,
  loginText,
  memberIdField,
  passwordField,
} from './fields.ts';
import { noFields, ok } from './route-parts.ts';

/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx); spaces are ignored. */
export const otpField = z
  .string()
  .max(32)
  .transform((v) => v.replace(/\s/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{4}-[a-z0-9]{4})$/, 'otp: 6 digits or a recovery code'));

const activeSession = z.object({
  id: z.number(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});

/** Password recovery, two-step login, sessions and bank details (issue 32; docs/accounts.md). */
export const accountRoutes = {
  /**
   * Sends a one-time code to the account's e-mail or phone (the site's `recoveryChannel`). The answer is
   * the same, and takes as long, whether or not the account exists.
   */
  'user-password-forgot': {
    auth: 'guest',
    request: z.object({ id: memberIdField }),
    response: ok.extend({ channel: z.enum(['email', 'sms']) }),
  },
  /** Sets a new password with the code; every session of the member ends. */
  'user-password-reset': {
    auth: 'guest',
    request: z.object({
      id: memberIdField,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'code: 6 digits'),
      pw: passwordField,
    }),
    response: ok,
  },
  'user-2fa-status': {
    auth: 'member',
    request: noFields,
    response: ok.extend({
      enabled: z.boolean(),
      enabledAt: z.string().nullable(),
      recoveryCodesLeft: z.number().int(),
    }),
  },
  /** Starts turning TOTP on: a new secret for the authenticator app (the login password first). */
  'user-2fa-setup': {
    auth: 'member',
    request: z.object({ pw: loginText }),
    response: ok.extend({ secret: z.string(), uri: z.string() }),
  },
  /** Turns TOTP on with a first code from the app; answers ten recovery codes, shown once. */
  'user-2fa-enable': {
    auth: 'member',
    request: z.object({ otp: otpField }),
    response: ok.extend({ recoveryCodes: z.array(z.string()) }),
  },
  'user-2fa-disable': {
    auth: 'member',
    request: z.object({ pw: loginText, otp: otpField }),
    response: ok,
  },
  /** The member's live sessions (devices), newest first. */
  'user-sessions': {
    auth: 'member',
    request: noFields,
    response: ok.extend({ list: z.array(activeSession) }),
  },
  'user-sessions-end-others': {
    auth: 'member',
    request: noFields,
    response: ok.extend({ count: z.number().int() }),
  },
  /** New bank details (a bank from the site's list): the login password, and the second factor when on. */
  'user-change-bank': {
    auth: 'member',
    request: z.object({
      pw: loginText,
      bankname: bankNameField,
      bankOwner: bankOwnerField,
      banknum: bankNumberField,
      otp: otpField.optional(),
    }),
    response: ok,
    fieldMsgs: { otp: MSG.otpWrong },
  },
} as const;
