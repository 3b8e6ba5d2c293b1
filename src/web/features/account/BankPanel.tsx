import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { CURRENT_PASSWORD, LabelledInput, ONE_TIME_CODE } from '../../components/ui/LabelledInput.tsx';
import { SESSION_KEY } from '../session/queries.ts';
import { useSiteRules } from '../session/useSiteRules.ts';
import support from '../support/support.module.css';
import styles from './account.module.css';
import { useTwoFactor } from './queries.ts';

/** The text fields after the bank's name (the code only when 2FA is on): the form's key, label and input. */
const TEXT_FIELDS = [
  { field: 'bankOwner', label: 'register:bankOwner', input: { name: 'bankOwner', maxLength: 40 } },
  {
    field: 'banknum',
    label: 'register:banknum',
    input: { name: 'banknum', inputMode: 'numeric', maxLength: 30 },
  },
  { field: 'pw', label: 'password', input: { name: 'bankPw', ...CURRENT_PASSWORD } },
  { field: 'otp', label: 'common:otpLabel', input: { name: 'bankOtp', ...ONE_TIME_CODE } },
] as const;

/** My page: new bank details, a bank from the site's list; the password, and the code when 2FA is on. */
export function BankPanel() {
  const { t } = useTranslation(['account', 'common', 'register']);
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const banks = useSiteRules().data?.banks ?? [];
  const twoFactor = useTwoFactor().data?.enabled ?? false;
  const [form, setForm] = useState({ bankname: '', bankOwner: '', banknum: '', pw: '', otp: '' });
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

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
          <select
            className={styles.select}
            name="bankname"
            value={form.bankname}
            onChange={(e) => set('bankname')(e.target.value)}
          >
            <option value="">{t('register:bankChoose')}</option>
            {banks.map((bank) => (
              <option key={bank} value={bank} translate="no">
                {bank}
              </option>
            ))}
          </select>
        ) : (
          <input
            name="bankname"
            value={form.bankname}
            onChange={(e) => set('bankname')(e.target.value)}
            maxLength={40}
          />
        )}
      </label>
      {TEXT_FIELDS.filter(({ field }) => field !== 'otp' || twoFactor).map(({ field, label, input }) => (
        <LabelledInput
          key={field}
          labelClass={support.field}
          label={t(label)}
          value={form[field]}
          onValue={set(field)}
          {...input}
        />
      ))}
      <Button type="submit">{t('bankSave')}</Button>
    </form>
  );
}
