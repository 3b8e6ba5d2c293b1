import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, useTestDatabase } from '../../../test/support/test-db.ts';
import { driverOf } from './client.ts';
import { heldConnection } from './held-connection.ts';

describe.runIf(isPostgres)('heldConnection', () => {
  const t = useTestDatabase();
  let pool: pg.Pool;
  beforeAll(() => {
    pool = driverOf(t.database.db) as pg.Pool;
  });

  const pidOf = async (held: ReturnType<typeof heldConnection>) =>
    (await held.query<{ pid: number }>({ text: 'select pg_backend_pid() as pid' }))[0]!.pid;

  it('keeps one connection while statements follow each other, and gives it back on release', async () => {
    const held = heldConnection(pool);
    const first = await pidOf(held);
    expect(await pidOf(held)).toBe(first);
    expect(pool.totalCount - pool.idleCount).toBe(1);
    held.release();
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('replaces a kept connection the server closed, without crashing', async () => {
    const held = heldConnection(pool);
    const doomed = await pidOf(held);
    await pool.query('select pg_terminate_backend($1)', [doomed]);
    // The next statement fails, or, if the loss was noticed first, already runs on a new connection.
    await pidOf(held).catch(() => undefined);
    expect(await pidOf(held)).toEqual(expect.any(Number));
    held.release();
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('closes the connection after a failed statement and carries on with a new one', async () => {
    const held = heldConnection(pool);
    const first = await pidOf(held);
    await expect(held.query({ text: 'select 1 / 0' })).rejects.toThrow(/division by zero/);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const next = await pidOf(held);
    expect(next).not.toBe(first);
    held.release();
    held.release();
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});
