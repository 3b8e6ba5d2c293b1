import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isLocale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { Money } from '../../components/ui/Money.tsx';
import cashier from '../cashier/cashier.module.css';
import { useCurrency, useSiteZone } from '../site/site.ts';
import { FreeSpinsLeft } from './FreeSpinsLeft.tsx';
import styles from './promotions.module.css';
import { type MyBonuses, useRefreshPromotions } from './queries.ts';
import { wageringShare } from './wagering.ts';

/** The running bonus: its balance, its exact wagering progress, and Convert once it is complete. */
export function ActiveBonus({ active }: { active: NonNullable<MyBonuses['active']> }) {
  const { t, i18n } = useTranslation(['promotions', 'common']);
  const zone = useSiteZone();
  const currency = useCurrency();
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  const dialog = useDialog();
  const refresh = useRefreshPromotions();
  const [busy, setBusy] = useState(false);
  // Free spins still to play come first: the bonus is what they win.
  const complete = active.wageringDone >= active.wageringRequired && !active.freeSpins?.left;
  // Nothing to wager yet while free spins wait to be played: the bar starts empty, not complete.
  const percent = active.freeSpins?.left ? 0 : wageringShare(active.wageringDone, active.wageringRequired);

  async function convert() {
    setBusy(true);
    try {
      const reply = await callRoute('convert-bonus', {});
      await refresh();
      const amount = currency ? formatMoney(reply.bonus.converted, currency, locale) : '';
      await dialog.alert(t('converted', { amount }), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.active} aria-labelledby="active-bonus" data-testid="active-bonus">
      <h2 id="active-bonus" className={cashier.subhead}>
        {t('activeTitle')}
      </h2>
      <p className={cashier.balanceLine}>
        <span translate="no">{active.name}</span>
        <Money value={active.amount} />
      </p>
      <p className={cashier.balanceLine}>
        {t('bonusBalance')} <Money value={active.balance} />
      </p>
      {active.freeSpins && <FreeSpinsLeft spins={active.freeSpins} />}
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('wagering')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progress} data-testid="wagering-progress">
        <Money value={active.wageringDone} /> <span>{t('of')}</span> <Money value={active.wageringRequired} />
      </p>
      <p className={cashier.muted}>{t('expires', { date: formatDateTime(active.expiresAt, zone) })}</p>
      {complete ? (
        <>
          <p className={styles.ready}>{t('convertHint')}</p>
          <Button onClick={convert} disabled={busy} data-testid="convert-bonus">
            {t('convert')}
          </Button>
        </>
      ) : (
        <p className={cashier.muted}>{t('wageringHint')}</p>
      )}
    </section>
  );
}
