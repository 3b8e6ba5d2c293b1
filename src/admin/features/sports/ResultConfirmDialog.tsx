import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent, TradingMarket } from '../../api/types.ts';
import { selectionLabel } from './market-label.ts';
import { useBookSettings } from './queries.ts';
import {
  type DeskResult,
  deskResultOf,
  liveScoreOf,
  resultText,
  resultWarnings,
  resultWords,
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
  const { t } = useTranslation();
  const words = resultWords(t);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const settings = useBookSettings();
  // A modal <dialog>: the page behind is inert; the safe answer has the focus.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLButtonElement>('[data-cancel]')?.focus();
  }, []);

  const names = new Map(market.selections.map((s) => [s.key, selectionLabel(t, s)]));
  const live = liveScoreOf(event.score);
  const liveText = live
    ? live.clock
      ? t('trading.result.at', { score: scoreText(live), clock: live.clock })
      : scoreText(live)
    : t('trading.result.noScore');
  const enteredText = resultText(pending.result, names, words);
  const warnings = resultWarnings(pending.result, event);
  const current = deskResultOf(market.result);
  const correcting = pending.action === 'correct' || pending.action === 'confirmCorrection';
  const waitsForSecond =
    (pending.action === 'enter' || pending.action === 'correct') &&
    settings.data?.settings.confirmResults === true;
  const consequence = waitsForSecond
    ? pending.action === 'correct'
      ? t('trading.result.waitCorrection')
      : t('trading.result.waitSecond')
    : correcting
      ? t('trading.result.resettles')
      : t('trading.result.settleNow', { count: market.openBets });

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
        {t(`trading.result.title.${pending.action}`)}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('trading.result.event')}</dt>
        <dd>{event.name}</dd>
        <dt>{t('trading.result.market')}</dt>
        <dd>{props.marketLabel}</dd>
        {correcting && current && (
          <>
            <dt>{t('trading.result.now')}</dt>
            <dd>{resultText(current, names, words)}</dd>
          </>
        )}
        <dt>{correcting ? t('trading.result.new') : t('trading.result.result')}</dt>
        <dd className={styles.result} data-testid="dialog-result">
          {enteredText}
        </dd>
        <dt>{t('trading.result.live')}</dt>
        <dd data-testid="dialog-live-score">
          {liveText} · {t(`event.status.${event.status}`, { defaultValue: event.status })}
        </dd>
        {pending.action === 'confirmCorrection' && (
          <>
            <dt>{t('trading.result.proposedBy')}</dt>
            <dd>{t('bets.byOperator', { id: props.proposedBy ?? '?' })}</dd>
          </>
        )}
        {pending.action === 'correct' && (
          <>
            <dt>{t('trading.result.reason')}</dt>
            <dd>{pending.reason.trim() || '—'}</dd>
          </>
        )}
      </dl>
      {warnings.length > 0 && (
        <ul className={styles.warnings} data-testid="result-warnings">
          {warnings.map((w) => (
            <li key={w} data-warning={w}>
              {t(`trading.result.warning.${w}`, { entered: enteredText, live: liveText })}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.consequence}>{consequence}</p>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={props.onCancel} data-cancel>
          {t('trading.result.cancel')}
        </Button>
        <Button onClick={props.onConfirm}>{t(`trading.result.yes.${pending.action}`)}</Button>
      </div>
    </dialog>
  );
}
