import type { ReactNode } from 'react';
import styles from './ui.module.css';

export interface Column<T> {
  head: string;
  cell(row: T): ReactNode;
  numeric?: boolean;
  wrap?: boolean;
}

/** A scrolling table of rows, or a plain sentence when there are none. */
export function Table<T>({
  rows,
  columns,
  rowKey,
  empty,
  label,
}: {
  rows: T[] | undefined;
  columns: Column<T>[];
  rowKey(row: T): string | number;
  empty: string;
  label: string;
}) {
  if (!rows) return <p className={styles.empty}>Loading…</p>;
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  const cellClass = (column: Column<T>) =>
    [column.numeric ? styles.num : '', column.wrap ? styles.wrap : ''].join(' ').trim() || undefined;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.head} className={cellClass(column)}>
                {column.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.head} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
