import { useEffect, useState } from 'react';
import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { HydrateLater } from '../../components/HydrateLater.tsx';
import { sportsCall } from '../api.ts';
import { type CardContext, cardContext, EventCard } from '../EventCard.tsx';
import { useSportsT } from '../i18n.ts';
import { aboveListAnswer, aboveListFresh, POPULAR_LIMIT } from './aboveList.ts';
import browse from './browse.module.css';
import type { Favourites } from './useFavourites.ts';

/** How often the popular matches are asked again (their counts move with each bet). */
const REFRESH_MS = 60_000;

/**
 * The sports home's popular matches: the open events with the most accepted bets, counted by the book
 * (`popular`, asked again every minute); shown from the live listing when it holds them, so their
 * prices move with it.
 */
export function Popular(props: CardContext & { events: Map<number, SportEvent>; favourites: Favourites }) {
  const t = useSportsT();
  const card = cardContext(props);
  // Painted with the first screen from the prefetched answer (aboveList.ts): nothing moves the list later.
  const [popular, setPopular] = useState<{ events: SportEvent[]; bets: Record<string, number> }>(
    () => aboveListAnswer()?.popular ?? { events: [], bets: {} },
  );
  useEffect(() => {
    const ask = () =>
      sportsCall('popular', { limit: POPULAR_LIMIT })
        .then((r) => setPopular({ events: r.events, bets: r.bets }))
        .catch(() => undefined);
    if (!aboveListFresh()) void ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  // The live listing's copy when it holds the event (its pushed prices), else the book's answer.
  const shown = popular.events.map((e) => props.events.get(e.id) ?? e).filter((e) => e.status !== 'ended');
  if (shown.length === 0) return null;
  return (
    <section className={browse.section} aria-label={t('popular.title')} data-testid="popular">
      <h2 className={browse.sectionTitle}>{t('popular.title')}</h2>
      {/* Each card hydrates in a turn of its own: together they were the window's longest task. */}
      {shown.map((e) => (
        <HydrateLater key={e.id}>
          <div className={browse.popular}>
            <small className={browse.popularCount} data-testid="popular-bets">
              {t('popular.bets', { count: popular.bets[String(e.id)] ?? 0 })}
            </small>
            <EventCard event={e} {...card} />
          </div>
        </HydrateLater>
      ))}
    </section>
  );
}
