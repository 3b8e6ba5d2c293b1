import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';
import styles from './DateField.module.css';

/** What the member typed, as YYYY-MM-DD so far: digits only, the dashes put in as they type. */
export function asTypedDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30), within min and max when given. */
export function isDay(text: string, min?: string, max?: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) return false;
  return (!min || text >= min) && (!max || text <= max);
}

type Props = {
  /** The chosen day (YYYY-MM-DD), or '' for none. */
  value: string;
  /** Called with a complete day, or '' while the field is empty or not yet a day. */
  onChange(value: string): void;
  min?: string;
  max?: string;
  /** The form's pattern in the page's language (common:datePlaceholder, YYYY-MM-DD in English). */
  placeholder: string;
  /** The calendar button's tooltip (common:pickDate). */
  pickLabel: string;
  'data-testid'?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'required' | 'autoComplete' | 'className' | 'aria-invalid'
>;

/**
 * A day, shown YYYY-MM-DD in every language (SPEC §9's date form), where the browser's date input
 * would show its own locale's format (mm/dd/yyyy on a Thai page). The member types it (the dashes
 * come by themselves) or picks it from the browser's calendar behind the button.
 */
export function DateField({ value, onChange, min, max, className, placeholder, pickLabel, ...input }: Props) {
  const [draft, setDraft] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a reset, a picked day) replaces what is typed.
  useEffect(() => {
    setDraft((current) => (current === value || (!value && !isDay(current, min, max)) ? current : value));
  }, [value, min, max]);

  const take = (text: string) => {
    const typed = asTypedDate(text);
    setDraft(typed);
    const day = isDay(typed, min, max) ? typed : '';
    if (day !== value) onChange(day);
  };

  return (
    <span className={styles.field}>
      <input
        {...input}
        className={className}
        type="text"
        inputMode="numeric"
        placeholder={placeholder}
        maxLength={10}
        value={draft}
        onChange={(e) => take(e.target.value)}
      />
      <button
        type="button"
        className={styles.calendar}
        title={pickLabel}
        // Typing the day is the way for the keyboard and screen readers; this is a pointer's shortcut,
        // kept out of the field's name (it sits inside the field's label).
        aria-hidden="true"
        tabIndex={-1}
        onClick={() => picker.current?.showPicker()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M7 2v2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 7h14v10H5V9z"
            fill="currentColor"
          />
        </svg>
      </button>
      <input
        ref={picker}
        className={styles.picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        min={min}
        max={max}
        value={isDay(draft) ? draft : ''}
        onChange={(e) => take(e.target.value)}
      />
    </span>
  );
}
