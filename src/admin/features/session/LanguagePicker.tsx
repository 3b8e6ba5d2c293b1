import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { isLocale, LOCALES, type Locale } from '../../../shared/format.ts';
import { adminCall } from '../../api/client.ts';
import ui from '../../components/ui.module.css';
import { currentLocale, LANGUAGE_NAMES, showIn } from '../../i18n/index.ts';

/**
 * The back office's language, by each language's own name. Signed in, the choice is remembered for
 * the operator on the server, so it follows them to another browser.
 */
export function LanguagePicker({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const choose = async (locale: Locale) => {
    await showIn(locale);
    if (!signedIn) return;
    await adminCall(api.session.language, { body: { locale } }).catch(() => undefined);
    client.invalidateQueries({ queryKey: ['admin', 'me'] });
  };
  return (
    <select
      translate="no"
      className={`${ui.input} ${ui.cellSelect}`}
      aria-label={t('common.language')}
      data-testid="admin-language"
      value={currentLocale()}
      onChange={(event) => isLocale(event.target.value) && void choose(event.target.value)}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {LANGUAGE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
