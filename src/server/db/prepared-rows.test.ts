import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendAvailable, createTestDatabase, isPostgres } from '../../../test/support/test-db.ts';
import { type Database, type Db, driverOf, preparedRows, queryRows } from './client.ts';

/** The same statement, unnamed: parsed and planned on this call only (what preparedRows replaces). */
async function run(db: Db, ...statements: string[]) {
  for (const statement of statements) await queryRows(db, sql.raw(statement));
}

async function unpreparedRows(db: Db, text: string, values: unknown[]): Promise<unknown[]> {
  const driver = driverOf(db);
  return driver instanceof pg.Pool
    ? (await driver.query(text, values)).rows
    : (await driver.query(text, values)).rows;
}

/** Named statements (`preparedRows`) against the same SQL run unprepared, on both drivers. */
describe.runIf(backendAvailable)('preparedRows', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await queryRows(
      db,
      sql.raw('create table prep_t (id int8 primary key, label text, at timestamptz, ok bool)'),
    );
  });
  afterAll(() => database.close());

  const ROW_SQL = 'select id, label, at, ok, $2::int4 + 1 as next from prep_t where id = $1';

  it('returns what the unprepared statement returns, call after call (past the plan cache switch)', async () => {
    await queryRows(
      db,
      sql`insert into prep_t values (${9_007_199_254_740_991}, 'max', '2024-01-02T03:04:05Z', true)`,
    );
    await queryRows(db, sql`insert into prep_t values (2, null, null, false)`);
    for (const id of [9_007_199_254_740_991, 2]) {
      const expected = await unpreparedRows(db, ROW_SQL, [id, 41]);
      // Seven calls: PostgreSQL plans the first five for their values, then may keep a generic plan.
      for (let i = 0; i < 7; i++)
        expect(await preparedRows(db, 'prep_row', ROW_SQL, [id, 41])).toEqual(expected);
    }
    const [max] = await preparedRows<{ id: number; at: Date }>(
      db,
      'prep_row',
      ROW_SQL,
      [9_007_199_254_740_991, 0],
    );
    expect(max!.id).toBe(9_007_199_254_740_991);
    expect(max!.at).toEqual(new Date('2024-01-02T03:04:05Z'));
    expect(await preparedRows(db, 'prep_row', ROW_SQL, [404, 0])).toEqual([]);
  });

  it('throws the database error with its SQLSTATE, and the next call works', async () => {
    const insert = 'insert into prep_t (id, label) values ($1, $2) returning id';
    expect(await preparedRows(db, 'prep_insert', insert, [10, 'ten'])).toEqual([{ id: 10 }]);
    await expect(preparedRows(db, 'prep_insert', insert, [10, 'again'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'prep_t_pkey',
    });
    await expect(preparedRows(db, 'prep_divide', 'select 1 / $1::int4 as q', [0])).rejects.toMatchObject({
      code: '22012',
    });
    await expect(preparedRows(db, 'prep_bad', 'selec 1', [])).rejects.toMatchObject({ code: '42601' });
    expect(await preparedRows(db, 'prep_insert', insert, [11, 'eleven'])).toEqual([{ id: 11 }]);
    expect(await preparedRows(db, 'prep_divide', 'select 1 / $1::int4 as q', [1])).toEqual([{ q: 1 }]);
  });

  it('refuses a wrong number of values, as the server does, and serves the right number next', async () => {
    await expect(preparedRows(db, 'prep_row', ROW_SQL, [2])).rejects.toMatchObject({ code: '08P01' });
    expect(await preparedRows(db, 'prep_row', ROW_SQL, [2, 1])).toHaveLength(1);
  });

  it('writes outside any transaction another caller has open', async () => {
    const insert = 'insert into prep_t (id, label) values ($1, $2)';
    let outside: Promise<unknown> = Promise.resolve();
    const rolledBack = db.transaction(async (tx) => {
      await queryRows(tx, sql`insert into prep_t (id, label) values (20, 'in the transaction')`);
      outside = preparedRows(db, 'prep_insert_plain', insert, [21, 'outside']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    await outside;
    const ids = await queryRows<{ id: number }>(
      db,
      sql`select id from prep_t where id in (20, 21) order by id`,
    );
    expect(ids).toEqual([{ id: 21 }]);
  });
});

/** PGlite keeps its named statements for the life of the instance: they must follow schema changes. */
describe.runIf(backendAvailable && !isPostgres)('preparedRows on PGlite', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await run(db, 'create table prep_s (id int4, a text)', "insert into prep_s values (1, 'a')");
  });
  afterAll(() => database.close());

  it('returns the current columns after DDL, never the cached ones', async () => {
    const all = 'select * from prep_s where id = $1';
    expect(await preparedRows(db, 'prep_all', all, [1])).toEqual([{ id: 1, a: 'a' }]);
    await run(
      db,
      'alter table prep_s add column b int4 default 7',
      'alter table prep_s alter column a type varchar(5)',
    );
    expect(await preparedRows(db, 'prep_all', all, [1])).toEqual([{ id: 1, a: 'a', b: 7 }]);
    await run(db, 'alter table prep_s drop column a');
    expect(await preparedRows(db, 'prep_all', all, [1])).toEqual([{ id: 1, b: 7 }]);
  });

  it('prepares again when the statement was deallocated behind its back', async () => {
    const one = 'select $1::int4 as v';
    expect(await preparedRows(db, 'prep_one', one, [5])).toEqual([{ v: 5 }]);
    await run(db, 'deallocate all');
    expect(await preparedRows(db, 'prep_one', one, [6])).toEqual([{ v: 6 }]);
  });

  it('refuses one name for two statements, as node-postgres does', async () => {
    await preparedRows(db, 'prep_named', 'select 1 as v', []);
    await expect(preparedRows(db, 'prep_named', 'select 2 as v', [])).rejects.toThrow(
      'Prepared statements must be unique',
    );
  });
});
