import { useTranslation } from 'react-i18next';
import { missingLanguages, type Translations } from '../../../shared/content-language.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/format.ts';
import { Tabs } from '../../components/Tabs.tsx';
import ui from '../../components/ui.module.css';
import { LANGUAGE_NAMES } from '../../i18n/index.ts';

/**
 * One tab per language of an item's texts: the site's default language first (the version every
 * member falls back to), then the others, each marked when its translation is still missing.
 */
export function LanguageTabs({
  value,
  onChange,
  translations,
}: {
  value: Locale;
  onChange(locale: Locale): void;
  translations: Translations;
}) {
  const { t } = useTranslation();
  const missing = missingLanguages(translations, DEFAULT_LOCALE);
  const order = [DEFAULT_LOCALE, ...LOCALES.filter((l) => l !== DEFAULT_LOCALE)];
  // Each language by its own name, as the switcher shows it (not translated).
  const label = (l: Locale) => (
    <>
      <span translate="no">{LANGUAGE_NAMES[l]}</span>
      {l === DEFAULT_LOCALE
        ? ` · ${t('content.defaultLanguage')}`
        : missing.includes(l)
          ? ` · ${t('content.missing')}`
          : ''}
    </>
  );
  return (
    <div className={ui.form}>
      <Tabs tabs={order.map((l) => ({ key: l, label: label(l) }))} value={value} onChange={onChange} />
      {missing.length > 0 && (
        <p className={ui.muted} data-testid="missing-languages">
          {t('content.missingLine')}{' '}
          <span translate="no">{missing.map((l) => LANGUAGE_NAMES[l]).join(', ')}</span>.{' '}
          {t('content.fallbackLine')} <span translate="no">{LANGUAGE_NAMES[DEFAULT_LOCALE]}</span>
        </p>
      )}
    </div>
  );
}
