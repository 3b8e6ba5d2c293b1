/**
 * What the drift test (schema-drift.test.ts) accepts as SQL-only, each with its reason. Keep both
 * lists short: a table the code reads belongs in a `*.schema.ts` file.
 */

/** Tables in the migrated database that have no Drizzle declaration, and why. */
export const SQL_ONLY_TABLES: Readonly<Record<string, string>> = {};

/**
 * Index columns carried in the index but not part of its key (`INCLUDE (...)`), which Drizzle's
 * `index()` cannot declare. The drift test adds them to the declared index, so the real index must
 * have exactly these.
 */
export const INDEX_INCLUDES: Readonly<Record<string, { columns: string[]; reason: string }>> = {
  help_tickets_waiting: {
    columns: ['kind'],
    reason: 'the support queues and the pending badge count waiting tickets by kind from the index alone',
  },
  cash_requests_waiting: {
    columns: ['kind'],
    reason: 'the cashier queues and the pending badge count waiting requests by kind from the index alone',
  },
};
