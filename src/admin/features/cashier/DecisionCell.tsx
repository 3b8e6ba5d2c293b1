import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { AdminFailure } from '../../api/client.ts';
import type { PendingRequest } from '../../api/types.ts';
import { Amount } from '../../components/Amount.tsx';
import { asSentence, Outcome } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import { useDecision } from './queries.ts';

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
  const decision = useDecision((error) => {
    // Only a request another desk decided leaves the queue; any other refusal (a member who owes a
    // debt cannot be paid out) stays on the row, under it.
    if (error instanceof AdminFailure && error.httpStatus === 409 && error.status === 'already') {
      onLost(
        `${request.kind === 'deposit' ? 'Deposit' : 'Withdrawal'} #${request.id}: ${asSentence(error.message)}.`,
      );
    }
  });
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const label = `${request.kind} #${request.id}`;
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
            aria-label={`Reason to reject ${label}`}
            placeholder="Reason shown to the member"
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
            Confirm reject
          </Button>
          <Button variant="ghost" className={ui.small} onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </form>
      ) : confirming ? (
        <fieldset className={`${ui.row} ${ui.plainFieldset}`} aria-label={`Confirm approval of ${label}`}>
          <span>
            {request.kind === 'deposit' ? 'Credit' : 'Pay out'} <Amount value={request.amount} />{' '}
            {request.kind === 'deposit' ? 'to' : 'from'} <strong>{request.member.loginId}</strong>?
          </span>
          <Button
            className={ui.small}
            disabled={decision.isPending}
            onClick={() => decision.mutate({ kind: request.kind, id: request.id, approve: true })}
          >
            Confirm approve
          </Button>
          <Button variant="ghost" className={ui.small} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </fieldset>
      ) : (
        <div className={ui.row}>
          <Button
            className={ui.small}
            aria-label={`Approve ${label}`}
            disabled={decision.isPending}
            onClick={() => setConfirming(true)}
          >
            Approve
          </Button>
          <Button
            variant="ghost"
            className={`${ui.small} ${ui.danger}`}
            aria-label={`Reject ${label}`}
            onClick={() => setRejecting(true)}
          >
            Reject
          </Button>
        </div>
      )}
      <Outcome error={decision.error} />
    </div>
  );
}
