import { useState } from 'react';
import type { Translation, Translations } from '../../../shared/content-language.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/format.ts';

type TextKey = keyof Translation;

/**
 * An operator's text written in every language, tab by tab (the content editor, a note): the form's own
 * fields are the default language's version, the other tabs write its translations (a member whose
 * language has none reads the default one).
 */
export function useTranslatedTexts<K extends TextKey>(
  form: Record<K, string>,
  setOwn: (key: K, value: string) => void,
  initial: Translations = {},
) {
  const [translations, setTranslations] = useState<Translations>(initial);
  const [lang, setLang] = useState<Locale>(DEFAULT_LOCALE);
  const own = lang === DEFAULT_LOCALE;
  const textOf = (key: K) => (own ? form[key] : (translations[lang]?.[key] ?? ''));
  const setText = (key: K) => (value: string) =>
    own
      ? setOwn(key, value)
      : setTranslations({ ...translations, [lang]: { ...translations[lang], [key]: value } });
  return {
    translations,
    /** The default language's tab is on screen (its texts are the form's own fields). */
    own,
    textOf,
    setText,
    /** The language tabs' props. */
    tabs: { value: lang, onChange: setLang, translations },
    /**
     * A text input's props for one field: required in the default language (unless optional); in
     * another, the default text shows as its placeholder and may be left empty.
     */
    input: (key: K, { optional = false } = {}) => ({
      required: own && !optional,
      placeholder: own ? undefined : form[key],
      value: textOf(key),
      onValue: setText(key),
    }),
    /** Back to no translations and the default language's tab (after sending). */
    clear: () => {
      setTranslations({});
      setLang(DEFAULT_LOCALE);
    },
  };
}
