import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  /** The label's class: the feature's own field style. */
  labelClass: string | undefined;
  label: ReactNode;
  value: string;
  onValue(value: string): void;
};

/** A form's text input inside its label (the label's text first), holding a string state. */
export function LabelledInput({ labelClass, label, value, onValue, ...input }: Props) {
  return (
    <label className={labelClass}>
      {label}
      <input value={value} onChange={(e) => onValue(e.target.value)} {...input} />
    </label>
  );
}

/** A field for the member's current password (the browser's password manager fills it). */
export const CURRENT_PASSWORD = { type: 'password', autoComplete: 'current-password' } as const;

/** A field for the authenticator app's code (or a recovery code). */
export const ONE_TIME_CODE = { autoComplete: 'one-time-code', maxLength: 20 } as const;

/** A field for a password being chosen (the browser may suggest a strong one). */
export const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password' } as const;
