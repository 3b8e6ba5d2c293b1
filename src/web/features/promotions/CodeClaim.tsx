import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import cashier from '../cashier/cashier.module.css';
import { messageParams } from '../protection/messageParams.ts';
import { useCurrency } from '../site/site.ts';
import { promoFailure } from './promoFailure.ts';
import styles from './promotions.module.css';
import { useRefreshPromotions } from './queries.ts';

/** A bonus by code (claim-promo-code): any case; each refusal has its own message. */
export function CodeClaim() {
  const { t, i18n } = useTranslation(['promotions', 'common']);
  const dialog = useDialog();
  const refresh = useRefreshPromotions();
  const currency = useCurrency();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function claim(event: React.FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    try {
      const reply = await callRoute('claim-promo-code', { code: code.trim() });
      setCode('');
      await refresh();
      const locale = isLocale(i18n.language) ? i18n.language : 'th';
      const amount = currency ? formatMoney(reply.bonus.amount, currency, locale) : '';
      await dialog.alert(t('common:msg.msg3605', { amount }), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${promoFailure(error)}`, messageParams(error, currency)), 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.code} onSubmit={claim}>
      <label className={cashier.otp}>
        <span className={cashier.label}>{t('codeLabel')}</span>
        <input
          name="promo-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={32}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder={t('codePlaceholder')}
        />
      </label>
      <Button type="submit" disabled={busy || !code.trim()}>
        {t('claim')}
      </Button>
    </form>
  );
}
