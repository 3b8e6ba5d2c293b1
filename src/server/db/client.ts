import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { releaseLostConnections } from './lost-connections.ts';
import { pgliteNamedRows } from './pglite-prepared.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service takes either and runs inside the caller's transaction when given one. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Set for PostgreSQL: where a connection of its own goes (the migrations' lock, the live updates'
   * LISTEN): DATABASE_DIRECT_URL when the pool's URL is a transaction pooler, else the pool's URL.
   */
  url?: string;
  /** The pool goes through a transaction pooler (pgbouncer): no named prepared statements. */
  pooled?: boolean;
  /** PostgreSQL: the connection pool's clients (metrics). PGlite has one in-process connection. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

const INT8_OID = 20;

/**
 * One parser for bigint on both drivers: money and counts arrive as JS numbers.
 * Amounts beyond 2^53 would lose precision, so they fail loudly instead.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} exceeds the safe integer range`);
  return value;
}

// node-postgres consults its global registry even when Drizzle overrides date parsers per query.
pg.types.setTypeParser(INT8_OID, parseInt8);

/**
 * PGlite's shared buffers live in its WebAssembly memory, which PostgreSQL touches whole at start and
 * never gives back: the default 128 MB put the server at about 440 MB resident. 32 MB holds the hot
 * pages of a casino's working set; colder ones come from the OS file cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps it in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir snapshot to start from (tests). */
  snapshot?: Blob | undefined;
  poolSize?: number;
  /**
   * A direct (session) connection URL, set when `databaseUrl` is a transaction pooler: session
   * features (LISTEN, the migrations' advisory lock) go there, and the pool prepares no named statements.
   */
  directUrl?: string | undefined;
  /** The URL is a transaction pooler (implied by `directUrl`): no named prepared statements. */
  pooled?: boolean;
}

/** Pools behind a transaction pooler, which may run each statement on another server connection. */
const pooledPools = new WeakSet<pg.Pool>();

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client's network error must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Nor may one the pool has handed out, which goes back to it as broken.
    releaseLostConnections(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    });
    const pooled = options.pooled ?? Boolean(options.directUrl);
    if (pooled) pooledPools.add(pool);
    return {
      db,
      kind: 'postgres',
      url: options.directUrl || options.databaseUrl,
      pooled,
      poolStats,
      close: () => pool.end(),
    };
  }
  // Closed by this process before another may open the directory (data-dir-lock.ts).
  let unlock = async () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    const dir = options.dataDir;
    unlock = await lockDataDir(dir, {
      onWait: () => console.warn(`waiting for the server that has ${dir} open to close it`),
    });
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.snapshot,
      parsers: { [INT8_OID]: parseInt8 },
      startParams: PGLITE_START_PARAMS,
      // Member search by any part of a name (migration 0036).
      extensions: { pg_trgm },
    });
  } catch (e) {
    await unlock();
    throw e;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}

/** Rows of a hand-written statement; both drivers return `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A hot-path statement by name: PostgreSQL parses and plans it once per connection (a named
 * prepared statement; on PGlite through its protocol API) instead of on every call. Only for the
 * root handle, not inside a transaction. Behind a transaction pooler the statement goes unnamed: the
 * next call may land on a server connection that never saw it prepared.
 */
export async function preparedRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = driverOf(db);
  if (client instanceof pg.Pool) {
    return (await client.query(statementFor(client, name, text, values))).rows as T[];
  }
  return pgliteNamedRows<T>(client, name, text, values);
}

const dialect = new PgDialect();

/**
 * A hand-written statement as a named prepared statement (preparedRows) on the root handle, else
 * (inside a transaction) as queryRows runs it. Its text must not vary between calls under one name:
 * every value a parameter (an array as one, sql-array.ts).
 */
export async function preparedQuery<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  if (!isRoot(db)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return preparedRows<T>(db, name, text, params);
}

/** The root handle (a pool, or the PGlite instance), not a transaction. */
export const isRoot = (db: DbOrTx): db is Db => '$client' in db;

/** A statement for `pool`: named (prepared once per connection) unless the pool is behind a transaction pooler. */
export function statementFor(pool: pg.Pool, name: string, text: string, values: unknown[]): pg.QueryConfig {
  return pooledPools.has(pool) ? { text, values } : { name, text, values };
}

/** The driver under a root handle: a pg.Pool on PostgreSQL, the PGlite instance otherwise. */
export function driverOf(db: Db): pg.Pool | PGlite {
  return (db as unknown as { $client: pg.Pool | PGlite }).$client;
}
