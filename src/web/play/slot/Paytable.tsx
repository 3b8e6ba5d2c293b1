import { PAYLINES, PAYTABLE, SYMBOLS, theoreticalRtp } from '../../../shared/games/slot.ts';
import { money } from '../api.ts';
import type { LabelKey } from '../labels.ts';
import styles from '../play.module.css';
import { SymbolArt } from './SymbolArt.tsx';

const RTP = (theoreticalRtp() * 100).toFixed(2);

/** The published paytable: what 3, 4 and 5 of a kind pay at the current line bet, and the RTP. */
export function Paytable({
  lineBet,
  t,
  onClose,
}: {
  lineBet: number;
  t: Record<LabelKey, string>;
  onClose(): void;
}) {
  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={t.paytable}>
      <div className={styles.sheet}>
        <h2>{t.paytable}</h2>
        <table className={styles.paytable}>
          <thead>
            <tr>
              <th />
              <th>×3</th>
              <th>×4</th>
              <th>×5</th>
            </tr>
          </thead>
          <tbody>
            {SYMBOLS.map((symbol) => (
              <tr key={symbol}>
                <td className={styles.paySymbol}>
                  <SymbolArt symbol={symbol} />
                </td>
                {PAYTABLE[symbol].map((pay, i) => (
                  <td key={i}>{money(pay * lineBet)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.muted}>
          {PAYLINES.length} lines, paid left to right. WILD stands for every symbol. Return to player {RTP} %.
        </p>
        <button type="button" className={styles.spin} onClick={onClose}>
          {t.close}
        </button>
      </div>
    </div>
  );
}
