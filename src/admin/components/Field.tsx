import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../api/refusal.ts';
import styles from './ui.module.css';

/** `onValue`: the typed text alone, for the common case of keeping it in a state setter. */
type Labelled<Tag extends 'input' | 'textarea' | 'select'> = {
  label: string;
  onValue?(value: string): void;
} & ComponentProps<Tag>;

/** What a control takes to report its text: `onValue` as a change handler (a given `onChange` wins). */
const changeOf = (onValue?: (value: string) => void) =>
  onValue && ((e: { target: { value: string } }) => onValue(e.target.value));

/** The label wraps the control so screen readers and tests find it by name. */
function LabelOf({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children` (Field, TextArea, Select below)
    <label className={styles.field}>
      {label}
      {children}
    </label>
  );
}

/** A labelled input. */
export function Field({ label, onValue, ...input }: Labelled<'input'>) {
  return (
    <LabelOf label={label}>
      <input className={styles.input} onChange={changeOf(onValue)} {...input} />
    </LabelOf>
  );
}

export function TextArea({ label, onValue, ...input }: Labelled<'textarea'>) {
  return (
    <LabelOf label={label}>
      <textarea className={styles.input} onChange={changeOf(onValue)} {...input} />
    </LabelOf>
  );
}

export function Select({ label, onValue, ...input }: Labelled<'select'>) {
  return (
    <LabelOf label={label}>
      <select className={styles.input} onChange={changeOf(onValue)} {...input} />
    </LabelOf>
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

/** The outcome line under a form: the refusal in the operator's language (api/refusal.ts) on failure, a short confirmation on success. */
export function Outcome({ error, done }: { error?: unknown; done?: string | false }) {
  const { i18n } = useTranslation();
  if (error) {
    return (
      <p className={styles.error} role="alert">
        {refusalText(error, i18n)}
      </p>
    );
  }
  if (done) return <output className={styles.ok}>{done}</output>;
  return null;
}
