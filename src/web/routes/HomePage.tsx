import { useTranslation } from 'react-i18next';
import styles from './HomePage.module.css';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <section className={styles.hero}>
      <p className={styles.tagline}>{t('siteTagline')}</p>
      <h1 className={styles.title}>{t('welcomeTitle')}</h1>
      <p className={styles.text}>{t('welcomeText')}</p>
    </section>
  );
}
