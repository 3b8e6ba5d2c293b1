import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent } from '../../api/types.ts';
import { Outcome, Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { CancelWindowForm } from './CancelWindowForm.tsx';
import { EventActions } from './EventActions.tsx';
import { MarketCard } from './MarketCard.tsx';
import { marketLabel, sportLabel } from './market-label.ts';
import { useBookSettings, useEventState } from './queries.ts';
import { ScoreFields } from './ScoreFields.tsx';
import styles from './trading.module.css';

const STATUSES = ['scheduled', 'live', 'ended', 'postponed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
/** A status in the operator's language (`event.status.<status>` in the admin texts). */
const statusLabel = (t: TFunction, status: string) => t(`event.status.${status}`, { defaultValue: status });

function doneText(
  t: TFunction,
  body: { status?: string; score?: { home: number; away: number } } | undefined,
) {
  if (body?.status) return t('event.nowStatus', { status: statusLabel(t, body.status) });
  if (body?.score) return t('event.scoreSet', { home: body.score.home, away: body.score.away });
  return false;
}

/** A state change the page reports when the event leaves the tab it was on (postponed, cancelled). */
export interface StateChange {
  eventId: number;
  text: string;
}

/**
 * One event: its state (scheduled, in play, ended, postponed, cancelled), live score, cancel window,
 * and each market's desk. Cancelling voids the event's undecided markets, so it asks first.
 */
export function EventCard({
  event,
  onStateChanged,
}: {
  event: TradingEvent;
  onStateChanged?: (change: StateChange) => void;
}) {
  const { t } = useTranslation();
  const state = useEventState();
  const settings = useBookSettings().data?.settings;
  const score = event.score as { home: number; away: number } | null;
  // A sport the member window has no name for (one a trader typed) is the book's data, as it is.
  const sport = sportLabel(t, { code: event.sportCode, name: event.sport });
  const [home, setHome] = useState(String(score?.home ?? 0));
  const [away, setAway] = useState(String(score?.away ?? 0));
  const [chosen, setChosen] = useState<Status>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const params = { id: event.id };
  const next = chosen ?? (event.status as Status);
  // Cancelling voids these; markets with a confirmed result stand.
  const undecided = event.markets.filter((m) => m.resultState !== 'confirmed' && m.status !== 'cancelled');
  const decided = event.markets.length - undecided.length;

  const setStatus = (status: Status) => {
    state.mutate(
      {
        params,
        // An event put in play without a score starts at 0–0.
        body: status === 'live' && !score ? { status, score: { home: 0, away: 0 } } : { status },
      },
      {
        onSuccess: () => {
          setChosen(undefined);
          setConfirmCancel(false);
          onStateChanged?.({
            eventId: event.id,
            text:
              status === 'cancelled'
                ? t('event.cancelledDone', { name: event.name })
                : t('event.nowNamed', { name: event.name, status: statusLabel(t, status) }),
          });
        },
      },
    );
  };

  return (
    <div data-testid={`event-${event.id}`}>
      <Panel title={event.name}>
        <div className={styles.event}>
          <div className={styles.eventHead}>
            <span className={ui.muted}>
              <span translate={sport === event.sport ? 'no' : undefined}>{sport}</span> ·{' '}
              <span translate="no">{event.competition}</span> · <When value={event.startsAt} />
            </span>
            <span>
              <Pill value={event.status} label={statusLabel(t, event.status)} />{' '}
              {score && (
                <span className={styles.score} data-testid={`score-${event.id}`}>
                  {score.home}–{score.away}
                </span>
              )}
            </span>
          </div>
          {event.status === 'cancelled' ? (
            <p className={`${ui.muted} ${styles.hint}`}>{t('event.cancelledHint')}</p>
          ) : (
            <form
              className={ui.row}
              aria-label={t('event.stateOf', { name: event.name })}
              onSubmit={(e) => {
                e.preventDefault();
                if (next === 'cancelled') setConfirmCancel(true);
                else setStatus(next);
              }}
            >
              <Select
                label={t('members.status')}
                value={next}
                disabled={confirmCancel}
                onChange={(e) => setChosen(e.target.value as Status)}
              >
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(t, s)}
                  </option>
                ))}
              </Select>
              {!confirmCancel && (
                <Button
                  type="submit"
                  className={`${ui.small} ${next === 'cancelled' ? ui.danger : ''}`}
                  variant={next === 'cancelled' ? 'ghost' : 'primary'}
                  disabled={state.isPending || next === event.status}
                >
                  {next === 'cancelled' ? t('event.cancelEvent') : t('event.setStatus')}
                </Button>
              )}
              {event.status === 'live' && !confirmCancel && (
                <>
                  <ScoreFields home={home} away={away} onHome={setHome} onAway={setAway} />
                  <Button
                    variant="ghost"
                    className={ui.small}
                    disabled={state.isPending}
                    onClick={() =>
                      state.mutate({ params, body: { score: { home: Number(home), away: Number(away) } } })
                    }
                  >
                    {t('event.setScore')}
                  </Button>
                </>
              )}
            </form>
          )}
          {next === 'postponed' && event.status !== 'postponed' && settings && (
            <p className={`${ui.muted} ${styles.hint}`}>
              {t('event.postponeHint', { count: settings.postponeVoidHours })}
            </p>
          )}
          {confirmCancel && (
            <fieldset
              className={`${styles.confirm} ${ui.plainFieldset}`}
              aria-label={t('event.confirmLabel', { name: event.name })}
            >
              <p>
                {t('event.cancelAsk', { name: event.name })}{' '}
                {undecided.length > 0
                  ? t('event.voids', {
                      count: undecided.length,
                      list: undecided.map((m) => marketLabel(t, m)).join(', '),
                    })
                  : t('event.noneToVoid')}{' '}
                {decided > 0 && t('event.decidedStand', { count: decided })}
              </p>
              <div className={ui.row}>
                <Button
                  className={`${ui.small}`}
                  disabled={state.isPending}
                  onClick={() => setStatus('cancelled')}
                >
                  {t('event.yesCancel')}
                </Button>
                <Button
                  variant="ghost"
                  className={ui.small}
                  onClick={() => {
                    setConfirmCancel(false);
                    setChosen(undefined);
                  }}
                >
                  {t('bets.keep')}
                </Button>
              </div>
            </fieldset>
          )}
          <Outcome
            error={state.error}
            done={state.isSuccess && !chosen && doneText(t, state.variables?.body)}
          />
          {event.status !== 'cancelled' && <EventActions event={event} />}
          {event.status !== 'cancelled' && <CancelWindowForm event={event} />}
          {event.markets.map((m) => (
            <MarketCard key={m.id} market={m} event={event} />
          ))}
        </div>
      </Panel>
    </div>
  );
}
