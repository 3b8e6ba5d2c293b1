import type { ReactNode } from 'react';
import { useOperator } from '../features/session/queries.ts';

/**
 * An owner's session with two sites, baht in Bangkok (the default) and won in Seoul, two hours
 * apart: what a test of a form's dates needs to switch the back office's site under it.
 */
export const TWO_SITES = {
  operator: { id: 1, login: 'owner', role: 'owner' },
  permissions: ['settings.manage'],
  sites: [
    { id: 1, name: 'Thai', timezone: 'Asia/Bangkok', currency: 'THB', isDefault: true },
    { id: 2, name: 'Korea', timezone: 'Asia/Seoul', currency: 'KRW', isDefault: false },
  ],
};

/** What the back office does: no screen before the operator's session has loaded (App.tsx). */
export function Signedin({ children }: { children: ReactNode }) {
  return useOperator().data ? children : null;
}

/** The control labelled `label` (the first whose label starts with it). */
export function control(host: HTMLElement, label: string): HTMLInputElement | HTMLSelectElement {
  const wrapper = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  const found = wrapper?.querySelector('input, select');
  if (!found) throw new Error(`no control labelled ${label}`);
  return found as HTMLInputElement | HTMLSelectElement;
}

/** What an operator's typing or choosing does, for an input or a select alike. */
export function typeInto(host: HTMLElement, label: string, value: string): void {
  const field = control(host, label);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The button showing `text`. */
export function button(host: HTMLElement, text: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}
