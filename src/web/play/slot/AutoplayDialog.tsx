import { useState } from 'react';
import { usePlayT } from '../i18n.ts';
import playStyles from '../play.module.css';
import { AUTOPLAY_COUNTS, type AutoplaySettings } from './autoplay.ts';
import styles from './slot.module.css';

const amountOrNull = (text: string) => {
  const n = Number(text.replace(/\D/g, ''));
  return text.trim() === '' || !Number.isSafeInteger(n) || n <= 0 ? null : n;
};

/** Autoplay's settings: how many spins, and when to stop early. */
export function AutoplayDialog(props: { onStart(settings: AutoplaySettings): void; onClose(): void }) {
  const t = usePlayT();
  const [spins, setSpins] = useState(AUTOPLAY_COUNTS[0]!);
  const [lossLimit, setLossLimit] = useState('');
  const [winAbove, setWinAbove] = useState('');
  const [stopOnFeature, setStopOnFeature] = useState(false);

  return (
    <div className={playStyles.overlay} role="dialog" aria-modal="true" aria-label={t('autoplay.title')}>
      <form
        className={playStyles.sheet}
        onSubmit={(e) => {
          e.preventDefault();
          props.onStart({
            spins,
            lossLimit: amountOrNull(lossLimit),
            winAbove: amountOrNull(winAbove),
            stopOnFeature,
          });
        }}
      >
        <h2>{t('autoplay.title')}</h2>
        <fieldset className={styles.countPicker}>
          <legend>{t('autoplay.spins')}</legend>
          {AUTOPLAY_COUNTS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={spins === n}
              className={spins === n ? styles.countActive : ''}
              onClick={() => setSpins(n)}
            >
              {n}
            </button>
          ))}
        </fieldset>
        <label className={playStyles.field}>
          {t('autoplay.lossLimit')}
          <input
            inputMode="numeric"
            value={lossLimit}
            placeholder={t('autoplay.noLimit')}
            onChange={(e) => setLossLimit(e.target.value.replace(/\D/g, ''))}
            data-testid="autoplay-loss-limit"
          />
        </label>
        <label className={playStyles.field}>
          {t('autoplay.winAbove')}
          <input
            inputMode="numeric"
            value={winAbove}
            placeholder={t('autoplay.noLimit')}
            onChange={(e) => setWinAbove(e.target.value.replace(/\D/g, ''))}
            data-testid="autoplay-win-above"
          />
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={stopOnFeature}
            onChange={(e) => setStopOnFeature(e.target.checked)}
            data-testid="autoplay-on-feature"
          />
          {t('autoplay.onFeature')}
        </label>
        <button type="submit" className={playStyles.spin}>
          {t('autoplay.start')}
        </button>
        <button type="button" className={playStyles.ghost} onClick={props.onClose}>
          {t('close')}
        </button>
      </form>
    </div>
  );
}
