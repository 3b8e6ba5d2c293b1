import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBasisPoints, formatNumber, isLocale } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useRequestCode } from '../api/request-code.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { Money } from '../components/ui/Money.tsx';
import styles from '../features/cashier/cashier.module.css';
import { useSession } from '../features/session/queries.ts';
import { useCurrency } from '../features/site/site.ts';

const CATEGORIES = [
  ['slot', 'rateSlot'],
  ['casino', 'rateCasino'],
  ['sport', 'rateSport'],
] as const;

/** Comp (rolling) earned from play, moved to the balance in one step; the terms are shown first. */
export function CompPage() {
  const { t, i18n } = useTranslation(['inbox', 'common']);
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const session = useSession();
  const terms = useQuery({ queryKey: ['comp-terms'], queryFn: () => callRoute('get-comp-settings', {}) });
  const [busy, setBusy] = useState(false);
  const code = useRequestCode();
  const rolling = session.data?.user.rolling ?? 0;
  const short = terms.data ? Math.max(0, terms.data.minimum - rolling) : 0;
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  const currency = useCurrency();
  const percent = (bp: number) => formatBasisPoints(bp, locale);

  async function exchange() {
    setBusy(true);
    try {
      await callRoute('roll-to-balance', { code: code.current });
      code.answered();
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      await dialog.alert(t('common:msg.msg3032'), 'success');
    } catch (error) {
      code.answered(error);
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('comp')}</h1>
        <p className={styles.balanceLine}>
          {t('compBalance')} <Money value={rolling} />
        </p>
        <p className={styles.balanceLine}>
          {t('common:balance')} <Money value={session.data?.user.balance} />
        </p>
        {terms.data && (
          <section aria-label={t('compTerms')} data-testid="comp-terms">
            <h2 className={styles.subhead}>{t('compTerms')}</h2>
            <dl className={styles.terms}>
              <div className={styles.termRow}>
                <dt>{t('compMinimum')}</dt>
                <dd>
                  <Money value={terms.data.minimum} />
                </dd>
              </div>
              <div className={styles.termRow}>
                <dt>{t('compLevel')}</dt>
                <dd>
                  {terms.data.levelName ? (
                    <span translate="no">{terms.data.levelName}</span>
                  ) : (
                    t('levelNumber', { level: terms.data.level })
                  )}
                </dd>
              </div>
              {CATEGORIES.map(([category, label]) => (
                <div key={category} className={styles.termRow}>
                  <dt>{t(label)}</dt>
                  <dd>
                    {terms.data.rates[category] > 0
                      ? t('ratePerBet', { rate: percent(terms.data.rates[category]) })
                      : t('rateNone')}
                  </dd>
                </div>
              ))}
            </dl>
            <p className={styles.muted} data-testid="comp-progress">
              {short > 0
                ? t('compShort', {
                    amount: currency ? formatMoney(short, currency, locale) : formatNumber(short, locale),
                  })
                : t('compReady')}
            </p>
          </section>
        )}
        <p className={styles.muted}>{t('compHint')}</p>
        <Button onClick={exchange} disabled={busy || !terms.data || short > 0}>
          {t('exchange')}
        </Button>
      </section>
    </div>
  );
}
