import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Field, Outcome } from '../components/Field.tsx';
import { useTextFields } from '../components/text-fields.ts';
import ui from '../components/ui.module.css';
import { LanguagePicker } from '../features/session/LanguagePicker.tsx';
import { useLogin } from '../features/session/queries.ts';
import styles from './LoginPage.module.css';

/** Operator sign-in: login, password and the 6-digit code from the authenticator app. */
export function LoginPage() {
  const { t } = useTranslation();
  const login = useLogin();
  const [form, , bind] = useTextFields({ login: '', password: '', otp: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(form);
  };
  return (
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={submit}>
        <h1 className={styles.title}>
          <span>Royal Casino</span> {t('login.backOffice')}
        </h1>
        <p className={styles.hint}>{t('login.hint')}</p>
        <LanguagePicker signedIn={false} />
        <div className={ui.form}>
          <Field label={t('login.login')} autoComplete="username" required {...bind('login')} />
          <Field
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            required
            {...bind('password')}
          />
          <Field
            label={t('login.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            {...bind('otp')}
          />
          <Outcome error={login.error} />
          <Button type="submit" disabled={login.isPending}>
            {login.isPending ? t('login.signingIn') : t('login.signIn')}
          </Button>
        </div>
      </form>
    </div>
  );
}
