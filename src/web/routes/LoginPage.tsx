import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginForm } from '../features/layout/LoginForm.tsx';
import styles from '../features/session/RequireMember.module.css';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.gate}>
      <h1>{t('login')}</h1>
      <LoginForm />
      <Link to="/register">{t('register')}</Link>
    </section>
  );
}
