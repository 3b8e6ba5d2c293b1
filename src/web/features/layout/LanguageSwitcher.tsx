import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '../../../shared/format.ts';
import { changeLocale, LANGUAGE_NAMES } from '../../i18n/index.ts';
import styles from './Header.module.css';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className={styles.language}
      aria-label={t('language')}
      value={i18n.language}
      onChange={(e) => isLocale(e.target.value) && void changeLocale(e.target.value)}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {LANGUAGE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
