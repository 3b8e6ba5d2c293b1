import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import ui from '../../components/ui.module.css';
import styles from './content.module.css';

/** Snippets the member site styles (see the popup styles): tags around the selection. */
const SNIPPETS = [
  { label: 'paragraph', open: '<p>', close: '</p>' },
  { label: 'bold', open: '<strong>', close: '</strong>' },
  { label: 'gold', open: '<span class="text-gold">', close: '</span>' },
  { label: 'red', open: '<span class="text-red">', close: '</span>' },
  { label: 'large', open: '<span class="text-large">', close: '</span>' },
  { label: 'centre', open: '<p class="text-center">', close: '</p>' },
  { label: 'lineBreak', open: '<br />', close: '' },
] as const;

/** The popup and notice HTML editor: a source box with buttons that wrap the selection. */
export function HtmlField({
  value,
  onChange,
  required = true,
}: {
  value: string;
  onChange(value: string): void;
  /** The default language's text is; a translation may stay empty (it falls back). */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLTextAreaElement>(null);
  const wrap = (open: string, close: string) => {
    const el = box.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end } = el;
    const next = value.slice(0, start) + open + value.slice(start, end) + close + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + open.length, end + open.length);
    });
  };
  return (
    <div className={ui.field}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('content.formatting')}>
        {SNIPPETS.map((s) => (
          <Button key={s.label} variant="ghost" className={ui.small} onClick={() => wrap(s.open, s.close)}>
            {t(`content.snippet.${s.label}`)}
          </Button>
        ))}
      </div>
      <label className={ui.field}>
        {t('content.contents')}
        <textarea
          ref={box}
          className={ui.input}
          rows={10}
          required={required}
          maxLength={20_000}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
