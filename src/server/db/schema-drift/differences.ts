import type { ColumnShape, SchemaShape, TableShape } from './catalog.ts';

/**
 * Every way the migrated schema and the declared one differ, one line each, sorted. `sqlOnly` names
 * tables the declarations may leave out (allow-list.ts).
 */
export function schemaDifferences(
  migrated: SchemaShape,
  declared: SchemaShape,
  sqlOnly: readonly string[] = [],
): string[] {
  const out: string[] = [];
  for (const [name, table] of migrated) {
    const other = declared.get(name);
    if (other) compareTables(name, table, other, out);
    else if (!sqlOnly.includes(name))
      out.push(`table ${name}: in the migrated database, not declared in TypeScript`);
  }
  for (const name of declared.keys()) {
    if (!migrated.has(name)) out.push(`table ${name}: declared in TypeScript, not in the migrated database`);
    else if (sqlOnly.includes(name))
      out.push(`table ${name}: declared in TypeScript and allow-listed as SQL-only`);
  }
  for (const name of sqlOnly) {
    if (!migrated.has(name))
      out.push(`table ${name}: allow-listed as SQL-only, not in the migrated database`);
  }
  return out.sort();
}

const show = (value: string | null) => value ?? 'none';

function compareTables(table: string, migrated: TableShape, declared: TableShape, out: string[]): void {
  for (const [name, column] of migrated.columns) {
    const other = declared.columns.get(name);
    if (other) compareColumns(`${table}.${name}`, column, other, out);
    else out.push(`column ${table}.${name}: in the migrated database, not declared in TypeScript`);
  }
  for (const name of declared.columns.keys()) {
    if (!migrated.columns.has(name)) {
      out.push(`column ${table}.${name}: declared in TypeScript, not in the migrated database`);
    }
  }
  if (migrated.primaryKey !== declared.primaryKey) {
    out.push(
      `primary key of ${table}: migrated ${show(migrated.primaryKey)}, declared ${show(declared.primaryKey)}`,
    );
  }
  compareNamed(`index`, table, migrated.indexes, declared.indexes, out);
  compareNamed(`constraint`, table, migrated.constraints, declared.constraints, out);
  for (const key of migrated.foreignKeys) {
    if (!declared.foreignKeys.has(key)) out.push(`foreign key of ${table}: ${key}: migrated only`);
  }
  for (const key of declared.foreignKeys) {
    if (!migrated.foreignKeys.has(key)) out.push(`foreign key of ${table}: ${key}: declared only`);
  }
}

function compareColumns(name: string, migrated: ColumnShape, declared: ColumnShape, out: string[]): void {
  if (migrated.type !== declared.type) {
    out.push(`column ${name} type: migrated ${migrated.type}, declared ${declared.type}`);
  }
  if (migrated.notNull !== declared.notNull) {
    const nullability = (notNull: boolean) => (notNull ? 'not null' : 'nullable');
    out.push(
      `column ${name} nullability: migrated ${nullability(migrated.notNull)}, declared ${nullability(declared.notNull)}`,
    );
  }
  if (migrated.default !== declared.default) {
    out.push(
      `column ${name} default: migrated ${show(migrated.default)}, declared ${show(declared.default)}`,
    );
  }
}

function compareNamed(
  kind: string,
  table: string,
  migrated: Map<string, string>,
  declared: Map<string, string>,
  out: string[],
): void {
  for (const [name, definition] of migrated) {
    const other = declared.get(name);
    if (other === undefined) out.push(`${kind} ${name} on ${table}: migrated only (${definition})`);
    else if (other !== definition) {
      out.push(`${kind} ${name} on ${table}: migrated ${definition}, declared ${other}`);
    }
  }
  for (const [name, definition] of declared) {
    if (!migrated.has(name)) out.push(`${kind} ${name} on ${table}: declared only (${definition})`);
  }
}
