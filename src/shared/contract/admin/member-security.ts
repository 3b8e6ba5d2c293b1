import { z } from 'zod';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam, reasonBody } from './fields.ts';

/** A member's account security as the member page shows it (issue 32): 2FA, live sessions, what registration recorded. */
const memberSecurity = ok.extend({
  twoFactor: z.object({
    enabled: z.boolean(),
    enabledAt: instantOut.nullable(),
    recoveryCodesLeft: z.number().int(),
    /** Until when 5 wrong codes of the day lock the member's second step; null when it is not locked. */
    lockedUntil: instantOut.nullable(),
  }),
  activeSessions: z.number().int(),
  email: z.string().nullable(),
  birthDate: z.string().nullable(),
  termsVersion: z.string().nullable(),
  termsAcceptedAt: instantOut.nullable(),
});

export const memberSecurityEndpoints = {
  detail: endpoint({
    method: 'GET',
    path: '/members/:id/security',
    summary: "The member's two-step login, live sessions, e-mail, date of birth and accepted terms",
    params: idParam,
    response: memberSecurity,
  }),
  resetTwoFactor: endpoint({
    method: 'POST',
    path: '/members/:id/security/reset-2fa',
    summary:
      'Turns off the two-step login of a member who lost their phone and recovery codes (after checking who they are); audited, ends their sessions',
    params: idParam,
    response: ok,
  }),
  unlockTwoFactor: endpoint({
    method: 'POST',
    path: '/members/:id/security/unlock-2fa',
    summary:
      "Lifts the day's lock on a member's second step (5 wrong codes) before it ends, with a reason; audited, the member is told. Their 2FA stays on",
    params: idParam,
    body: reasonBody,
    response: ok.extend({ wasLocked: z.boolean() }),
  }),
} as const;
