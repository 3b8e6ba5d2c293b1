import type { ReactNode } from 'react';
import styles from './Tiles.module.css';

export interface Tile {
  key: string;
  label: string;
  value: ReactNode;
  /** alert: trouble an operator acts on (red); wait: work still running (amber). */
  tone?: 'alert' | 'wait';
  testId?: string;
}

/** A row of read-only figures (the dashboard's counts, the system's health, the reconciler's findings). */
export function Tiles({ label, tiles }: { label: string; tiles: Tile[] }) {
  return (
    <dl className={styles.tiles} aria-label={label}>
      {tiles.map((tile) => (
        <div key={tile.key} className={`${styles.tile} ${tile.tone ? styles[tile.tone] : ''}`}>
          <dt>{tile.label}</dt>
          <dd data-testid={tile.testId} translate="no">
            {tile.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
