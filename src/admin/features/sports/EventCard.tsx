import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import type { TradingEvent } from '../../api/types.ts';
import { Field, Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { MarketCard } from './MarketCard.tsx';
import { useEventState } from './queries.ts';
import styles from './trading.module.css';

/** One event: its state (in play, ended), live score, and each market's desk. */
export function EventCard({ event }: { event: TradingEvent }) {
  const state = useEventState();
  const score = event.score as { home: number; away: number } | null;
  const [home, setHome] = useState(String(score?.home ?? 0));
  const [away, setAway] = useState(String(score?.away ?? 0));
  const params = { id: event.id };
  return (
    <div data-testid={`event-${event.id}`}>
      <Panel title={event.name}>
        <div className={styles.event}>
          <div className={styles.eventHead}>
            <span className={ui.muted}>
              {event.sport} · {event.competition} · <When value={event.startsAt} />
            </span>
            <span>
              <Pill value={event.status} />{' '}
              {score && (
                <span className={styles.score} data-testid={`score-${event.id}`}>
                  {score.home}–{score.away}
                </span>
              )}
            </span>
          </div>
          <div className={ui.row}>
            {event.status === 'scheduled' && (
              <Button
                className={ui.small}
                disabled={state.isPending}
                onClick={() =>
                  state.mutate({ params, body: { status: 'live', score: { home: 0, away: 0 } } })
                }
              >
                Start (in play)
              </Button>
            )}
            {event.status === 'live' && (
              <>
                <Field
                  label="Home"
                  type="number"
                  min={0}
                  className={`${ui.input} ${styles.narrow}`}
                  value={home}
                  onChange={(e) => setHome(e.target.value)}
                />
                <Field
                  label="Away"
                  type="number"
                  min={0}
                  className={`${ui.input} ${styles.narrow}`}
                  value={away}
                  onChange={(e) => setAway(e.target.value)}
                />
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
                <Button
                  className={ui.small}
                  disabled={state.isPending}
                  onClick={() => state.mutate({ params, body: { status: 'ended' } })}
                >
                  End event
                </Button>
              </>
            )}
          </div>
          <Outcome error={state.error} />
          {event.markets.map((m) => (
            <MarketCard key={m.id} market={m} event={event} />
          ))}
        </div>
      </Panel>
    </div>
  );
}
