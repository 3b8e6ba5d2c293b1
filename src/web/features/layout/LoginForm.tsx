import { type ChangeEvent, type FormEvent, useState } from 'react';
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

  // One input per field, its label doubling as its placeholder (the code's placeholder shows its form).
  const field = (name: string, label: string, value: string, onValue: (value: string) => void) => ({
    className: styles.input,
    name,
    placeholder: label,
    'aria-label': label,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onValue(e.target.value),
  });

  return (
    <form className={`${styles.form} ${compact ? styles.compact : ''}`} onSubmit={submit} noValidate>
      {needOtp ? (
        <>
          {!compact && <p className={styles.note}>{t('msg.msg3520')}</p>}
          <input
            // Keyed: a new input, so the code field takes the focus when it appears.
            key="otp"
            {...field('otp', t('otpLabel'), otp, setOtp)}
            autoComplete="one-time-code"
            inputMode="text"
            placeholder={t('otpPlaceholder')}
            maxLength={20}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing left to type
            autoFocus
          />
        </>
      ) : (
        <>
          <input key="id" {...field('id', t('userId'), id, setId)} autoComplete="username" maxLength={64} />
          <input
            key="pw"
            {...field('pw', t('password'), pw, setPw)}
            type="password"
            autoComplete="current-password"
            maxLength={128}
          />
        </>
      )}
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t('msg.msg2214') : t('login')}
      </Button>
      {needOtp && (
        // The way back from the code step (another login, a mistyped one): the id stays, the rest is typed again.
        <Button
          variant="ghost"
          disabled={login.isPending}
          onClick={() => {
            setNeedOtp(false);
            setOtp('');
            setPw('');
          }}
        >
          {t('cancel')}
        </Button>
      )}
      {!needOtp && !compact && (
        <Link className={styles.forgot} to="/forgot">
          {t('forgotPassword')}
        </Link>
      )}
    </form>
  );
}
