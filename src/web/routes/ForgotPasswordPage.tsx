import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routes } from '../../shared/contract/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../api/client.ts';
import { useDialog } from '../components/ui/DialogProvider.tsx';
import { NEW_PASSWORD } from '../components/ui/LabelledInput.tsx';
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
          <Field label={t('common:userId')} name="id" autoComplete="username" value={id} onChange={setId} />
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
          {(
            [
              {
                label: t('code'),
                name: 'code',
                autoComplete: 'one-time-code',
                inputMode: 'numeric',
                maxLength: 6,
                value: code,
                onChange: setCode,
              },
              {
                label: t('newPassword'),
                hint: t('register:pwHint'),
                name: 'pw',
                ...NEW_PASSWORD,
                value: pw,
                onChange: setPw,
              },
              {
                label: t('confirmPassword'),
                name: 'pwConfirm',
                ...NEW_PASSWORD,
                value: pwConfirm,
                onChange: setPwConfirm,
              },
            ] satisfies FieldProps[]
          ).map((field) => (
            <Field key={field.name} {...field} />
          ))}
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

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'value' | 'onChange'> & {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
};

/** One labelled input of the form (64 characters at most unless said), with an optional hint under it. */
function Field({ label, hint, value, onChange, maxLength = 64, ...input }: FieldProps) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input
        className={styles.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        {...input}
      />
      {hint && <span className={styles.hint}>{hint}</span>}
    </label>
  );
}
