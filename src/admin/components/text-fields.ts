import { type SetStateAction, useState } from 'react';

/** The keys of a form's fields that hold text. */
export type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * A form's fields in one state object, and `bind(key)`: what one text input takes to show and change
 * that field (`<Field {...bind('name')} />`).
 */
export function useTextFields<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState(initial);
  const bind = (key: TextKey<F>) => ({
    value: form[key] as string,
    onValue: (value: string) => setForm((current) => ({ ...current, [key]: value })),
  });
  return [form, setForm as (next: SetStateAction<F>) => void, bind] as const;
}
