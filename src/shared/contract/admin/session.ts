import { z } from 'zod';
import { LOCALES } from '../../format.ts';
import { OPERATOR_ROLES, PERMISSIONS } from '../../vocabulary.ts';
import { endpoint, ok } from './endpoint.ts';

export const operatorView = z.object({
  id: z.number(),
  login: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** The back office's language the operator chose; null until they choose one. */
  locale: z.enum(LOCALES).nullable(),
});

/** The operator's own session: login with password and TOTP, who am I, logout. */
export const sessionEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/login',
    summary: 'Operator login with password and a current TOTP code; sets the httpOnly `asid` cookie',
    body: z.object({
      login: z.string().max(64),
      password: z.string().max(128),
      otp: z.string().max(10),
      /** Scripts and tools ask for a Bearer token; the browser keeps it only in the httpOnly cookie. */
      bearer: z.boolean().optional(),
    }),
    response: ok.extend({ operator: operatorView, token: z.string().optional() }),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    summary: "Ends the operator's session",
    response: ok,
  }),
  me: endpoint({
    method: 'GET',
    path: '/me',
    summary: 'The signed-in operator and what their role may do',
    response: ok.extend({
      operator: operatorView,
      permissions: z.array(z.enum(PERMISSIONS)),
      /** Every site with its time zone and currency: the back office shows times in the chosen site's zone. */
      sites: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          timezone: z.string(),
          currency: z.string(),
          isDefault: z.boolean(),
        }),
      ),
    }),
  }),
  password: endpoint({
    method: 'POST',
    path: '/me/password',
    summary:
      "Changes the signed-in operator's password with the current one; their other sessions end (the owner who handed it over no longer knows it)",
    body: z.object({
      current: z.string().max(128),
      password: z
        .string()
        .min(12, 'password: at least 12 characters')
        .max(128, 'password: at most 128 characters'),
    }),
    response: ok,
  }),
  language: endpoint({
    method: 'POST',
    path: '/me/language',
    summary: "Remembers the back office's language for the signed-in operator (th, en, ko, jp, vn)",
    body: z.object({ locale: z.enum(LOCALES) }),
    response: ok,
  }),
} as const;
