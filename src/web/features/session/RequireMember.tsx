import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../layout/LoginForm.tsx';
import { useSession } from './queries.ts';
import styles from './RequireMember.module.css';

/** A member-only page opened directly by a guest: the login warning (msg2001) and the form. */
export function RequireMember({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.data === undefined) return <p className={styles.wait}>{t('loading')}</p>;
  if (session.data === null) {
    return (
      <section className={styles.gate}>
        <p className={styles.warning} role="alert">
          {t('msg.msg2001')}
        </p>
        <LoginForm />
      </section>
    );
  }
  return children;
}
