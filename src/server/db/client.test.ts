import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, useTestDatabase } from '../../../test/support/test-db.ts';
import { driverOf, queryRows } from './client.ts';

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
