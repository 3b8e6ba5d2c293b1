import { z } from 'zod';
import { OPERATOR_LOGIN, OPERATOR_ROLES } from '../../vocabulary.ts';
import { endpoint, instantOut, ok } from './endpoint.ts';
import { idParam, reasonBody } from './fields.ts';

export const operatorRow = z.object({
  id: z.number(),
  login: z.string(),
  role: z.enum(OPERATOR_ROLES),
  lockedUntil: instantOut.nullable(),
  /** Until when 5 wrong codes of the day lock the operator's second step; null when it is not locked. */
  codeLockedUntil: instantOut.nullable(),
  /** When an owner took the operator's access away; null while they may sign in. */
  disabledAt: instantOut.nullable(),
  createdAt: instantOut,
});

/**
 * Owners add operators and change their roles (the first owner comes from `npm run admin:create`).
 * A new operator's password and TOTP secret are shown once, to hand over. Owners may disable an
 * operator (someone who left, a stolen password) and enable them again.
 */
export const operatorsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/operators',
    summary: 'The operators (no secrets)',
    response: ok.extend({ operators: z.array(operatorRow) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/operators',
    summary: 'Adds an operator; the password and TOTP secret are in this reply only',
    body: z.object({
      login: z.string().regex(OPERATOR_LOGIN, 'a login of 3-32 lower-case letters, digits, _ or -'),
      role: z.enum(OPERATOR_ROLES),
    }),
    response: ok.extend({
      operator: z.object({ id: z.number(), login: z.string(), role: z.enum(OPERATOR_ROLES) }),
      password: z.string(),
      totpSecret: z.string(),
      otpauthUri: z.string(),
    }),
  }),
  setRole: endpoint({
    method: 'POST',
    path: '/operators/:id/role',
    summary: "Changes another operator's role",
    params: idParam,
    body: z.object({ role: z.enum(OPERATOR_ROLES) }),
    response: ok,
  }),
  access: endpoint({
    method: 'POST',
    path: '/operators/:id/access',
    summary: "Takes another operator's access away (no sign-in; their sessions end at once) or gives it back",
    params: idParam,
    body: z.object({ enabled: z.boolean() }),
    response: ok,
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/operators/:id/unlock',
    summary:
      "Lifts another operator's sign-in locks before they end (the day's lock of 5 wrong codes and the 15-minute lock of failed logins), with a reason; audited",
    params: idParam,
    body: reasonBody,
    response: ok.extend({ wasLocked: z.boolean() }),
  }),
} as const;
