import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countAllRows } from '../../../test/support/db-counts.ts';
import { ORIGIN, useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { type RouteName, routeNames, routes } from '../../shared/contract/routes.ts';
import { PUBLIC_MODULES } from './public-api/public-api.ts';

/** The fields a route's request schema declares, to aim wrong types at each one. */
function fieldsOf(route: RouteName): string[] {
  const schema = routes[route].request;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${process.exit()} {{7*7}}',
  '\u0000nul',
  '../../etc/passwd',
  '🎰'.repeat(200),
  'x'.repeat(60_000),
];

/**
 * Routes whose fields are free text: hostile-looking strings are valid there (and stored verbatim).
 * A password is free text too: `' OR 1=1 --` has letters and a digit, so it is a valid new password.
 */
const FREE_TEXT_ROUTES = new Set<RouteName>(['user-write-help', 'none-login-write', 'user-set-password']);

/**
 * Routes that check the login password: a well-formed wrong one (`' OR 1=1 --`) is a guess, counted
 * against the member's password limit (attempt_limits) as a login's is. That count is the only write.
 */
const PASSWORD_CHECKED = new Set<RouteName>([
  'user-change-password',
  'user-change-bank',
  'user-2fa-setup',
  'user-2fa-disable',
  'user-ask-account',
]);

/** Every table's row count, the password limit's counters left out where the route checks a password. */
async function rowsWritten(db: Parameters<typeof countAllRows>[0], route: RouteName) {
  const counts = await countAllRows(db);
  if (PASSWORD_CHECKED.has(route)) delete counts.attempt_limits;
  return counts;
}

interface BadCase {
  label: string;
  payload: string;
  contentType?: string;
}

function badBodies(route: RouteName): BadCase[] {
  const fields = fieldsOf(route);
  const cases: BadCase[] = [
    { label: 'malformed JSON', payload: '{"id": ' },
    { label: 'JSON array', payload: '[]' },
    { label: 'JSON string', payload: '"hello"' },
    { label: 'JSON null', payload: 'null' },
    { label: 'prototype pollution', payload: '{"__proto__": {"admin": true}}' },
    { label: 'constructor pollution', payload: '{"constructor": {"prototype": {"admin": true}}}' },
    { label: 'oversized body', payload: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) },
    { label: 'form encoding', payload: 'id=a&pw=b', contentType: 'application/x-www-form-urlencoded' },
    { label: 'plain text', payload: 'hello', contentType: 'text/plain' },
  ];
  for (const field of fields) {
    const others = Object.fromEntries(fields.filter((f) => f !== field).map((f) => [f, 'valid1value']));
    for (const [kind, value] of [
      ['number', 12345],
      ['object', { $gt: '' }],
      ['array', ['a']],
      ['boolean', true],
    ] as const) {
      cases.push({ label: `${field} as ${kind}`, payload: JSON.stringify({ ...others, [field]: value }) });
    }
  }
  const required = fields.filter((f) => !routes[route].request.safeParse({}).success && f !== 'code');
  if (required.length > 0 && route !== 'user-do-login') {
    cases.push({ label: 'missing fields', payload: '{}' });
  }
  if (route !== 'user-do-login') {
    // Free text (help tickets) is stored as typed; there only the oversized string must be refused.
    const hostiles = FREE_TEXT_ROUTES.has(route)
      ? HOSTILE_STRINGS.filter((h) => h.length > 10_000)
      : HOSTILE_STRINGS;
    for (const hostile of hostiles.filter(() => fields.length > 0)) {
      const body = Object.fromEntries(fields.map((f) => [f, hostile]));
      cases.push({ label: `hostile ${JSON.stringify(hostile.slice(0, 12))}`, payload: JSON.stringify(body) });
    }
  }
  return cases;
}

describe.runIf(backendAvailable)(
  'member API contract: bad input gets a clear 4xx and changes nothing',
  () => {
    const t = useTestApp();

    for (const route of routeNames) {
      it(`${route}: every bad body is refused without a write`, async () => {
        // Its own fresh, valid session: member-only routes must get past the session check to the input.
        const { token } = await t.login();
        expect((await t.call('user-health-check', {}, { token })).statusCode).toBe(200);
        const before = await rowsWritten(t.db, route);
        const statuses: number[] = [];
        for (const bad of badBodies(route)) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/routes/${route}`,
            headers: {
              origin: ORIGIN,
              authorization: `Bearer ${token}`,
              'content-type': bad.contentType ?? 'application/json',
            },
            payload: bad.payload,
          });
          const context = `${route} / ${bad.label} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          statuses.push(res.statusCode);
          expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, context).toBeLessThan(500);
          const body = res.json();
          expect(typeof body.status, context).toBe('string');
          expect(body.status, context).not.toBe('success');
          expect(body.msg, context).toMatch(/^msg\d{4}$/);
          expect(typeof body.message, context).toBe('string');
          expect(res.body, context).not.toMatch(/at .+\.ts:\d+|node_modules/);
        }
        // The session was valid all along: a 401 would mean the input was never looked at.
        expect(
          statuses.filter((status) => status === 401),
          route,
        ).toEqual([]);
        expect(await rowsWritten(t.db, route)).toEqual(before);
      });
    }

    it('answers an unknown route with 404 and a wrong method with 405', async () => {
      const unknown = await t.call('no-such-route', {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ status: 'not_found', msg: 'msg3003' });
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'] as const) {
        const res = await t.app.inject({ method, url: '/api/routes/user-do-login' });
        expect(res.statusCode).toBe(405);
        expect(res.json()).toMatchObject({ status: 'method_not_allowed' });
      }
      const api404 = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(api404.statusCode).toBe(404);
      expect(api404.json()).toMatchObject({ status: 'not_found' });
    });

    it('answers a path that is not valid URL encoding, or too long a part of one, with a clear 4xx', async () => {
      const cases = [
        { url: '/api/routes/%E0%A4%A', code: 400 },
        { url: `/api/routes/${'r'.repeat(150)}`, code: 414 },
        { url: '/api/admin/members/%E0', code: 400 },
        { url: '/wallet/%ZZ/bet', code: 400 },
        { url: '/%E0%A4%A', code: 400 },
      ];
      for (const { url, code } of cases) {
        const res = await t.app.inject({ method: 'POST', url, payload: {} });
        expect(res.statusCode, url).toBe(code);
        expect(res.json(), url).toMatchObject({ status: 'invalid', msg: 'msg3000' });
      }
    });

    it('refuses a member-only route without a session, with msg2001', async () => {
      for (const route of routeNames.filter((r) => routes[r].auth === 'member')) {
        const res = await t.call(route, {});
        expect(res.statusCode, route).toBe(401);
        expect(res.json()).toMatchObject({ status: 'unauthorized', msg: 'msg2001' });
        const forged = await t.call(route, {}, { token: 'A'.repeat(43) });
        expect(forged.statusCode, route).toBe(401);
      }
    });

    it('sends security headers, including a strict Content-Security-Policy', async () => {
      const res = await t.call('get-reg-domain', {});
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  },
);

/** Field names the older front ends send on /public/, aimed at every path beside its route's own fields. */
const OLDER_FIELDS = [
  'id',
  'pw',
  'pass',
  'code',
  'balance',
  'point',
  'skip',
  'company',
  'idx',
  'title',
  'contents',
];
const WRONG_VALUES: unknown[] = [12345, { $gt: '' }, ['a'], true, ...HOSTILE_STRINGS];
/** One field alone is a complete, valid request there: single-field cases would be real writes. */
const COMPLETE_WITH_ONE_FIELD = new Set([
  'community/user_ask_account_wirte_help',
  'user/user_exchange_to_pass',
]);
const UNREADABLE: BadCase[] = [
  { label: 'malformed JSON', payload: '{"id": ' },
  { label: 'oversized body', payload: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) },
  { label: 'form encoding', payload: 'id=a&pw=b', contentType: 'application/x-www-form-urlencoded' },
  { label: 'plain text', payload: 'hello', contentType: 'text/plain' },
];
const NON_OBJECTS = ['[]', '"hello"', 'null', '12'];

describe.runIf(backendAvailable)(
  '/public/ paths: bad input gets a clear status, no 5xx, and changes nothing',
  () => {
    const t = useTestApp();
    // casino/ answers with slot/'s table.
    const paths = Object.entries(PUBLIC_MODULES)
      .filter(([module]) => module !== 'casino')
      .flatMap(([module, table]) =>
        Object.entries(table).map(([name, path]) => ({ at: `${module}/${name}`, path })),
      );

    for (const { at, path } of paths) {
      it(`${at}: every bad body is answered without a 5xx or a write`, async () => {
        const { token } = await t.login();
        const before = await rowsWritten(t.db, path.route);
        const send = (payload: string, contentType = 'application/json') =>
          t.app.inject({
            method: 'POST',
            url: `/public/${at}`,
            headers: { origin: 'https://front.example', session: token, 'content-type': contentType },
            payload,
          });
        for (const bad of UNREADABLE) {
          const res = await send(bad.payload, bad.contentType);
          const context = `${at} / ${bad.label} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, context).toBeLessThan(500);
          expect(res.json().data.status, context).not.toBe('success');
          expect(res.json().data.msg, context).toMatch(/^msg\d{4}$/);
        }
        for (const payload of NON_OBJECTS) {
          const res = await send(payload);
          const context = `${at} / ${payload} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          expect(res.json().data.status, context).not.toBe('success');
          expect(res.json().data.msg, context).toMatch(/^msg\d{4}$/);
        }
        if (!COMPLETE_WITH_ONE_FIELD.has(at)) {
          for (const field of new Set([...fieldsOf(path.route), ...OLDER_FIELDS])) {
            for (const value of WRONG_VALUES) {
              const res = await send(JSON.stringify({ [field]: value }));
              const context = `${at} / ${field}=${JSON.stringify(value).slice(0, 20)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
              expect(res.statusCode, context).toBeLessThan(500);
              expect(res.body, context).not.toMatch(/at .+\.ts:\d+|node_modules/);
            }
          }
        }
        expect(await rowsWritten(t.db, path.route)).toEqual(before);
      });
    }
  },
);

describe.runIf(backendAvailable)('load-balancer probes', () => {
  const t = useTestApp();

  it('answers /healthz and /readyz while the database is reachable', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'success' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'success' });
  });
});
