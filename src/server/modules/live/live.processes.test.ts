import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextCode } from '../../../../test/support/money.ts';
import { type ServerProcess, startServerProcess } from '../../../../test/support/server-process.ts';
import { openSse } from '../../../../test/support/sse.ts';
import { newMember } from '../../../../test/support/test-app.ts';
import { backendAvailable, createTestDatabase, isPostgres } from '../../../../test/support/test-db.ts';
import { totpSecretKeyFrom } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createOperator } from '../backoffice/operators.service.ts';

/** Two server processes on one PostgreSQL: a change made through one reaches a stream held by the other. */
describe.runIf(backendAvailable && isPostgres)('live updates across processes', () => {
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  const secrets = { SANDBOX_PSP_SECRET: 'live-test-psp', HOUSE_WALLET_SECRET: 'live-test-house' };

  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await Promise.all([
      startServerProcess(database.url!, secrets),
      startServerProcess(database.url!, secrets),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  });

  it('shows a deposit approved on one process to the member streaming from the other within a second, and ends on logout', async () => {
    const member = newMember();
    expect((await a.post('/api/routes/user-register', member)).status).toBe(201);
    const login = await a.post('/api/routes/user-do-login', { id: member.id, pw: member.pw });
    const token = login.json.token as string;
    const requested = await a.post(
      '/api/routes/apply-user-deposit',
      { balance: 50_000, code: nextCode() },
      token,
    );
    const requestId = requested.json.requestId as number;

    const { totpSecret } = await createOperator(database.db, totpSecretKeyFrom(process.env), {
      login: `live-cashier-${process.pid}`,
      password: 'operator-pass1',
      role: 'cashier',
    });
    const operator = await a.post('/api/admin/login', {
      login: `live-cashier-${process.pid}`,
      password: 'operator-pass1',
      otp: generateSync({ secret: totpSecret }),
      bearer: true,
    });
    expect(operator.status).toBe(200);

    const stream = await openSse(`${b.url}/api/live`, { authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'state');

    const approved = await a.post(
      `/api/admin/cashier/deposit/${requestId}/approve`,
      {},
      operator.json.token as string,
    );
    expect(approved.status).toBe(200);
    // Within a second of the approval's reply (the bound), or waitFor fails.
    await stream.waitFor(
      (e) => e.event === 'state' && (e.data as { user: { balance: number } }).user.balance === 50_000,
      1_000,
    );

    expect((await a.post('/api/routes/user-logout', {}, token)).status).toBe(200);
    await stream.waitFor((e) => e.event === 'end', 2_000);
    await stream.ended;
  });
});
