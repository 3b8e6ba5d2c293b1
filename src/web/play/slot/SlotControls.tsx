import { money, usePlayT } from '../i18n.ts';
import playStyles from '../play.module.css';
import styles from './slot.module.css';

/** The control bar: paytable, bet steps, max bet, spin, autoplay and quick spin. */
export function SlotControls(props: {
  totalBet: number;
  busy: boolean;
  autoplaying: boolean;
  quick: boolean;
  canStep: { down: boolean; up: boolean };
  onStep(dir: 1 | -1): void;
  onMaxBet(): void;
  onSpin(): void;
  onPaytable(): void;
  onAutoplay(): void;
  onStopAutoplay(): void;
  onQuick(): void;
}) {
  const t = usePlayT();
  const locked = props.busy || props.autoplaying;
  const stopOrOpen = props.autoplaying ? 'stop' : 'open';
  return (
    <div className={styles.controls}>
      <div className={styles.betRow}>
        <button type="button" className={playStyles.ghost} onClick={props.onPaytable}>
          {t('paytable')}
        </button>
        <div className={playStyles.betBox}>
          <button
            type="button"
            className={playStyles.round}
            onClick={() => props.onStep(-1)}
            disabled={locked || !props.canStep.down}
            aria-label={`${t('totalBet')} −`}
          >
            −
          </button>
          <div className={playStyles.betValue}>
            <small>{t('totalBet')}</small>
            <strong data-testid="total-bet">{money(props.totalBet)}</strong>
          </div>
          <button
            type="button"
            className={playStyles.round}
            onClick={() => props.onStep(1)}
            disabled={locked || !props.canStep.up}
            aria-label={`${t('totalBet')} +`}
          >
            +
          </button>
        </div>
        <button type="button" className={playStyles.ghost} onClick={props.onMaxBet} disabled={locked}>
          {t('slot.maxBet')}
        </button>
      </div>
      <div className={styles.spinRow}>
        <button
          type="button"
          className={`${playStyles.ghost} ${props.quick ? styles.toggleOn : ''}`}
          aria-pressed={props.quick}
          onClick={props.onQuick}
          data-testid="quick-spin"
        >
          {t('slot.quickSpin')}
        </button>
        <button
          type="button"
          className={`${playStyles.spin} ${styles.spinButton}`}
          onClick={props.onSpin}
          disabled={locked}
          data-testid="spin"
        >
          {t('spin')}
        </button>
        {/* Stops a running autoplay, else opens its settings (not while a spin is on). */}
        <button
          key={stopOrOpen}
          type="button"
          className={playStyles.ghost}
          onClick={props.autoplaying ? props.onStopAutoplay : props.onAutoplay}
          disabled={!props.autoplaying && props.busy}
          data-testid={`autoplay-${stopOrOpen}`}
        >
          {t(`autoplay.${stopOrOpen}`)}
        </button>
      </div>
    </div>
  );
}
