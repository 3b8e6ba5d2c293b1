import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { AdminFailure } from '../../api/client.ts';
import { refusalText } from '../../api/refusal.ts';
import type { PendingRequest } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { Outcome } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import { useDecision } from './queries.ts';

/** The lost line's text ends the sentence itself (cashier.lost). */
const withoutStop = (text: string) => text.replace(/[.。]$/, '');

/**
 * Approve after confirming the amount and the member (nothing moves before the confirm), or reject
 * with the reason the member will be told.
 */
export function DecisionCell({
  request,
  onLost,
}: {
  request: PendingRequest;
  /** Another desk decided first: the row is about to vanish, so the page keeps the reason. */
  onLost(message: string): void;
}) {
  const { t, i18n } = useTranslation();
  const decision = useDecision((error) => {
    // Only a request another desk decided leaves the queue; any other refusal (a member who owes a
    // debt cannot be paid out) stays on the row, under it.
    if (error instanceof AdminFailure && error.httpStatus === 409 && error.status === 'already') {
      onLost(
        t(`cashier.lost.${request.kind}`, { id: request.id, reason: withoutStop(refusalText(error, i18n)) }),
      );
    }
  });
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const label = t(`cashier.label.${request.kind}`, { id: request.id });
  const reject = (event: FormEvent) => {
    event.preventDefault();
    decision.mutate({ kind: request.kind, id: request.id, approve: false, reason });
  };
  return (
    <div className={ui.form}>
      {rejecting ? (
        <form className={ui.row} onSubmit={reject}>
          <input
            className={ui.input}
            aria-label={t('cashier.reasonFor', { label })}
            placeholder={t('cashier.reason')}
            required
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button
            type="submit"
            variant="ghost"
            className={`${ui.small} ${ui.danger}`}
            disabled={decision.isPending}
          >
            {t('cashier.confirmReject')}
          </Button>
          <Button variant="ghost" className={ui.small} onClick={() => setRejecting(false)}>
            {t('common.cancel')}
          </Button>
        </form>
      ) : confirming ? (
        <fieldset
          className={`${ui.row} ${ui.plainFieldset}`}
          aria-label={t('cashier.confirmApprovalOf', { label })}
        >
          <span>
            {t(`cashier.confirm.${request.kind}.before`)}{' '}
            <Amount value={request.amount} currency={request.currency} />{' '}
            {t(`cashier.confirm.${request.kind}.middle`)}{' '}
            <strong translate="no">{request.member.loginId}</strong>
            {t(`cashier.confirm.${request.kind}.after`)}
          </span>
          <Button
            className={ui.small}
            disabled={decision.isPending}
            onClick={() => decision.mutate({ kind: request.kind, id: request.id, approve: true })}
          >
            {t('cashier.confirmApprove')}
          </Button>
          <Button variant="ghost" className={ui.small} onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </fieldset>
      ) : (
        <div className={ui.row}>
          <Button
            className={ui.small}
            aria-label={t('cashier.approveLabel', { label })}
            disabled={decision.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('cashier.approve')}
          </Button>
          <Button
            variant="ghost"
            className={`${ui.small} ${ui.danger}`}
            aria-label={t('cashier.rejectLabel', { label })}
            onClick={() => setRejecting(true)}
          >
            {t('cashier.reject')}
          </Button>
        </div>
      )}
      <Outcome error={decision.error} />
    </div>
  );
}
