import { is, SQL } from 'drizzle-orm';
import {
  type ForeignKey,
  getTableConfig,
  type Index,
  type IndexedColumn,
  type PgColumn,
  PgDialect,
  type PgTable,
} from 'drizzle-orm/pg-core';
import { INDEX_INCLUDES } from './allow-list.ts';

/**
 * The DDL a set of Drizzle table declarations stands for: what `pgTable(...)` says about columns
 * (type, NOT NULL, default, primary key, unique), indexes, checks and foreign keys, written as
 * PostgreSQL statements. The drift test runs them in a scratch schema, so PostgreSQL itself
 * normalises both sides (types, defaults, predicates) before they are compared.
 */
const dialect = new PgDialect();

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const list = (names: (string | undefined)[]) => names.map((name) => quote(name ?? '?')).join(', ');

function render(expression: SQL, source?: 'indexes'): string {
  const query = dialect.sqlToQuery(expression, source);
  if (query.params.length > 0) {
    throw new Error(`schema SQL must be literal text, not parameters: ${query.sql}`);
  }
  return query.sql;
}

function literal(value: unknown, type: string): string {
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'::${type}`;
}

function columnDdl(column: PgColumn): string {
  if (column.generated || column.generatedIdentity) {
    throw new Error(`${column.name}: generated columns are not supported by the drift test yet`);
  }
  const type = column.getSQLType();
  const parts = [quote(column.name), type];
  if (column.primary) parts.push('PRIMARY KEY');
  if (column.notNull) parts.push('NOT NULL');
  if (column.default !== undefined) {
    const value = is(column.default, SQL)
      ? render(column.default)
      : literal(column.mapToDriverValue(column.default), type);
    parts.push(`DEFAULT ${value}`);
  }
  if (column.isUnique) {
    const nulls = column.uniqueType === 'not distinct' ? ' NULLS NOT DISTINCT' : '';
    parts.push(`CONSTRAINT ${quote(column.uniqueName ?? `${column.name}_unique`)} UNIQUE${nulls}`);
  }
  return parts.join(' ');
}

function indexKey(key: Partial<IndexedColumn | SQL>): string {
  if (is(key, SQL)) return render(key, 'indexes');
  const { name, indexConfig } = key as IndexedColumn;
  const order = indexConfig.order ?? 'asc';
  const nulls = indexConfig.nulls ?? (order === 'asc' ? 'last' : 'first');
  return [quote(name ?? '?'), indexConfig.opClass, order.toUpperCase(), `NULLS ${nulls.toUpperCase()}`]
    .filter(Boolean)
    .join(' ');
}

function indexDdl(table: string, index: Index): string {
  const { name, columns, unique, method, where } = index.config;
  if (!name) throw new Error(`${table}: every index needs a name`);
  const include = INDEX_INCLUDES[name] ? ` INCLUDE (${list(INDEX_INCLUDES[name].columns)})` : '';
  const predicate = where ? ` WHERE ${render(where, 'indexes')}` : '';
  const keys = columns.map(indexKey).join(', ');
  return `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${quote(name)} ON ${quote(table)} USING ${method ?? 'btree'} (${keys})${include}${predicate}`;
}

function foreignKeyDdl(table: string, key: ForeignKey): string {
  const { columns, foreignTable, foreignColumns } = key.reference();
  const target = getTableConfig(foreignTable).name;
  return (
    `ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(key.getName())} ` +
    `FOREIGN KEY (${list(columns.map((c) => c.name))}) REFERENCES ${quote(target)} (${list(foreignColumns.map((c) => c.name))}) ` +
    `ON DELETE ${key.onDelete ?? 'no action'} ON UPDATE ${key.onUpdate ?? 'no action'}`
  );
}

/** CREATE TABLE statements first, then indexes and foreign keys (which may name a later table). */
export function declaredDdl(tables: PgTable[]): string[] {
  const creates: string[] = [];
  const after: string[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    if (config.schema) throw new Error(`${config.name}: tables outside the public schema are not compared`);
    const lines = config.columns.map(columnDdl);
    for (const key of config.primaryKeys) {
      lines.push(`CONSTRAINT ${quote(key.getName())} PRIMARY KEY (${list(key.columns.map((c) => c.name))})`);
    }
    for (const unique of config.uniqueConstraints) {
      const names = unique.columns.map((c) => c.name);
      const name = unique.getName() ?? `${config.name}_${names.join('_')}_unique`;
      const nulls = unique.nullsNotDistinct ? ' NULLS NOT DISTINCT' : '';
      lines.push(`CONSTRAINT ${quote(name)} UNIQUE${nulls} (${list(names)})`);
    }
    for (const check of config.checks)
      lines.push(`CONSTRAINT ${quote(check.name)} CHECK (${render(check.value)})`);
    creates.push(`CREATE TABLE ${quote(config.name)} (\n  ${lines.join(',\n  ')}\n)`);
    for (const index of config.indexes) after.push(indexDdl(config.name, index));
    for (const key of config.foreignKeys) after.push(foreignKeyDdl(config.name, key));
  }
  return [...creates, ...after];
}
