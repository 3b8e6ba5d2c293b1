import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routes } from '../../shared/contract/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import styles from './RegisterPage.module.css';

/**
 * "Forgot password": the member's id, then the one-time code the site sent by e-mail or SMS and a new
 * password. The first answer is the same whether or not the id exists.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['account', 'common', 'register']);
  const dialog = useDialog();
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [sentMsg, setSentMsg] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [pw, setPw] = useState('');
  const [pwConfirm, setPwConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const failure = (error: unknown) =>
    dialog.alert(t(`common:msg.${error instanceof ApiFailure ? error.msg : 'msg2012'}`), 'warning');

  async function askCode(event?: FormEvent) {
    event?.preventDefault();
    if (!routes['user-password-forgot'].request.safeParse({ id }).success) {
      return dialog.alert(t('common:msg.msg3000'), 'warning');
    }
    setBusy(true);
    try {
      const reply = await callRoute('user-password-forgot', { id: id.trim() });
      setSentMsg(reply.msg ?? 'msg3511');
    } catch (error) {
      await failure(error);
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    if (pw !== pwConfirm) return dialog.alert(t('pwMismatch'), 'warning');
    const body = { id: id.trim(), code: code.trim(), pw };
    if (!routes['user-password-reset'].request.safeParse(body).success) {
      return dialog.alert(t('codeAndPwRule'), 'warning');
    }
    setBusy(true);
    try {
      await callRoute('user-password-reset', body);
      await dialog.alert(t('common:msg.msg3513'), 'success');
      navigate('/login');
    } catch (error) {
      await failure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.page} data-testid="forgot">
      {sentMsg === null ? (
        <form className={styles.card} onSubmit={askCode} noValidate>
          <h1 className={styles.title}>{t('forgotTitle')}</h1>
          <p className={styles.subtitle}>{t('forgotIntro')}</p>
          <label className={styles.field}>
            <span className={styles.label}>{t('common:userId')}</span>
            <input
              className={styles.input}
              name="id"
              autoComplete="username"
              value={id}
              onChange={(e) => setId(e.target.value)}
              maxLength={64}
            />
          </label>
          <Button type="submit" className={styles.submit} disabled={busy}>
            {t('sendCode')}
          </Button>
        </form>
      ) : (
        <form className={styles.card} onSubmit={reset} noValidate>
          <h1 className={styles.title}>{t('forgotTitle')}</h1>
          <p className={styles.subtitle} role="status">
            {t(`common:msg.${sentMsg}`)}
          </p>
          <label className={styles.field}>
            <span className={styles.label}>{t('code')}</span>
            <input
              className={styles.input}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              maxLength={6}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('newPassword')}</span>
            <input
              className={styles.input}
              name="pw"
              type="password"
              autoComplete="new-password"
              value={pw}
              onChange={(e) => setPw(e.target.value)}
              maxLength={64}
            />
            <span className={styles.hint}>{t('register:pwHint')}</span>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('confirmPassword')}</span>
            <input
              className={styles.input}
              name="pwConfirm"
              type="password"
              autoComplete="new-password"
              value={pwConfirm}
              onChange={(e) => setPwConfirm(e.target.value)}
              maxLength={64}
            />
          </label>
          <Button type="submit" className={styles.submit} disabled={busy}>
            {t('resetSubmit')}
          </Button>
          <Button variant="ghost" onClick={() => askCode()} disabled={busy}>
            {t('resendCode')}
          </Button>
        </form>
      )}
    </section>
  );
}
