import { useTranslation } from 'react-i18next';
import { formatBasisPoints, isLocale } from '../../../shared/format.ts';
import { Money } from '../../components/ui/Money.tsx';
import cashier from '../cashier/cashier.module.css';
import styles from './promotions.module.css';
import { useVipProgress, type Vip } from './queries.ts';
import { wageringShare } from './wagering.ts';

/** The comp categories in the order shown. */
const CATEGORIES = ['slot', 'casino', 'sport'] as const;

/** A level's name as the site calls it, else its number. */
function useLevelName() {
  const { t } = useTranslation('promotions');
  return (level: { level: number; name: string | null }) =>
    level.name ?? t('vipLevelNumber', { level: level.level });
}

/**
 * The member's level, what they have wagered, and what the next level needs and brings: a card of
 * its own, drawn only once the progress is there (an empty card while it loads looked broken).
 */
export function VipProgress() {
  const { t, i18n } = useTranslation('promotions');
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  const levelName = useLevelName();
  const vip = useVipProgress().data;
  if (!vip) return null;
  const next = vip.next;
  const percent = next ? wageringShare(vip.wagered, next.wagered) : 100;
  const rates = (level: Vip['compRates']) =>
    CATEGORIES.filter((c) => (level[c] ?? 0) > 0).map((c) => (
      <div key={c} className={cashier.termRow}>
        <dt>{t(`vipComp.${c}`)}</dt>
        <dd>{t('percent', { value: formatBasisPoints(level[c]!, locale) })}</dd>
      </div>
    ));
  return (
    <section className={cashier.card} aria-labelledby="vip-title" data-testid="vip-progress">
      <div className={styles.active}>
        <h2 id="vip-title" className={cashier.subhead}>
          {t('vipTitle')}
        </h2>
        <p className={cashier.balanceLine}>
          {t('vipLevel')} <strong translate="no">{levelName(vip)}</strong>
        </p>
        <p className={cashier.balanceLine}>
          {t('vipWagered')} <Money value={vip.wagered} />
        </p>
        {next ? (
          <>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label={t('vipToNext', { level: levelName(next) })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span className={styles.fill} style={{ width: `${percent}%` }} />
            </div>
            <dl className={cashier.terms}>
              <div className={cashier.termRow}>
                <dt>{t('vipToNext', { level: levelName(next) })}</dt>
                <dd>
                  <Money value={Math.max(0, next.wagered - vip.wagered)} />
                </dd>
              </div>
              {rates(next.compRates)}
              {next.bonus !== null && (
                <div className={cashier.termRow}>
                  <dt>{t('vipBonus')}</dt>
                  <dd>
                    <Money value={next.bonus} />
                  </dd>
                </div>
              )}
            </dl>
          </>
        ) : (
          <p className={cashier.muted}>{t('vipTop')}</p>
        )}
      </div>
    </section>
  );
}
