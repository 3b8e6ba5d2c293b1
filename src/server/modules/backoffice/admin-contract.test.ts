import { describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { jsonSchema } from '../../http/openapi/json-schema.ts';
import { ADMIN_ROUTES } from './admin-api.ts';

/** A value each path parameter accepts, so only the part under test is wrong. */
const GOOD_PARAMS: Record<string, string> = { id: '1', kind: 'notice', decision: 'approve', code: 'house' };
const urlOf = (url: string, params: Record<string, string>) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? GOOD_PARAMS[name] ?? 'x');

describe.runIf(backendAvailable)(
  'admin API contract: every route checks its input against the contract',
  () => {
    const t = useTestApp();
    const ops = useOperators(t);
    // The session table changes with every call (last seen); nothing else may.
    const snapshot = () => snapshotAllTables(t.db, ['operator_sessions']);

    const expectRefused = (res: { statusCode: number; json(): unknown }, label: string) => {
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({
        status: 'invalid',
        msg: 'msg3000',
        message: expect.any(String),
      });
    };

    it('refuses a body that is not an object, or whose fields have the wrong types, with 400, writing nothing', async () => {
      const withBody = ADMIN_ROUTES.filter((r) => r.endpoint.body || r.endpoint.bodyOf);
      expect(withBody.length).toBeGreaterThan(20);
      const before = await snapshot();
      for (const route of withBody) {
        const url = urlOf(route.url, {});
        const { body, bodyOf } = route.endpoint;
        const schema = body ?? bodyOf?.schemas[GOOD_PARAMS[bodyOf.param] ?? ''];
        const fields = Object.keys((jsonSchema(schema!) as { properties?: object }).properties ?? {});
        // Not an object at all; then each field in turn with a value no field accepts (a nested array).
        const bodies = [[], 'text', 42, true, ...fields.map((field) => ({ [field]: [[1]] }))];
        for (const payload of bodies) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: {
              origin: ORIGIN,
              authorization: `Bearer ${ops.token('owner')}`,
              'content-type': 'application/json',
            },
            payload: JSON.stringify(payload),
          });
          expectRefused(res, `${route.method} ${url} ${JSON.stringify(payload)}`);
        }
      }
      expect(await snapshot()).toBe(before);
    });

    it('refuses malformed path parameters and query values with 400', async () => {
      const before = await snapshot();
      for (const route of ADMIN_ROUTES.filter((r) => r.endpoint.params)) {
        const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
        for (const name of names) {
          const url = urlOf(route.url, { [name]: name === 'code' ? 'x'.repeat(65) : 'not-valid' });
          const res = await ops.as('owner')[route.method === 'GET' ? 'get' : 'post'](url, {});
          expectRefused(res, `${route.method} ${url}`);
        }
      }
      const badQueries = [
        `/api/admin/members?q=${'x'.repeat(65)}`,
        '/api/admin/games?category=poker',
        '/api/admin/support/tickets?kind=spam',
        '/api/admin/settings/payment-options?siteId=-1',
        '/api/admin/audit?limit=100000',
        '/api/admin/audit?before=abc',
        '/api/admin/audit?from=yesterday',
      ];
      for (const url of badQueries) expectRefused(await ops.as('owner').get(url), url);
      expect(await snapshot()).toBe(before);
    });

    it('answers with what the contract names only: no session id, no secret, no field it does not list', async () => {
      const me = (await ops.as('support').get('/api/admin/me')).json();
      expect(Object.keys(me.operator).sort()).toEqual(['id', 'locale', 'login', 'role']);
      const { operators } = (await ops.as('owner').get('/api/admin/operators')).json();
      for (const operator of operators) {
        expect(Object.keys(operator).sort()).toEqual([
          'codeLockedUntil',
          'createdAt',
          'disabledAt',
          'id',
          'lockedUntil',
          'login',
          'role',
        ]);
      }
      const member = await t.register();
      const { members } = (await ops.as('owner').get(`/api/admin/members?q=${member.id}`)).json();
      const detail = (await ops.as('owner').get(`/api/admin/members/${members[0].id}`)).json();
      expect(detail.profile.loginId).toBe(member.id);
      expect(detail.profile).not.toHaveProperty('passwordHash');
      expect(detail.profile.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    });
  },
);
