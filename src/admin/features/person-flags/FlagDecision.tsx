import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { Field, Outcome } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import { useDecideFlag } from './queries.ts';

/** An open flag's decision: the reviewer's reason (kept and audited), then clear or confirm. */
export function FlagDecision({ id }: { id: number }) {
  const { t } = useTranslation();
  const decide = useDecideFlag();
  const [reason, setReason] = useState('');
  const send = (status: 'cleared' | 'confirmed') => (event?: FormEvent) => {
    event?.preventDefault();
    decide.mutate({ params: { id }, body: { status, reason: reason.trim() } });
  };
  return (
    <form className={ui.form} onSubmit={send('cleared')} aria-label={t('flags.decideLabel', { id })}>
      <Field label={t('flags.reason')} required maxLength={500} value={reason} onValue={setReason} />
      <div className={ui.row}>
        <Button type="submit" disabled={decide.isPending || !reason.trim()}>
          {t('flags.clear')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          className={ui.danger}
          disabled={decide.isPending || !reason.trim()}
          onClick={() => send('confirmed')()}
        >
          {t('flags.confirm')}
        </Button>
      </div>
      <Outcome error={decide.error} />
    </form>
  );
}
