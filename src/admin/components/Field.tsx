import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

/** `onValue`: the typed text alone, for the common case of keeping it in a state setter. */
type TextInput<Tag extends 'input' | 'textarea'> = {
  label: string;
  onValue?(value: string): void;
} & ComponentProps<Tag>;

/** A labelled input; the label wraps the control so screen readers and tests find it by name. */
export function Field({ label, onValue, ...input }: TextInput<'input'>) {
  return (
    <label className={styles.field}>
      {label}
      <input className={styles.input} onChange={onValue && ((e) => onValue(e.target.value))} {...input} />
    </label>
  );
}

export function TextArea({ label, onValue, ...input }: TextInput<'textarea'>) {
  return (
    <label className={styles.field}>
      {label}
      <textarea className={styles.input} onChange={onValue && ((e) => onValue(e.target.value))} {...input} />
    </label>
  );
}

export function Select({
  label,
  children,
  onValue,
  ...input
}: { label: string; children: ReactNode; onValue?(value: string): void } & ComponentProps<'select'>) {
  return (
    <label className={styles.field}>
      {label}
      <select className={styles.input} onChange={onValue && ((e) => onValue(e.target.value))} {...input}>
        {children}
      </select>
    </label>
  );
}

/** A labelled checkbox, the box before its label. */
export function Check({
  label,
  onChecked,
  ...input
}: { label: string; onChecked(checked: boolean): void } & ComponentProps<'input'>) {
  return (
    <label className={styles.check}>
      <input type="checkbox" onChange={(e) => onChecked(e.target.checked)} {...input} />
      {label}
    </label>
  );
}

/** A server reason as a sentence: its first letter capitalised. */
export const asSentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The outcome line under a form: the server's reason on failure, a short confirmation on success. */
export function Outcome({ error, done }: { error?: unknown; done?: string | false }) {
  const { t } = useTranslation();
  if (error) {
    const raw = error instanceof Error && error.message ? error.message : t('common.failed');
    const text = asSentence(raw);
    return (
      <p className={styles.error} role="alert">
        {text}
      </p>
    );
  }
  if (done) return <output className={styles.ok}>{done}</output>;
  return null;
}
