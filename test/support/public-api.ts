import type { LightMyRequestResponse } from 'fastify';
import { PUBLIC_MODULES } from '../../src/server/http/public-api/public-api.ts';
import type { TestApp } from './test-app.ts';

/** The older front ends are served from their own host. */
export const FRONT_ORIGIN = 'https://front.example';

export interface PublicCallOptions {
  /** The `session` header (the token do_login answered); left out when undefined. */
  session?: string | undefined;
  headers?: Record<string, string>;
  /** No body and no content type at all, as some of these clients POST. */
  bare?: boolean;
}

/** POST /public/<module>/<name> as an older front end on another host sends it. */
export function publicCall(
  t: TestApp,
  path: string,
  body: unknown = {},
  options: PublicCallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: FRONT_ORIGIN, ...options.headers };
  if (options.session !== undefined) headers.session = options.session;
  return t.app.inject({
    method: 'POST',
    url: `/public/${path}`,
    headers,
    ...(options.bare ? {} : { payload: body as object }),
  });
}

/** The `data` of a /public/ reply (every business outcome is HTTP 200 with {data: {status, ...}}). */
export async function publicData(
  t: TestApp,
  path: string,
  body: unknown = {},
  options: PublicCallOptions = {},
): Promise<Record<string, unknown>> {
  const res = await publicCall(t, path, body, options);
  if (res.statusCode !== 200) throw new Error(`/public/${path} answered ${res.statusCode}: ${res.body}`);
  return res.json().data as Record<string, unknown>;
}

/**
 * A `user/reg` body in the older clients' field set for a new member (newMember), with the demo
 * member's referral code and an empty nick (the server takes the id).
 */
export function olderRegistration(m: { id: string; pw: string; phone: string }) {
  return {
    id: m.id,
    pw: m.pw,
    pass_check: m.pw,
    phone: m.phone,
    bankname: 'Bangkok Bank', // a bank of the demo site's (baht) list
    birthDate: '1990-04-01',
    terms: true,
    banknumber: '111-222-3333',
    bankowner: 'Kim',
    exchange_pw: '1234',
    code: 'DEMO0001',
    nick: '',
  };
}

/** Logs in through /public/user/do_login and answers the session token. */
export async function publicLogin(t: TestApp, id: string, pw: string): Promise<string> {
  const data = await publicData(t, 'user/do_login', { id, pw });
  if (data.status !== 'success') throw new Error(`public login failed: ${JSON.stringify(data)}`);
  return data.session as string;
}

/**
 * `call` (publicData with a session) remembering every path it is given, and `uncalled`: the paths of
 * `modules` (less the names in `skip`) no call reached, so a file can hold itself to covering them all.
 */
export function trackedPublicCalls(t: TestApp) {
  const called = new Set<string>();
  const call = (path: string, body: unknown = {}, session?: string) => {
    called.add(path.toLowerCase());
    return publicData(t, path, body, { session });
  };
  const uncalled = (modules: string[], skip: string[] = []) =>
    modules
      .flatMap((mod) =>
        Object.keys(PUBLIC_MODULES[mod]!)
          .filter((name) => !skip.includes(name))
          .map((name) => `${mod}/${name}`.toLowerCase()),
      )
      .filter((path) => !called.has(path));
  return { call, called, uncalled };
}
