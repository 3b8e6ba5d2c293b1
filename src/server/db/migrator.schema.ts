import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/** The migrator's record of the SQL function files it applied (sql-functions.ts). */
export const schemaFunctions = pgTable('schema_functions', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamptz('applied_at').notNull().defaultNow(),
});
