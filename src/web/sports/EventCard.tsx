import { memo } from 'react';
import type { Market, SportEvent } from '../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../shared/sports/odds-format.ts';
import browse from './browse/browse.module.css';
import { FavouriteStar } from './browse/FavouriteStar.tsx';
import type { Favourites } from './browse/useFavourites.ts';
import { useSportsT, when } from './i18n.ts';
import { MarketRow } from './MarketRow.tsx';
import { MatchClock } from './MatchClock.tsx';
import styles from './sports.module.css';

interface Props {
  event: SportEvent;
  format: OddsFormat;
  picked: Set<number>;
  onPick(event: SportEvent, market: Market, selectionId: number): void;
  onOpen(id: number): void;
  /** The member's favourites: a star on the card (none in a guest's window). */
  favourites?: Favourites;
}

/** Which of the card's own prices are on the slip: a tap elsewhere leaves this card as it is. */
const pickedOn = (p: Props) =>
  (p.event.markets[0]?.selections ?? [])
    .filter((s) => p.picked.has(s.id))
    .map((s) => s.id)
    .join(',');

/**
 * A card re-renders only when what it shows changed: its event (a pushed price, score or state), the
 * odds format, its own picks or its star. With 500 cards a price tap re-renders one card, not all
 * (the callbacks only call state setters, so an older one does the same).
 */
const sameCard = (a: Props, b: Props) =>
  a.event === b.event &&
  a.format === b.format &&
  pickedOn(a) === pickedOn(b) &&
  a.favourites?.enabled === b.favourites?.enabled &&
  a.favourites?.events.has(a.event.id) === b.favourites?.events.has(b.event.id);

/** An event in a list: its teams, time or live score, and its main market's prices. */
export const EventCard = memo(function EventCard(props: Props) {
  const t = useSportsT();
  const { event } = props;
  const main = event.markets[0];
  const live = event.status === 'live';
  return (
    <article className={styles.eventCard} data-testid="event" data-event={event.id}>
      <div className={browse.cardTop}>
        <button type="button" className={styles.eventHead} onClick={() => props.onOpen(event.id)}>
          <span className={styles.teams} translate="no">
            {event.home && event.away ? (
              <>
                <span>{event.home}</span>
                <span>{event.away}</span>
              </>
            ) : (
              <span>{event.name}</span>
            )}
          </span>
          <span className={styles.eventMeta}>
            {live ? (
              <>
                <span className={styles.liveBadge}>{t('live')}</span>
                {event.score && (
                  <strong data-testid="score">
                    {event.score.home}–{event.score.away}
                  </strong>
                )}
                <MatchClock score={event.score} />
              </>
            ) : (
              <time dateTime={event.startsAt}>{when(event.startsAt)}</time>
            )}
            <small>{t('moreMarkets', { count: event.markets.length })}</small>
          </span>
        </button>
        {props.favourites && <FavouriteStar favourites={props.favourites} kind="event" id={event.id} />}
      </div>
      {main ? (
        <MarketRow
          event={event}
          market={main}
          format={props.format}
          picked={props.picked}
          onPick={props.onPick}
          showName={false}
        />
      ) : (
        <p className={styles.muted}>{t('noMarkets')}</p>
      )}
    </article>
  );
}, sameCard);
