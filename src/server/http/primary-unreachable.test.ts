import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, ORIGIN } from '../../../test/support/test-app.ts';
import { createTestDatabase, isPostgres } from '../../../test/support/test-db.ts';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { cashRequests } from '../modules/cashier/cashier.schema.ts';

/**
 * A stand-in for HAProxy in front of PostgreSQL: while `down`, it accepts and closes every connection
 * (no server is up behind it, as during a failover) and cuts the open ones.
 */
async function startGate(target: { host: string; port: number }) {
  let down = false;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end).pipe(upstream);
    upstream.on('error', end).on('close', end).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    setDown(value: boolean) {
      down = value;
      if (value) for (const socket of open) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(isPostgres)(
  'no primary reachable: 503 with Retry-After, nothing acknowledged, then back',
  () => {
    let direct: Database;
    let gated: Database;
    let gate: Awaited<ReturnType<typeof startGate>>;
    let app: FastifyInstance;

    beforeAll(async () => {
      direct = await createTestDatabase();
      const url = new URL(direct.url!);
      gate = await startGate({ host: url.hostname, port: Number(url.port) });
      url.port = String(gate.port);
      gated = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
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
