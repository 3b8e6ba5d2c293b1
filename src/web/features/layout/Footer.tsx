import { useTranslation } from 'react-i18next';
import styles from './Footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <p>{t('footerNote')}</p>
      <p className={styles.small}>© {new Date().getFullYear()} Royal Casino · 18+</p>
    </footer>
  );
}
