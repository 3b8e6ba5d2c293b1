import { useEffect, useState } from 'react';
import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { sportsCall } from '../api.ts';
import { type CardContext, cardContext, EventCard } from '../EventCard.tsx';
import { useSportsT } from '../i18n.ts';
import styles from '../sports.module.css';
import { inListingOrder } from '../useLiveEvents.ts';
import browse from './browse.module.css';
import { FavouriteStar } from './FavouriteStar.tsx';
import type { Favourites } from './useFavourites.ts';

/** One league's open matches (asked of the book, beyond the first listing's), live first, with its star. */
export function LeaguePage(
  props: CardContext & {
    id: number;
    name: string;
    events: Map<number, SportEvent>;
    adopt(events: SportEvent[]): void;
    favourites: Favourites;
    onBack(): void;
  },
) {
  const t = useSportsT();
  const card = cardContext(props);
  const [loaded, setLoaded] = useState(false);
  const { id, adopt } = props;
  useEffect(() => {
    sportsCall('events', { competitionId: id, limit: 200 })
      .then((r) => adopt(r.events))
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  }, [id, adopt]);
  const shown = inListingOrder(
    [...props.events.values()].filter((e) => e.competitionId === id && e.status !== 'ended'),
  );
  return (
    <section data-testid="league-page" data-league={id}>
      <button type="button" className={styles.back} onClick={props.onBack}>
        ← {t('back')}
      </button>
      <h2 className={browse.sectionTitle}>
        <span translate="no">{props.name}</span>
        <FavouriteStar favourites={props.favourites} kind="competition" id={id} />
      </h2>
      {!loaded && shown.length === 0 && <p className={styles.muted}>{t('loading')}</p>}
      {loaded && shown.length === 0 && <p className={styles.muted}>{t('noEvents')}</p>}
      {shown.map((e) => (
        <EventCard key={e.id} event={e} {...card} />
      ))}
    </section>
  );
}
