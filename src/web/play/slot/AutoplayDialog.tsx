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
        <StopAmount
          label={t('autoplay.lossLimit')}
          value={lossLimit}
          onChange={setLossLimit}
          testId="autoplay-loss-limit"
        />
        <StopAmount
          label={t('autoplay.winAbove')}
          value={winAbove}
          onChange={setWinAbove}
          testId="autoplay-win-above"
        />
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

/** An amount that stops autoplay early: digits only, empty for no limit. */
function StopAmount(props: { label: string; value: string; onChange(value: string): void; testId: string }) {
  const t = usePlayT();
  return (
    <label className={playStyles.field}>
      {props.label}
      <input
        inputMode="numeric"
        value={props.value}
        placeholder={t('autoplay.noLimit')}
        onChange={(e) => props.onChange(e.target.value.replace(/\D/g, ''))}
        data-testid={props.testId}
      />
    </label>
  );
}
