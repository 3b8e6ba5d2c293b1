import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Field, Outcome } from './Field.tsx';
import ui from './ui.module.css';

/**
 * Lifts a sign-in lock before it ends (5 wrong codes of the day): the reason the audit log keeps, and
 * the button. `label` names whose lock it is, for screen readers and tests.
 */
export function LiftLock({
  label,
  pending,
  error,
  onLift,
}: {
  label: string;
  pending: boolean;
  error: unknown;
  onLift(reason: string): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onLift(reason.trim());
  };
  return (
    <form className={ui.row} onSubmit={submit}>
      <Field
        label={t('lock.reason')}
        required
        minLength={3}
        maxLength={500}
        value={reason}
        onValue={setReason}
      />
      <Button type="submit" variant="ghost" disabled={pending} aria-label={label}>
        {t('lock.lift')}
      </Button>
      <Outcome error={error} />
    </form>
  );
}
