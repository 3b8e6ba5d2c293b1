import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent } from '../../api/types.ts';
import { count } from '../../components/count.ts';
import { Outcome, Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { CancelWindowForm } from './CancelWindowForm.tsx';
import { MarketCard } from './MarketCard.tsx';
import { marketLabel } from './market-label.ts';
import { useBookSettings, useEventState } from './queries.ts';
import { ScoreFields } from './ScoreFields.tsx';
import styles from './trading.module.css';

const STATUSES = ['scheduled', 'live', 'ended', 'postponed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_LABEL: Record<Status, string> = {
  scheduled: 'scheduled',
  live: 'in play',
  ended: 'ended',
  postponed: 'postponed',
  cancelled: 'cancelled',
};

function doneText(body: { status?: string; score?: { home: number; away: number } } | undefined) {
  if (body?.status) return `The event is now ${STATUS_LABEL[body.status as Status] ?? body.status}.`;
  if (body?.score) return `Score set: ${body.score.home}–${body.score.away}.`;
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
  const state = useEventState();
  const settings = useBookSettings().data?.settings;
  const score = event.score as { home: number; away: number } | null;
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
                ? `${event.name} is cancelled: its undecided markets are void.`
                : `${event.name} is now ${STATUS_LABEL[status]}.`,
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
              {event.sport} · {event.competition} · <When value={event.startsAt} />
            </span>
            <span>
              <Pill value={event.status} label={STATUS_LABEL[event.status as Status] ?? event.status} />{' '}
              {score && (
                <span className={styles.score} data-testid={`score-${event.id}`}>
                  {score.home}–{score.away}
                </span>
              )}
            </span>
          </div>
          {event.status === 'cancelled' ? (
            <p className={`${ui.muted} ${styles.hint}`}>
              Cancelled: its undecided markets were voided; markets decided before stand.
            </p>
          ) : (
            <form
              className={ui.row}
              aria-label={`${event.name} state`}
              onSubmit={(e) => {
                e.preventDefault();
                if (next === 'cancelled') setConfirmCancel(true);
                else setStatus(next);
              }}
            >
              <Select
                label="Status"
                value={next}
                disabled={confirmCancel}
                onChange={(e) => setChosen(e.target.value as Status)}
              >
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABEL[s]}
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
                  {next === 'cancelled' ? 'Cancel event…' : 'Set status'}
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
                    Set score
                  </Button>
                </>
              )}
            </form>
          )}
          {next === 'postponed' && event.status !== 'postponed' && settings && (
            <p className={`${ui.muted} ${styles.hint}`}>
              Bets stay open. Not played within {count(settings.postponeVoidHours, 'hour')} of its start, the
              event is cancelled and its undecided markets are voided.
            </p>
          )}
          {confirmCancel && (
            <fieldset
              className={`${styles.confirm} ${ui.plainFieldset}`}
              aria-label={`Confirm cancelling ${event.name}`}
            >
              <p>
                Cancel {event.name}?{' '}
                {undecided.length > 0
                  ? `Its ${count(undecided.length, 'undecided market')} (${undecided.map(marketLabel).join(', ')}) ${undecided.length === 1 ? 'is' : 'are'} voided: each leg on ${undecided.length === 1 ? 'it' : 'them'} counts 1.00 and the rest of each bet stands.`
                  : 'It has no undecided market to void.'}{' '}
                {decided > 0 &&
                  `${count(decided, 'market')} already decided ${decided === 1 ? 'stands' : 'stand'} as settled.`}
              </p>
              <div className={ui.row}>
                <Button
                  className={`${ui.small}`}
                  disabled={state.isPending}
                  onClick={() => setStatus('cancelled')}
                >
                  Yes, cancel the event
                </Button>
                <Button
                  variant="ghost"
                  className={ui.small}
                  onClick={() => {
                    setConfirmCancel(false);
                    setChosen(undefined);
                  }}
                >
                  Keep it
                </Button>
              </div>
            </fieldset>
          )}
          <Outcome error={state.error} done={state.isSuccess && !chosen && doneText(state.variables?.body)} />
          {event.status !== 'cancelled' && <CancelWindowForm event={event} />}
          {event.markets.map((m) => (
            <MarketCard key={m.id} market={m} event={event} />
          ))}
        </div>
      </Panel>
    </div>
  );
}
