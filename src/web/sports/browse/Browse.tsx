import { useState } from 'react';
import type { Market, SportEvent } from '../../../shared/contract/sports-api.ts';
import type { OddsFormat } from '../../../shared/sports/odds-format.ts';
import { SEARCH_TEXT } from '../../../shared/sports/search-text.ts';
import { HydrateLater } from '../../components/HydrateLater.tsx';
import { siteZone } from '../../features/site/site-zone.ts';
import { EventCard } from '../EventCard.tsx';
import { EventList } from '../EventList.tsx';
import { useSportsT } from '../i18n.ts';
import styles from '../sports.module.css';
import { inListingOrder } from '../useLiveEvents.ts';
import browse from './browse.module.css';
import { DateFilter } from './DateFilter.tsx';
import { type DayFilter, filterByDay, nextDays } from './dayFilter.ts';
import { LeagueNav } from './LeagueNav.tsx';
import { Popular } from './Popular.tsx';
import { SearchResults } from './SearchResults.tsx';
import type { Favourites } from './useFavourites.ts';

/**
 * The sports view: a search by team or league; else the member's favourite matches, the popular
 * matches, the sport → league navigation, and every open match (favourite leagues first), filtered to
 * live now, today, tomorrow or a day of the next week in the site's time zone.
 */
export function Browse(props: {
  list: SportEvent[];
  events: Map<number, SportEvent>;
  adopt(events: SportEvent[]): void;
  format: OddsFormat;
  picked: Set<number>;
  favourites: Favourites;
  onPick(event: SportEvent, market: Market, selectionId: number): void;
  onOpen(id: number): void;
  onLeague(id: number, name: string): void;
}) {
  const t = useSportsT();
  const [text, setText] = useState('');
  const q = text.trim();
  const searching = q.length > 0;
  const valid = SEARCH_TEXT.test(q);
  const favouriteEvents = inListingOrder(
    [...props.favourites.events]
      .map((id) => props.events.get(id))
      .filter((e): e is SportEvent => e !== undefined && e.status !== 'ended'),
  );
  const [day, setDay] = useState<DayFilter>({ kind: 'all' });
  const zone = siteZone() ?? 'UTC';
  // Today and the six days after in the site's zone, as of this render (a window left open past
  // midnight moves on with its next render).
  const days = nextDays(zone, new Date());
  const liveCount = props.list.filter((e) => e.status === 'live').length;
  const card = { format: props.format, picked: props.picked, onPick: props.onPick, onOpen: props.onOpen };
  return (
    <>
      <search className={browse.search}>
        <input
          type="search"
          value={text}
          maxLength={50}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          onChange={(e) => setText(e.target.value)}
          data-testid="search"
        />
      </search>
      {searching && !valid && <p className={styles.muted}>{t('search.short')}</p>}
      {searching && valid && (
        <SearchResults
          {...card}
          q={q}
          events={props.events}
          adopt={props.adopt}
          favourites={props.favourites}
          onLeague={props.onLeague}
        />
      )}
      {!searching && (
        <>
          {props.favourites.enabled && (
            <section className={browse.section} aria-label={t('favourites.title')} data-testid="favourites">
              <h2 className={browse.sectionTitle}>{t('favourites.title')}</h2>
              {favouriteEvents.length === 0 && <p className={styles.muted}>{t('favourites.empty')}</p>}
              {favouriteEvents.map((e) => (
                <EventCard key={e.id} event={e} {...card} favourites={props.favourites} />
              ))}
            </section>
          )}
          {/* Its cards are most of the first screen's hydration: a part of their own, in a task after the
              rest (one element always, which HydrateLater needs: Popular is empty without popular matches). */}
          <HydrateLater>
            <div data-testid="popular-part">
              <Popular {...card} events={props.events} favourites={props.favourites} />
            </div>
          </HydrateLater>
          {/* Below the first screen on a phone: hydrated after it, a part per task. */}
          <HydrateLater>
            <LeagueNav favourites={props.favourites} onLeague={props.onLeague} liveCount={liveCount} />
          </HydrateLater>
          <h2 className={browse.sectionTitle}>{t('allMatches')}</h2>
          <HydrateLater>
            <DateFilter days={days} filter={day} liveCount={liveCount} onFilter={setDay} />
          </HydrateLater>
          <HydrateLater>
            <EventList
              {...card}
              events={filterByDay(props.list, day, zone)}
              live={day.kind === 'live'}
              favourites={props.favourites}
            />
          </HydrateLater>
        </>
      )}
    </>
  );
}
