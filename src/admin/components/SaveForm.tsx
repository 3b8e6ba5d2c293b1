import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Outcome } from './Field.tsx';
import ui from './ui.module.css';

/** What the foot of a save form shows of its request (a react-query mutation fits as it is). */
export interface SaveState {
  error?: unknown;
  isSuccess: boolean;
  isPending: boolean;
}

/**
 * A settings form: its fields, then the same foot on every one of them — the outcome line ("saved"
 * or the server's reason) and one save button, held while the request is on its way.
 */
export function SaveForm({
  state,
  saveLabel,
  children,
  ...form
}: { state: SaveState; saveLabel: string } & Omit<ComponentProps<'form'>, 'className'>) {
  const { t } = useTranslation();
  return (
    <form className={ui.form} {...form}>
      {children}
      <Outcome error={state.error} done={state.isSuccess && t('common.saved')} />
      <div className={ui.row}>
        <Button type="submit" disabled={state.isPending}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
