import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button.tsx';
import { ApiFailure } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { useLogin } from '../session/queries.ts';
import styles from './LoginForm.module.css';

/**
 * id + password; both required (msg2030) before anything is sent. A member with two-step login gets
 * `otp_required`: the form then asks for the app's code (or a recovery code) and sends all three.
 */
export function LoginForm({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const login = useLogin();
  const [id, setId] = useState('');
  const [pw, setPw] = useState('');
  const [otp, setOtp] = useState('');
  const [needOtp, setNeedOtp] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!id.trim() || !pw) {
      await dialog.alert(t('msg.msg2030'), 'warning');
      return;
    }
    if (needOtp && !otp.trim()) {
      await dialog.alert(t('msg.msg3520'), 'warning');
      return;
    }
    login.mutate(
      { id: id.trim(), pw, ...(needOtp ? { otp: otp.trim() } : {}) },
      {
        onError: (error) => {
          if (error instanceof ApiFailure && error.status === 'otp_required' && !needOtp) {
            setNeedOtp(true);
            return;
          }
          setOtp('');
          const key = error instanceof ApiFailure ? error.msg : 'msg2012';
          void dialog.alert(t(`msg.${key}`), 'error');
        },
      },
    );
  }

  if (needOtp) {
    return (
      <form className={`${styles.form} ${compact ? styles.compact : ''}`} onSubmit={submit} noValidate>
        {!compact && <p className={styles.note}>{t('msg.msg3520')}</p>}
        <input
          className={styles.input}
          name="otp"
          autoComplete="one-time-code"
          inputMode="text"
          placeholder={t('otpPlaceholder')}
          aria-label={t('otpLabel')}
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          maxLength={20}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing left to type
          autoFocus
        />
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? t('msg.msg2214') : t('login')}
        </Button>
      </form>
    );
  }

  return (
    <form className={`${styles.form} ${compact ? styles.compact : ''}`} onSubmit={submit} noValidate>
      <input
        className={styles.input}
        name="id"
        autoComplete="username"
        placeholder={t('userId')}
        aria-label={t('userId')}
        value={id}
        onChange={(e) => setId(e.target.value)}
        maxLength={64}
      />
      <input
        className={styles.input}
        name="pw"
        type="password"
        autoComplete="current-password"
        placeholder={t('password')}
        aria-label={t('password')}
        value={pw}
        onChange={(e) => setPw(e.target.value)}
        maxLength={128}
      />
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t('msg.msg2214') : t('login')}
      </Button>
      {!compact && (
        <Link className={styles.forgot} to="/forgot">
          {t('forgotPassword')}
        </Link>
      )}
    </form>
  );
}
