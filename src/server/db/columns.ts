import { bigint, bigserial, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns most tables declare alike. Each is a function: a Drizzle column builder belongs to the one
 * table it is declared in, so every table gets its own.
 */

/**
 * A `bigint` read as a JS number: ids and minor units stay far below 2^53, and every bigint of the
 * schema is read this way.
 */
export const int8 = (name: string) => bigint(name, { mode: 'number' });

/** A `timestamptz`: every point in time of the schema keeps its zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** The table's own key (`id bigserial primary key`). */
export const idColumn = () => bigserial('id', { mode: 'number' }).primaryKey();

/** When the row was written (`created_at timestamptz not null default now()`). */
export const createdAtColumn = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed (`updated_at timestamptz not null default now()`). */
export const updatedAtColumn = () => timestamptz('updated_at').notNull().defaultNow();
