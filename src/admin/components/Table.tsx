import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

export interface Column<T> {
  head: string;
  cell(row: T): ReactNode;
  numeric?: boolean;
  wrap?: boolean;
}

/**
 * A table of rows, or a plain sentence when there are none. On a phone each row becomes a card, each
 * cell under its column's name (`data-label`), so a row's actions are in reach without scrolling sideways.
 */
export function Table<T>({
  rows,
  columns,
  rowKey,
  empty,
  label,
  rowClass,
}: {
  rows: T[] | undefined;
  columns: Column<T>[];
  rowKey(row: T): string | number;
  empty: string;
  label: string;
  /** A class for a row that must stand out (the ticker's alerted bets). */
  rowClass?(row: T): string | undefined;
}) {
  const { t } = useTranslation();
  if (!rows) return <p className={styles.empty}>{t('common.loading')}</p>;
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
            <tr key={rowKey(row)} className={rowClass?.(row)}>
              {columns.map((column) => (
                <td key={column.head} className={cellClass(column)} data-label={column.head}>
                  {/* One box per cell, so a phone's card keeps the cell's parts together beside its label. */}
                  <div className={styles.cell}>{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
