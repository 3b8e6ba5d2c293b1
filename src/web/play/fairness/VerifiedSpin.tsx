import type { SlotMachine, SlotOutcome } from '../../../shared/games/slot-machine.ts';
import { usePlayT } from '../i18n.ts';
import styles from '../play.module.css';
import { SymbolArt } from '../slot/SymbolArt.tsx';
import slotStyles from '../slot/slot.module.css';

function Window({ machine, window }: { machine: SlotMachine; window: string[][] }) {
  return (
    <div className={slotStyles.reels}>
      {window.map((column, reel) => (
        <div key={reel} className={slotStyles.stack}>
          {column.map((symbol, row) => (
            <div key={row} className={slotStyles.cell}>
              <SymbolArt machine={machine.code} symbol={symbol} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** A recomputed spin: the reels as read, the feature (every free spin too) and the total pay. */
export function VerifiedSpin({ machine, spin }: { machine: SlotMachine; spin: SlotOutcome }) {
  const t = usePlayT();
  const f = spin.feature;
  return (
    <div
      className={`${styles.verifyOutcome} ${slotStyles[`theme-${machine.code}`] ?? ''}`}
      data-testid="verify-outcome"
    >
      <Window machine={machine} window={spin.window} />
      {f?.kind === 'multiplier' && <p>{t('slot.luckyMultiplier', { value: f.value })}</p>}
      {f?.kind === 'expandingWilds' && <p>{t('slot.expandingWild')}</p>}
      {f?.kind === 'freeSpins' && (
        <>
          <p>{t('slot.freeSpins', { count: f.spins.length })}</p>
          {f.spins.map((free, i) => (
            <div key={i}>
              <p className={styles.muted}>{t('verifyPage.freeSpin', { n: i + 1 })}</p>
              <Window machine={machine} window={free.window} />
            </div>
          ))}
        </>
      )}
      <p data-testid="verify-pays">{t('verifyPage.pays', { multiplier: spin.multiplier })}</p>
    </div>
  );
}
