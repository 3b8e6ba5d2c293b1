import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The migrator's record of the SQL function files it applied (sql-functions.ts). */
export const schemaFunctions = pgTable('schema_functions', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
