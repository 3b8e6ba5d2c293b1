import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbGate, startDbGate } from '../../../test/support/db-gate.ts';
import { isPostgres, useTestDatabase } from '../../../test/support/test-db.ts';
import { type Database, driverOf, openDatabase, queryRows } from './client.ts';

/** Found by `npm run chaos -- postgres`: a database restart under load crashed the server process. */
describe.runIf(isPostgres)('the PostgreSQL pool when the server drops a connection', () => {
  const t = useTestDatabase();
  let pool: pg.Pool;
  beforeAll(() => {
    pool = driverOf(t.database.db) as pg.Pool;
  });

  it('fails only the transaction holding it (no crash) and serves the next statement', async () => {
    const transaction = t.database.db.transaction(async (tx) => {
      const [{ pid }] = (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [
        { pid: number },
      ];
      await pool.query('select pg_terminate_backend($1)', [pid]);
      // The loss reaches the connection while the transaction's code runs between statements: an
      // 'error' event with no listener there would end the process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await queryRows(tx, sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    const [row] = await queryRows<{ one: number }>(t.database.db, sql`select 1 as one`);
    expect(row!.one).toBe(1);
  });
});

/**
 * A failover cuts a pool connection just as a transaction's BEGIN goes out on it (pgbouncer's
 * query_wait_timeout, HAProxy cutting the old primary's sessions). Drizzle never released such a
 * connection: each kept its place in the pool, and once all were kept every statement waited forever.
 */
describe.runIf(isPostgres)('the PostgreSQL pool when a transaction loses its connection at BEGIN', () => {
  const t = useTestDatabase();
  let gate: DbGate;
  let gated: Database;
  beforeAll(async () => {
    gate = await startDbGate(t.database.url!);
    gated = await openDatabase({ databaseUrl: gate.url, poolSize: 2 });
  });
  afterAll(async () => {
    await gated?.close();
    await gate?.close();
  });

  it('gives the connection back to the pool, which serves the next transaction', async () => {
    // Both of the pool's connections open and idle, so each transaction below is handed one of them.
    await Promise.all([1, 2].map(() => gated.db.execute(sql`select pg_sleep(0.05)`)));
    expect(gated.poolStats!()).toMatchObject({ total: 2, idle: 2 });
    gate.setCutOnWrite(true);
    for (const _ of [1, 2]) {
      await expect(gated.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow(/begin/);
    }
    gate.setCutOnWrite(false);
    const next = gated.db.transaction((tx) => queryRows<{ one: number }>(tx, sql`select 1 as one`));
    const late = new Promise((resolve) => setTimeout(() => resolve('still waiting for a connection'), 5000));
    expect(await Promise.race([next, late])).toEqual([{ one: 1 }]);
  });
});
