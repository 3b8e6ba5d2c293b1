import type { HouseSuccess } from '../../../shared/contract/house-api.ts';
import { money, usePlayT } from '../i18n.ts';
import styles from './slot.module.css';

export type FreeSpinsState = NonNullable<HouseSuccess<'init'>['freeSpins']>;
/** What the last free spin left: the bonus money held, the wagering it needs and has. */
export interface BonusState {
  bonus: number;
  wageringRequired: number;
  wageringDone: number;
}

/**
 * A promotion's free spins of this slot: how many are left, the button that plays one (at the
 * promotion's stake, paid by the promotion), and, once one is played, the bonus money their wins
 * made and its wagering.
 */
export function FreeSpinsBar(props: {
  spins: FreeSpinsState | null;
  bonus: BonusState | null;
  busy: boolean;
  onPlay(): void;
}) {
  const t = usePlayT();
  const { spins, bonus } = props;
  if (!spins && !bonus) return null;
  return (
    <div className={styles.promoSpins} data-testid="promo-spins">
      {spins && spins.left > 0 ? (
        <>
          <strong data-testid="promo-spins-left" data-value={spins.left}>
            {t('promoSpins.left', { count: spins.left })}
          </strong>
          <span className={styles.muted}>{t('promoSpins.stake', { amount: money(spins.stake) })}</span>
          <button
            type="button"
            className={styles.promoSpinButton}
            onClick={props.onPlay}
            disabled={props.busy}
            data-testid="promo-spin"
          >
            {t('promoSpins.play')}
          </button>
        </>
      ) : (
        <strong>{t('promoSpins.done')}</strong>
      )}
      {bonus && (
        <span data-testid="promo-spins-bonus" data-value={bonus.bonus}>
          {t('promoSpins.bonus', { amount: money(bonus.bonus) })} ·{' '}
          {t('promoSpins.wagering', {
            done: money(bonus.wageringDone),
            required: money(bonus.wageringRequired),
          })}
        </span>
      )}
    </div>
  );
}
