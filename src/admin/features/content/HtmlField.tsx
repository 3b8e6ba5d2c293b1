import { useRef } from 'react';
import { Button } from '../../../ui/Button.tsx';
import ui from '../../components/ui.module.css';
import styles from './content.module.css';

/** Snippets the member site styles (see the popup styles): tags around the selection. */
const SNIPPETS = [
  { label: 'Paragraph', open: '<p>', close: '</p>' },
  { label: 'Bold', open: '<strong>', close: '</strong>' },
  { label: 'Gold', open: '<span class="text-gold">', close: '</span>' },
  { label: 'Red', open: '<span class="text-red">', close: '</span>' },
  { label: 'Large', open: '<span class="text-large">', close: '</span>' },
  { label: 'Centre', open: '<p class="text-center">', close: '</p>' },
  { label: 'Line break', open: '<br />', close: '' },
] as const;

/** The popup and notice HTML editor: a source box with buttons that wrap the selection. */
export function HtmlField({ value, onChange }: { value: string; onChange(value: string): void }) {
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
      <div className={styles.toolbar} role="toolbar" aria-label="Formatting">
        {SNIPPETS.map((s) => (
          <Button key={s.label} variant="ghost" className={ui.small} onClick={() => wrap(s.open, s.close)}>
            {s.label}
          </Button>
        ))}
      </div>
      <label className={ui.field}>
        Contents (HTML)
        <textarea
          ref={box}
          className={ui.input}
          rows={10}
          required
          maxLength={20_000}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
