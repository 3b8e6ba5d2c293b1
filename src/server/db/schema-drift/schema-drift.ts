import { is, sql, TransactionRollbackError } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../client.ts';
import * as schema from '../schema.ts';
import { INDEX_INCLUDES, SQL_ONLY_TABLES } from './allow-list.ts';
import { readSchema } from './catalog.ts';
import { declaredDdl } from './declared-ddl.ts';
import { schemaDifferences } from './differences.ts';

/** Where the declarations are built for the comparison; it exists only inside a rolled-back transaction. */
const SCRATCH = 'schema_drift_declared';

/** Every table src/server/db/schema.ts gathers from the modules' `*.schema.ts` files. */
export function declaredTables(source: Record<string, unknown> = schema): PgTable[] {
  return Object.values(source).filter((value): value is PgTable => is(value, PgTable));
}

/**
 * The differences between the database's public schema (as the migrations built it) and `tables`:
 * the declarations are created in a scratch schema of the same database and both are read back from
 * the catalog, then everything is rolled back. An empty list means they match.
 */
export async function findSchemaDrift(db: Db, tables: PgTable[] = declaredTables()): Promise<string[]> {
  let differences: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`create schema ${SCRATCH}`));
      // Public after the scratch schema: extensions' operator classes (pg_trgm's gin_trgm_ops) live there.
      await queryRows(tx, sql`select set_config('search_path', ${`${SCRATCH}, public`}, true)`);
      for (const statement of declaredDdl(tables)) {
        try {
          await tx.execute(sql.raw(statement));
        } catch (error) {
          throw new Error(`the declared schema does not build: ${statement}`, { cause: error });
        }
      }
      const declared = await readSchema(tx, SCRATCH);
      const migrated = await readSchema(tx, 'public');
      differences = schemaDifferences(migrated, declared, Object.keys(SQL_ONLY_TABLES));
      const declaredIndexes = new Set([...declared.values()].flatMap((table) => [...table.indexes.keys()]));
      for (const name of Object.keys(INDEX_INCLUDES)) {
        if (!declaredIndexes.has(name))
          differences.push(`index ${name}: allow-listed INCLUDE, no such declared index`);
      }
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return differences;
}
