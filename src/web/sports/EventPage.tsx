import type { Market, SportEvent } from '../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../shared/sports/odds-format.ts';
import { sportName, useSportsT, when } from './i18n.ts';
import { MarketRow } from './MarketRow.tsx';
import styles from './sports.module.css';

/** One event with all its markets; a live one with its score and the RTS 15A notice. */
export function EventPage(props: {
  event: SportEvent | undefined;
  format: OddsFormat;
  picked: Set<number>;
  onPick(event: SportEvent, market: Market, selectionId: number): void;
  onBack(): void;
}) {
  const t = useSportsT();
  const { event } = props;
  return (
    <section className={styles.eventPage} data-testid="event-page" data-event={event?.id}>
      <button type="button" className={styles.back} onClick={props.onBack}>
        ← {t('back')}
      </button>
      {!event ? (
        <p className={styles.muted}>{t('eventGone')}</p>
      ) : (
        <>
          <h2 className={styles.eventTitle} translate="no">
            {event.name}
          </h2>
          <p className={styles.eventMeta}>
            <span translate="no">
              {sportName(t, event)} · {event.competition}
            </span>
            {' · '}
            {event.status === 'live' ? (
              <>
                <span className={styles.liveBadge}>{t('live')}</span>{' '}
                {event.score && (
                  <strong data-testid="score">
                    {event.score.home}–{event.score.away}
                  </strong>
                )}{' '}
                {event.score?.clock}
              </>
            ) : event.status === 'ended' ? (
              t('ended')
            ) : (
              <time dateTime={event.startsAt}>{when(event.startsAt)}</time>
            )}
          </p>
          {event.status === 'live' && (
            <p className={styles.notice} role="note" data-testid="live-notice">
              {t('liveNotice')}
            </p>
          )}
          {event.markets.length === 0 && <p className={styles.muted}>{t('noMarkets')}</p>}
          {event.markets.map((m) => (
            <MarketRow
              key={m.id}
              event={event}
              market={m}
              format={props.format}
              picked={props.picked}
              onPick={props.onPick}
            />
          ))}
        </>
      )}
    </section>
  );
}
