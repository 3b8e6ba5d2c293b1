import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { SESSION_KEY } from '../session/queries.ts';
import { useSiteRules } from '../session/useSiteRules.ts';
import support from '../support/support.module.css';
import styles from './account.module.css';
import { useTwoFactor } from './queries.ts';

/** My page: new bank details, a bank from the site's list; the password, and the code when 2FA is on. */
export function BankPanel() {
  const { t } = useTranslation(['account', 'common', 'register']);
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const banks = useSiteRules().data?.banks ?? [];
  const twoFactor = useTwoFactor().data?.enabled ?? false;
  const [form, setForm] = useState({ bankname: '', bankOwner: '', banknum: '', pw: '', otp: '' });
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { otp, ...rest } = form;
    try {
      await callRoute('user-change-bank', { ...rest, ...(otp.trim() ? { otp: otp.trim() } : {}) });
      setForm({ bankname: '', bankOwner: '', banknum: '', pw: '', otp: '' });
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      await dialog.alert(t('common:msg.msg3525'), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
    }
  }

  return (
    <form className={support.card} onSubmit={submit} noValidate data-testid="bank-change">
      <h2>{t('bankTitle')}</h2>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is a select or an input, both inside */}
      <label className={support.field}>
        {t('register:bankname')}
        {banks.length > 0 ? (
          <select className={styles.select} name="bankname" value={form.bankname} onChange={set('bankname')}>
            <option value="">{t('register:bankChoose')}</option>
            {banks.map((bank) => (
              <option key={bank} value={bank} translate="no">
                {bank}
              </option>
            ))}
          </select>
        ) : (
          <input name="bankname" value={form.bankname} onChange={set('bankname')} maxLength={40} />
        )}
      </label>
      <label className={support.field}>
        {t('register:bankOwner')}
        <input name="bankOwner" value={form.bankOwner} onChange={set('bankOwner')} maxLength={40} />
      </label>
      <label className={support.field}>
        {t('register:banknum')}
        <input
          name="banknum"
          inputMode="numeric"
          value={form.banknum}
          onChange={set('banknum')}
          maxLength={30}
        />
      </label>
      <label className={support.field}>
        {t('password')}
        <input
          name="bankPw"
          type="password"
          autoComplete="current-password"
          value={form.pw}
          onChange={set('pw')}
        />
      </label>
      {twoFactor && (
        <label className={support.field}>
          {t('common:otpLabel')}
          <input
            name="bankOtp"
            autoComplete="one-time-code"
            value={form.otp}
            onChange={set('otp')}
            maxLength={20}
          />
        </label>
      )}
      <Button type="submit">{t('bankSave')}</Button>
    </form>
  );
}
