import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { ApiFailure } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { useLogin } from '../session/queries.ts';
import styles from './LoginForm.module.css';

/** id + password; both required (msg2030) before anything is sent. */
export function LoginForm({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const login = useLogin();
  const [id, setId] = useState('');
  const [pw, setPw] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!id.trim() || !pw) {
      await dialog.alert(t('msg.msg2030'), 'warning');
      return;
    }
    login.mutate(
      { id: id.trim(), pw },
      {
        onError: (error) => {
          const key = error instanceof ApiFailure ? error.msg : 'msg2012';
          void dialog.alert(t(`msg.${key}`), 'error');
        },
      },
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
    </form>
  );
}
