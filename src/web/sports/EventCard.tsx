import { memo } from 'react';
import type { Market, SportEvent } from '../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../shared/sports/odds-format.ts';
import { siteZone } from '../features/site/site-zone.ts';
import browse from './browse/browse.module.css';
import { FavouriteStar } from './browse/FavouriteStar.tsx';
import type { Favourites } from './browse/useFavourites.ts';
import { useSportsT, when } from './i18n.ts';
import { MarketRow } from './MarketRow.tsx';
import { MatchClock } from './MatchClock.tsx';
import styles from './sports.module.css';

/** What a listing hands each of its cards: the odds format, the slip's picks, the handlers and the favourites. */
export interface CardContext {
  format: OddsFormat;
  picked: Set<number>;
  onPick(event: SportEvent, market: Market, selectionId: number): void;
  onOpen(id: number): void;
  /** The member's favourites: a star on the card (none in a guest's window). */
  favourites?: Favourites;
}

interface CardProps extends CardContext {
  event: SportEvent;
}

/** The card context out of a listing's own props, which carry more (handing those on would defeat `memo`). */
export const cardContext = ({ format, picked, onPick, onOpen, favourites }: CardContext): CardContext => ({
  format,
  picked,
  onPick,
  onOpen,
  favourites,
});

/** The site's time zone each event's card was last rendered in. */
const zoneShown = new Map<number, string | undefined>();

/** Which of the card's prices are on the slip ("" when none): a pick elsewhere leaves the card as it is. */
const pickedHere = (p: CardProps) =>
  (p.event.markets[0]?.selections ?? []).map((s) => (p.picked.has(s.id) ? 1 : 0)).join('');

/**
 * Whether a card would look the same: live prices change one event at a time (the others keep their
 * objects), so a price move re-renders its own card, not the whole list (the window keeps its
 * handlers the same functions from one render to the next).
 */
function sameCard(a: CardProps, b: CardProps): boolean {
  return (
    a.event === b.event &&
    // The start times are shown in the site's zone, which arrives after the first render.
    zoneShown.get(a.event.id) === siteZone() &&
    a.format === b.format &&
    a.onPick === b.onPick &&
    a.onOpen === b.onOpen &&
    pickedHere(a) === pickedHere(b) &&
    a.favourites?.enabled === b.favourites?.enabled &&
    a.favourites?.toggle === b.favourites?.toggle &&
    a.favourites?.events.has(a.event.id) === b.favourites?.events.has(b.event.id)
  );
}

/** An event in a list: its teams, time or live score, and its main market's prices. */
export const EventCard = memo(function EventCard(props: CardProps) {
  zoneShown.set(props.event.id, siteZone());
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
