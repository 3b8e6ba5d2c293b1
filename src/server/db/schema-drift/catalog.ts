import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../client.ts';

/** One column as PostgreSQL's catalog describes it. */
export interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
}

/** One table: every definition is PostgreSQL's own text (pg_get_indexdef, pg_get_constraintdef). */
export interface TableShape {
  columns: Map<string, ColumnShape>;
  primaryKey: string | null;
  /** Index name → method, keys, INCLUDE and predicate (indexes behind a constraint are not here). */
  indexes: Map<string, string>;
  /** Check and unique constraints: name → definition. */
  constraints: Map<string, string>;
  /** Foreign keys by definition (their names are whatever each side generated). */
  foreignKeys: Set<string>;
}

export type SchemaShape = Map<string, TableShape>;

const emptyTable = (): TableShape => ({
  columns: new Map(),
  primaryKey: null,
  indexes: new Map(),
  constraints: new Map(),
  foreignKeys: new Set(),
});

/**
 * The tables of one schema as they really are. Call it inside a transaction: it points search_path at
 * the schema so that PostgreSQL writes names (sequences, referenced tables) without the schema; public
 * follows it, so a default calling one of the database's functions (sites.currency) reads the same from both.
 */
export async function readSchema(tx: DbOrTx, schema: string): Promise<SchemaShape> {
  await queryRows(tx, sql`select set_config('search_path', ${`${schema}, public`}, true)`);
  const shape: SchemaShape = new Map();
  const tables = await queryRows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p')`,
  );
  for (const { name } of tables) shape.set(name, emptyTable());
  const tableOf = (name: string) => shape.get(name) ?? emptyTable();

  const columns = await queryRows<{ table: string; name: string } & ColumnShape>(
    tx,
    sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.attnotnull as "notNull", pg_get_expr(d.adbin, d.adrelid) as "default"
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname = ${schema} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
  );
  for (const { table, name, ...column } of columns) tableOf(table).columns.set(name, column);

  const indexes = await queryRows<{ table: string; name: string; definition: string; unique: boolean }>(
    tx,
    sql`select c.relname as "table", i.relname as name, pg_get_indexdef(x.indexrelid) as definition,
               x.indisunique as "unique"
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class c on c.oid = x.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema}
          and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.conrelid = x.indrelid)`,
  );
  for (const { table, name, definition, unique } of indexes) {
    const body = definition.slice(definition.indexOf(' USING ') + 1);
    tableOf(table).indexes.set(name, `${unique ? 'UNIQUE ' : ''}${body}`);
  }

  const constraints = await queryRows<{ table: string; name: string; kind: string; definition: string }>(
    tx,
    sql`select c.relname as "table", k.conname as name, k.contype::text as kind,
               pg_get_constraintdef(k.oid, true) as definition
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and k.contype in ('p', 'u', 'c', 'f')`,
  );
  for (const { table, name, kind, definition } of constraints) {
    const shapeOf = tableOf(table);
    if (kind === 'p') shapeOf.primaryKey = definition;
    else if (kind === 'f') shapeOf.foreignKeys.add(definition);
    else shapeOf.constraints.set(name, definition);
  }
  return shape;
}
