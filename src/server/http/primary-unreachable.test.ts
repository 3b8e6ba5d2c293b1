import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbGate, startDbGate } from '../../../test/support/db-gate.ts';
import { newMember, ORIGIN } from '../../../test/support/test-app.ts';
import { createTestDatabase, isPostgres } from '../../../test/support/test-db.ts';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { cashRequests } from '../modules/cashier/cashier.schema.ts';

describe.runIf(isPostgres)(
  'no primary reachable: 503 with Retry-After, nothing acknowledged, then back',
  () => {
    let direct: Database;
    let gated: Database;
    let gate: DbGate;
    let app: FastifyInstance;

    beforeAll(async () => {
      direct = await createTestDatabase();
      gate = await startDbGate(direct.url!);
      gated = await openDatabase({ databaseUrl: gate.url, poolSize: 4 });
      app = await buildApp({
        config: { ...readConfig({}), webRoot: undefined },
        database: gated,
        logger: false,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await gated?.close();
      await gate?.close();
      await direct?.close();
    });

    const call = (route: string, body: object, token?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/routes/${route}`,
        headers: { origin: ORIGIN, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: body,
      });

    it('answers 503 while the database is out of reach, and applies the repeat once when it is back', async () => {
      const member = newMember();
      expect((await call('user-register', member)).statusCode).toBe(201);
      const token = (await call('user-do-login', { id: member.id, pw: member.pw })).json().token as string;
      const deposit = { balance: 10_000, code: `gate-${member.id}` };

      gate.setDown(true);
      const refused = await call('apply-user-deposit', deposit, token);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ status: 'unavailable', msg: expect.any(String) });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      const stored = () =>
        direct.db
          .select({ id: cashRequests.id })
          .from(cashRequests)
          .where(eq(cashRequests.clientCode, deposit.code));
      expect(await stored()).toEqual([]);

      gate.setDown(false);
      const again = await call('apply-user-deposit', deposit, token);
      expect(again.statusCode, again.body).toBe(200);
      const repeat = await call('apply-user-deposit', deposit, token);
      expect(repeat.json().requestId).toBe(again.json().requestId);
      expect(await stored()).toHaveLength(1);
    });
  },
);
