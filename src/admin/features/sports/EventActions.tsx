import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent } from '../../api/types.ts';
import { Field, Outcome } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import { useEventResult, useSuspendEvent } from './queries.ts';
import { ScoreFields } from './ScoreFields.tsx';

/**
 * An event's whole-event actions: suspend every open market at once (or reopen them), with a reason;
 * and for a manual event, its final score as the result of each undecided market (the book's one
 * settlement path; winner markets are left to their own result form).
 */
export function EventActions({ event }: { event: TradingEvent }) {
  const { t } = useTranslation();
  const suspend = useSuspendEvent();
  const result = useEventResult();
  const [reason, setReason] = useState('');
  const [home, setHome] = useState('0');
  const [away, setAway] = useState('0');
  const params = { id: event.id };
  const undecided = event.markets.some(
    (m) => m.resultState === 'none' && (m.status === 'open' || m.status === 'suspended'),
  );
  const settledText =
    result.isSuccess &&
    t('trading.manual.settled', { count: result.data.markets.length, left: result.data.left.length });
  // Once every market is decided the actions go; the settlement's outcome stays to be read.
  if (!undecided) return settledText ? <Outcome done={settledText} /> : null;
  const toggle = (open: boolean) => suspend.mutate({ params, body: { open, reason } });
  return (
    <div className={ui.row}>
      <Field label={t('trading.manual.reason')} value={reason} maxLength={300} onValue={setReason} />
      <Button variant="ghost" className={ui.small} disabled={suspend.isPending} onClick={() => toggle(false)}>
        {t('trading.manual.suspendAll')}
      </Button>
      <Button variant="ghost" className={ui.small} disabled={suspend.isPending} onClick={() => toggle(true)}>
        {t('trading.manual.reopenAll')}
      </Button>
      <Outcome
        error={suspend.error}
        done={suspend.isSuccess && t('trading.manual.marketsChanged', { count: suspend.data.changed })}
      />
      {event.source === 'manual' && (
        <>
          <ScoreFields home={home} away={away} onHome={setHome} onAway={setAway} />
          <Button
            className={ui.small}
            disabled={result.isPending}
            onClick={() => result.mutate({ params, body: { home: Number(home), away: Number(away) } })}
          >
            {t('trading.manual.settleByScore')}
          </Button>
          <Outcome error={result.error} done={settledText} />
        </>
      )}
    </div>
  );
}
