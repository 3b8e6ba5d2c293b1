import { useId, useLayoutEffect, useRef } from 'react';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent, TradingMarket } from '../../api/types.ts';
import { count } from '../../components/count.ts';
import { useBookSettings } from './queries.ts';
import {
  type DeskResult,
  deskResultOf,
  liveScoreOf,
  type ResultWarning,
  resultText,
  resultWarnings,
  scoreText,
} from './result-check.ts';
import styles from './result-dialog.module.css';

/**
 * A result the desk is about to send: entered, confirmed (the one entered before), corrected, or a
 * correction another operator proposed, confirmed (the book asks a second operator for both).
 */
export type PendingResult =
  | { action: 'enter'; result: DeskResult }
  | { action: 'confirm'; result: DeskResult }
  | { action: 'correct'; result: DeskResult; reason: string }
  | { action: 'confirmCorrection'; result: DeskResult };

const TITLE = {
  enter: 'Enter this result?',
  confirm: 'Confirm this result?',
  correct: 'Correct this result?',
  confirmCorrection: 'Confirm this correction?',
};
const YES = {
  enter: 'Yes, enter result',
  confirm: 'Yes, confirm result',
  correct: 'Yes, correct result',
  confirmCorrection: 'Yes, confirm correction',
};
const WARNING: Record<ResultWarning, (entered: string, live: string) => string> = {
  score_differs: (entered, live) => `The score entered (${entered}) differs from the live score (${live}).`,
  in_play: () => 'The event is still in play: its score can still change.',
};

/**
 * The step between a trader's click and money moving: the event, the market, the result and the
 * event's live score side by side, with a warning where they disagree or the match is not over.
 * Nothing is sent until "Yes"; Cancel or Escape sends nothing.
 */
export function ResultConfirmDialog(props: {
  pending: PendingResult;
  event: TradingEvent;
  market: TradingMarket;
  marketLabel: string;
  /** Who proposed the correction being confirmed. */
  proposedBy?: number | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { pending, event, market } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const settings = useBookSettings();
  // A modal <dialog>: the page behind is inert; the safe answer has the focus.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLButtonElement>('[data-cancel]')?.focus();
  }, []);

  const names = new Map(market.selections.map((s) => [s.key, s.name]));
  const live = liveScoreOf(event.score);
  const liveText = live ? `${scoreText(live)}${live.clock ? ` at ${live.clock}` : ''}` : 'none recorded';
  const enteredText = resultText(pending.result, names);
  const warnings = resultWarnings(pending.result, event);
  const current = deskResultOf(market.result);
  const correcting = pending.action === 'correct' || pending.action === 'confirmCorrection';
  const waitsForSecond =
    (pending.action === 'enter' || pending.action === 'correct') &&
    settings.data?.settings.confirmResults === true;
  const consequence = waitsForSecond
    ? pending.action === 'correct'
      ? 'A second operator must confirm the correction before any bet is resettled; the result in force stands until then.'
      : 'A second operator must confirm it before any bet settles.'
    : correcting
      ? 'Bets settled on this market are resettled on the new result: differences are paid or taken back.'
      : `${count(market.openBets, 'open bet')} on this market settle on it at once.`;

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-testid="result-dialog"
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {TITLE[pending.action]}
      </h2>
      <dl className={styles.facts}>
        <dt>Event</dt>
        <dd>{event.name}</dd>
        <dt>Market</dt>
        <dd>{props.marketLabel}</dd>
        {correcting && current && (
          <>
            <dt>Result now</dt>
            <dd>{resultText(current, names)}</dd>
          </>
        )}
        <dt>{correcting ? 'New result' : 'Result'}</dt>
        <dd className={styles.result} data-testid="dialog-result">
          {enteredText}
        </dd>
        <dt>Live score</dt>
        <dd data-testid="dialog-live-score">
          {liveText} · {event.status === 'live' ? 'in play' : event.status}
        </dd>
        {pending.action === 'confirmCorrection' && (
          <>
            <dt>Proposed by</dt>
            <dd>operator {props.proposedBy ?? '?'}</dd>
          </>
        )}
        {pending.action === 'correct' && (
          <>
            <dt>Reason</dt>
            <dd>{pending.reason.trim() || '—'}</dd>
          </>
        )}
      </dl>
      {warnings.length > 0 && (
        <ul className={styles.warnings} data-testid="result-warnings">
          {warnings.map((w) => (
            <li key={w} data-warning={w}>
              {WARNING[w](enteredText, liveText)}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.consequence}>{consequence}</p>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={props.onCancel} data-cancel>
          Cancel
        </Button>
        <Button onClick={props.onConfirm}>{YES[pending.action]}</Button>
      </div>
    </dialog>
  );
}
