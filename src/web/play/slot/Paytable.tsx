import { formatFixed } from '../../../shared/format.ts';
import { PUBLISHED } from '../../../shared/games/machines/index.ts';
import { PAYLINES, type SlotMachine } from '../../../shared/games/slot-machine.ts';
import { money, playLocale, usePlayT } from '../i18n.ts';
import { JackpotPaytableNote } from '../jackpot/JackpotPaytableNote.tsx';
import type { WindowPlay } from '../jackpot/playsForJackpot.ts';
import playStyles from '../play.module.css';
import { SymbolArt } from './SymbolArt.tsx';
import styles from './slot.module.css';

const percent = (x: number, digits: number) => formatFixed(x * 100, digits, playLocale);

/** The machine's published paytable at the current line bet: pays, its feature, the exact RTP. */
export function Paytable({
  machine,
  lineBet,
  play,
  onClose,
}: {
  machine: SlotMachine;
  lineBet: number;
  /** The window's play: the jackpot's rules show only where it takes part. */
  play: WindowPlay;
  onClose(): void;
}) {
  const t = usePlayT();
  const f = machine.feature;
  const published = PUBLISHED[machine.code]!;
  const paying = machine.symbols.filter((s) => machine.paytable[s]!.some((pay) => pay > 0));
  const scatter = f?.kind === 'freeSpins' ? f.scatter : null;
  return (
    <div className={playStyles.overlay} role="dialog" aria-modal="true" aria-label={t('paytable')}>
      <div className={playStyles.sheet} data-testid="paytable">
        <h2>{t('paytable')}</h2>
        <p className={styles.featureText}>
          {t(`table.feature.${machine.code}`, {
            spins: f?.kind === 'freeSpins' ? f.spins : 0,
            multiplier: f?.kind === 'freeSpins' ? f.winMultiplier : 1,
          })}
        </p>
        <table className={playStyles.paytable}>
          <thead>
            <tr>
              <th />
              <th>×3</th>
              <th>×4</th>
              <th>×5</th>
            </tr>
          </thead>
          <tbody>
            {paying.map((symbol) => (
              <tr key={symbol}>
                <td className={playStyles.paySymbol}>
                  <SymbolArt machine={machine.code} symbol={symbol} />
                </td>
                {machine.paytable[symbol]!.map((pay, i) => (
                  <td key={i}>{money(pay * lineBet)}</td>
                ))}
              </tr>
            ))}
            {!paying.includes(machine.wild) && (
              <tr>
                <td className={playStyles.paySymbol}>
                  <SymbolArt machine={machine.code} symbol={machine.wild} />
                </td>
                <td colSpan={3}>{t('table.wild')}</td>
              </tr>
            )}
            {scatter && (
              <tr>
                <td className={playStyles.paySymbol}>
                  <SymbolArt machine={machine.code} symbol={scatter} />
                </td>
                <td colSpan={3}>{t('table.scatter')}</td>
              </tr>
            )}
          </tbody>
        </table>
        <p className={playStyles.muted}>{t('table.rules', { count: PAYLINES.length })}</p>
        {published.featureChance > 0 && (
          <p className={playStyles.muted}>
            {t('table.featureChance', { chance: percent(published.featureChance, 2) })}
          </p>
        )}
        <JackpotPaytableNote stake={lineBet * PAYLINES.length} {...play} />
        <p data-testid="rtp">{t('table.rtp', { rtp: percent(published.rtp, 2) })}</p>
        <button type="button" className={playStyles.spin} onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
