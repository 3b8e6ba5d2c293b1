import type { TFunction } from 'i18next';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFailure } from '../api/client.ts';
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

/** A server reason as a sentence: its first letter capitalised. */
export const asSentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A refusal in the operator's language where its message key says all the server's English reason
 * does (admin.json `refusal`: a wrong password, too many attempts); other reasons as the server gave them.
 */
function refusalText(error: unknown, t: TFunction, exists: (key: string) => boolean): string | undefined {
  if (!(error instanceof AdminFailure) || typeof error.body.msg !== 'string') return undefined;
  const key = `refusal.${error.body.msg}`;
  if (!exists(key)) return undefined;
  const seconds = Number(error.body.retryAfter);
  const wait = Number.isFinite(seconds) ? seconds : 60;
  return t(key, { minutes: Math.max(1, Math.ceil(wait / 60)), hours: Math.max(1, Math.ceil(wait / 3600)) });
}

/** The outcome line under a form: the server's reason on failure, a short confirmation on success. */
export function Outcome({ error, done }: { error?: unknown; done?: string | false }) {
  const { t, i18n } = useTranslation();
  if (error) {
    const raw = error instanceof Error && error.message ? error.message : t('common.failed');
    const text = refusalText(error, t, (key) => i18n.exists(key)) ?? asSentence(raw);
    return (
      <p className={styles.error} role="alert">
        {text}
      </p>
    );
  }
  if (done) return <output className={styles.ok}>{done}</output>;
  return null;
}
