import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import ui from '../../components/ui.module.css';
import styles from './games.module.css';

/** An on/off switch that says what it does. */
export function Toggle({
  on,
  label,
  onLabel,
  offLabel,
  disabled,
  warn,
  onChange,
}: {
  on: boolean;
  /** On is the unusual state (maintenance): shown amber, not green. */
  warn?: boolean;
  label: string;
  onLabel: string;
  offLabel: string;
  disabled?: boolean;
  onChange(next: boolean): void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={disabled}
      className={`${styles.switch} ${on ? (warn ? styles.switchWarn : styles.switchOn) : ''}`}
      onClick={() => onChange(!on)}
    >
      <span className={styles.knob} />
      {on ? onLabel : offLabel}
    </button>
  );
}

/** A small text or number box saved with its own button, so a half-typed value is never sent. */
export function SaveBox({
  label,
  value,
  type = 'text',
  width = 90,
  onSave,
}: {
  label: string;
  value: string;
  type?: 'text' | 'number';
  width?: number;
  onSave(value: string): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const changed = text.trim() !== '' && text !== value;
  return (
    <form
      className={styles.saveBox}
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) onSave(text);
      }}
    >
      <input
        className={ui.input}
        style={{ width }}
        aria-label={label}
        type={type}
        value={text}
        maxLength={300}
        onChange={(event) => setText(event.target.value)}
      />
      {changed && (
        <Button type="submit" variant="ghost" className={ui.small}>
          {t('common.save')}
        </Button>
      )}
    </form>
  );
}
