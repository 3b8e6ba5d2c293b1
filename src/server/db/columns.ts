import { bigserial, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns most tables declare alike. Each is a function: a Drizzle column builder belongs to the one
 * table it is declared in, so every table gets its own.
 */

/** The table's own key (`id bigserial primary key`). */
export const idColumn = () => bigserial('id', { mode: 'number' }).primaryKey();

/** When the row was written (`created_at timestamptz not null default now()`). */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
