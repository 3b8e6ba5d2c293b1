import type { LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { beforeAll } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '../../src/server/modules/backoffice/backoffice.schema.ts';
import { createOperator } from '../../src/server/modules/backoffice/operators.service.ts';
import { ORIGIN, type TestApp } from './test-app.ts';

export interface AdminClient {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

let operators = 0;

/**
 * A new operator of `role` (login `<role>-<n>`) logged in through the real login with a TOTP code:
 * the login and the bearer token.
 */
export async function loginNewOperator(t: TestApp, role: OperatorRole) {
  operators += 1;
  const login = `${role}-${process.pid % 1000}-${operators}`;
  const { totpSecret } = await createOperator(t.db, t.config.totpSecretKey, {
    login,
    password: 'operator-pass1',
    role,
  });
  const attempt = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN },
      payload: { login, password: 'operator-pass1', otp: generateSync({ secret: totpSecret }), bearer: true },
    });
  let res = await attempt();
  // A code made in the last moment of its 30-s step is checked in the next one: a fresh code then.
  if (res.statusCode === 401) res = await attempt();
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`);
  return { login, token: res.json().token as string };
}

/**
 * One logged-in operator per role (loginNewOperator); `as(role)` calls /api/admin with that
 * operator's bearer token, from our own origin.
 */
export function useOperators(t: TestApp) {
  const tokens: Partial<Record<OperatorRole, string>> = {};
  const logins: Partial<Record<OperatorRole, string>> = {};
  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) {
      const { login, token } = await loginNewOperator(t, role);
      tokens[role] = token;
      logins[role] = login;
    }
  });
  const as = (role: OperatorRole): AdminClient => {
    const headers = () => ({ origin: ORIGIN, authorization: `Bearer ${tokens[role]}` });
    return {
      get: (url) => t.app.inject({ method: 'GET', url, headers: headers() }),
      post: (url, body = {}) =>
        t.app.inject({ method: 'POST', url, headers: headers(), payload: body as object }),
    };
  };
  return { as, logins, token: (role: OperatorRole) => tokens[role] ?? '' };
}

/** The admin API as a bearer token's operator, from our own origin. */
export function clientOf(t: TestApp, token: () => string): AdminClient {
  const headers = () => ({ origin: ORIGIN, authorization: `Bearer ${token()}` });
  return {
    get: (url) => t.app.inject({ method: 'GET', url, headers: headers() }),
    post: (url, body = {}) =>
      t.app.inject({ method: 'POST', url, headers: headers(), payload: body as object }),
  };
}

/** A second operator of `role`, logged in before the file's tests (a four-eyes confirmation's other pair of eyes). */
export function useSecondOperator(t: TestApp, role: OperatorRole): () => AdminClient {
  let token = '';
  beforeAll(async () => {
    token = (await loginNewOperator(t, role)).token;
  });
  return () => clientOf(t, () => token);
}

/** The real admin login with a TOTP code made now, asking for a bearer token. */
export const operatorSignIn = (t: TestApp, login: string, password: string, secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: ORIGIN },
    payload: { login, password, otp: generateSync({ secret }), bearer: true },
  });
