import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './NotFoundPage.module.css';

/** /admin/error: where the site sends a visitor after a failure it cannot recover from. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <p className={styles.code}>!</p>
      <h1>{t('msg.msg2012')}</h1>
      <Link to="/" className={styles.home}>
        {t('backHome')}
      </Link>
    </section>
  );
}
