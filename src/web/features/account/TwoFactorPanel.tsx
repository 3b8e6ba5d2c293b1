import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { QrCode } from '../../../ui/QrCode.tsx';
import { ApiFailure, callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { CURRENT_PASSWORD, LabelledInput, ONE_TIME_CODE } from '../../components/ui/LabelledInput.tsx';
import { useSiteZone } from '../site/site.ts';
import support from '../support/support.module.css';
import styles from './account.module.css';
import { TWO_FACTOR_KEY, useTwoFactor } from './queries.ts';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; secret: string; uri: string }
  | { kind: 'codes'; codes: string[] };

/** My page: two-step login (TOTP) on or off, with the recovery codes shown once. */
export function TwoFactorPanel() {
  const { t } = useTranslation(['account', 'common']);
  const zone = useSiteZone();
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const status = useTwoFactor().data;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [pw, setPw] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');
    } finally {
      setBusy(false);
    }
  }
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });

  const begin = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const reply = await callRoute('user-2fa-setup', { pw });
      setPw('');
      setStep({ kind: 'setup', secret: reply.secret, uri: reply.uri });
    });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const reply = await callRoute('user-2fa-enable', { otp });
      setOtp('');
      setStep({ kind: 'codes', codes: reply.recoveryCodes });
      await refresh();
    });
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      await callRoute('user-2fa-disable', { pw, otp });
      setPw('');
      setOtp('');
      await refresh();
      await dialog.alert(t('common:msg.msg3523'), 'success');
    });
  };

  const pwField = (
    <LabelledInput
      labelClass={support.field}
      label={t('password')}
      name="pw2fa"
      {...CURRENT_PASSWORD}
      value={pw}
      onValue={setPw}
    />
  );
  const otpField = (
    <LabelledInput
      labelClass={support.field}
      label={t('common:otpLabel')}
      name="otp2fa"
      {...ONE_TIME_CODE}
      inputMode="text"
      placeholder={t('common:otpPlaceholder')}
      value={otp}
      onValue={setOtp}
    />
  );

  return (
    <section className={support.card} aria-labelledby="two-factor-title" data-testid="two-factor">
      <h2 id="two-factor-title">{t('twoFactor')}</h2>
      {step.kind === 'codes' ? (
        <>
          <p className={styles.state}>
            <strong>{t('recoveryTitle')}</strong> {t('recoveryText')}
          </p>
          <ul className={styles.codes} data-testid="recovery-codes" translate="no">
            {step.codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button onClick={() => setStep({ kind: 'idle' })}>{t('done')}</Button>
        </>
      ) : step.kind === 'setup' ? (
        <form className={styles.stack} onSubmit={confirm} noValidate>
          <p className={styles.state}>{t('setupStep1')}</p>
          <div className={styles.qr}>
            <QrCode text={step.uri} label={t('qrLabel')} />
          </div>
          <p className={styles.state}>{t('setupKey')}</p>
          <p className={styles.secret} data-testid="totp-secret" translate="no">
            {step.secret.replace(/(.{4})/g, '$1 ').trim()}
          </p>
          <a href={step.uri}>{t('openInApp')}</a>
          <p className={styles.state}>{t('setupStep2')}</p>
          {otpField}
          <div className={styles.actions}>
            <Button type="submit" disabled={busy}>
              {t('confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setStep({ kind: 'idle' })}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : status?.enabled ? (
        <form className={styles.stack} onSubmit={turnOff} noValidate>
          <p className={styles.state}>
            <span className={styles.on}>{t('on')}</span>{' '}
            {status.enabledAt && t('onSince', { date: formatDateTime(status.enabledAt, zone) })}
          </p>
          <p className={styles.state}>{t('recoveryLeft', { count: status.recoveryCodesLeft })}</p>
          {pwField}
          {otpField}
          <Button type="submit" variant="ghost" disabled={busy}>
            {t('turnOff')}
          </Button>
        </form>
      ) : (
        <form className={styles.stack} onSubmit={begin} noValidate>
          <p className={styles.state}>{t('offText')}</p>
          {pwField}
          <Button type="submit" disabled={busy || !status}>
            {t('turnOn')}
          </Button>
        </form>
      )}
    </section>
  );
}
