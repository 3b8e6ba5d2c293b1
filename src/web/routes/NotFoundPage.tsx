import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <p className={styles.code}>404</p>
      <h1>{t('notFoundTitle')}</h1>
      <Link to="/" className={styles.home}>
        {t('backHome')}
      </Link>
    </section>
  );
}
