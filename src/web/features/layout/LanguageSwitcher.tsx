import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '../../../shared/format.ts';
import { changeLocale, LANGUAGE_CODES, LANGUAGE_NAMES } from '../../i18n/index.ts';
import styles from './Header.module.css';

/**
 * A globe and the short language code; the native select lies over it, invisible, so a tap opens the
 * phone's own list of the five languages by their own names.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLocale(i18n.language) ? i18n.language : 'th';
  return (
    <span className={styles.language}>
      <svg aria-hidden="true" className={styles.globe} viewBox="0 0 24 24" width="16" height="16">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <span aria-hidden="true">{LANGUAGE_CODES[current]}</span>
      <select
        translate="no"
        className={styles.languageSelect}
        aria-label={t('language')}
        value={current}
        onChange={(e) => isLocale(e.target.value) && void changeLocale(e.target.value)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
