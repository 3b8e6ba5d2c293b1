import { memo, useRef } from 'react';
import { type LineWin, PAYLINES, type SlotMachine } from '../../../shared/games/slot-machine.ts';
import { SymbolArt } from './SymbolArt.tsx';
import styles from './slot.module.css';

/** Colours of the ten paylines, so neighbouring lines can be told apart. */
const LINE_COLOURS = [
  '#ffd24a',
  '#4ade80',
  '#60a5fa',
  '#f472b6',
  '#fb923c',
  '#a78bfa',
  '#2dd4bf',
  '#f87171',
  '#facc15',
  '#38bdf8',
];

/**
 * The five reels. A spinning reel shows its strip scrolling by a CSS transform animation (the
 * compositor runs it, so it holds 60 fps with no layout work); a stopped reel shows its three
 * symbols with a short landing bounce. Winning lines are drawn over the reels.
 */
export const Reels = memo(function Reels(props: {
  machine: SlotMachine;
  grid: string[][];
  spinning: boolean[];
  lines: LineWin[];
  /** The line drawn strongest while the wins cycle (-1: all alike). */
  focus: number;
  expanded: number[];
  quick: boolean;
}) {
  const { machine, grid, spinning, lines, focus, expanded } = props;
  // The landing bounce follows a spin: the reels the window opens with are already at rest.
  const spun = useRef(false);
  if (spinning.some(Boolean)) spun.current = true;
  const atRest = spun.current ? styles.landed : '';
  const winning = new Set(
    lines.flatMap((l) => PAYLINES[l.line]!.slice(0, l.count).map((row, reel) => `${reel}:${row}`)),
  );
  return (
    <div className={styles.reels} data-testid="reels">
      {grid.map((column, reel) => (
        <div key={reel} className={styles.reel}>
          <div
            className={`${styles.stack} ${spinning[reel] ? styles.hidden : atRest} ${expanded.includes(reel) ? styles.expanded : ''}`}
          >
            {column.map((symbol, row) => (
              <div
                key={row}
                className={`${styles.cell} ${winning.has(`${reel}:${row}`) ? styles.cellWin : ''}`}
              >
                <SymbolArt machine={machine.code} symbol={symbol} />
              </div>
            ))}
          </div>
          {spinning[reel] && <SpinningStrip machine={machine} reel={reel} quick={props.quick} />}
        </div>
      ))}
      {lines.length > 0 && (
        <svg className={styles.paylines} viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true">
          {lines.map((l) => (
            <polyline
              key={l.line}
              data-testid="payline"
              points={PAYLINES[l.line]!.map((row, r) => `${r * 100 + 50},${row * 100 + 50}`).join(' ')}
              stroke={LINE_COLOURS[l.line]}
              strokeWidth={focus === -1 || focus === l.line ? 6 : 2}
              opacity={focus === -1 || focus === l.line ? 1 : 0.35}
              fill="none"
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      )}
    </div>
  );
});

/** Eight symbols of the reel's own strip, twice, scrolled by exactly one copy per loop. */
function SpinningStrip({ machine, reel, quick }: { machine: SlotMachine; reel: number; quick: boolean }) {
  const strip = machine.strips[reel]!;
  const shown = Array.from({ length: 8 }, (_, i) => strip[(i * 3 + reel) % strip.length]!);
  return (
    <div className={styles.spinWindow} aria-hidden="true">
      <div className={styles.spinStrip} style={{ animationDuration: quick ? '0.22s' : '0.36s' }}>
        {[...shown, ...shown].map((symbol, i) => (
          <div key={i} className={styles.cell}>
            <SymbolArt machine={machine.code} symbol={symbol} />
          </div>
        ))}
      </div>
    </div>
  );
}
