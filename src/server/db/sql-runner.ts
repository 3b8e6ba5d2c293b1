import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** The two things the migrator asks of a connection, on either driver. */
export interface SqlRunner {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of one or more statements (simple query protocol). */
  script(text: string): Promise<void>;
}

export function pgRunner(client: pg.Client): SqlRunner {
  return {
    rows: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    script: async (text) => {
      await client.query(text);
    },
  };
}

export function pgliteRunner(client: PGlite): SqlRunner {
  return {
    rows: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    script: async (text) => {
      await client.exec(text);
    },
  };
}
