import { useEffect, useState } from 'react';
import type { SportEvent } from '../../../shared/contract/sports-api.ts';
import { sportsCall } from '../api.ts';
import { type CardContext, cardContext, EventCard } from '../EventCard.tsx';
import { useSportsT } from '../i18n.ts';
import styles from '../sports.module.css';
import browse from './browse.module.css';
import { type LeagueRow, LeagueRows } from './LeagueRows.tsx';
import type { Favourites } from './useFavourites.ts';

type Answer = { status: 'success' } & {
  events: SportEvent[];
  leagues: LeagueRow[];
  next: { at: string; id: number } | null;
};

/**
 * The search's answer for the text typed (asked of the book once typing pauses): the leagues named
 * so, then the matches a page at a time. The matches are shown from the live listing, so their
 * prices move as everywhere else.
 */
export function SearchResults(
  props: CardContext & {
    q: string;
    events: Map<number, SportEvent>;
    adopt(events: SportEvent[]): void;
    favourites: Favourites;
    onLeague(id: number, name: string): void;
  },
) {
  const t = useSportsT();
  const card = cardContext(props);
  const [found, setFound] = useState<{
    q: string;
    ids: number[];
    leagues: Answer['leagues'];
    next: Answer['next'];
  }>();
  const [failed, setFailed] = useState(false);
  const { q, adopt } = props;

  async function ask(after?: { at: string; id: number }) {
    try {
      const answer = (await sportsCall('search', after ? { q, after } : { q })) as Answer;
      adopt(answer.events);
      setFailed(false);
      setFound((current) => ({
        q,
        ids: [...(after && current?.q === q ? current.ids : []), ...answer.events.map((e) => e.id)],
        leagues: after && current ? current.leagues : answer.leagues,
        next: answer.next,
      }));
    } catch {
      setFailed(true);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the text changes
  useEffect(() => {
    const timer = setTimeout(() => void ask(), 300);
    return () => clearTimeout(timer);
  }, [q]);

  if (failed) return <p className={styles.muted}>{t('search.short')}</p>;
  if (!found || found.q !== q) return <p className={styles.muted}>{t('loading')}</p>;
  const shown = found.ids.map((id) => props.events.get(id)).filter((e) => e !== undefined);
  return (
    <section aria-label={t('search.results')} data-testid="search-results">
      {found.leagues.length > 0 && (
        <div className={browse.section}>
          <h2 className={browse.sectionTitle}>{t('leagues.title')}</h2>
          <LeagueRows leagues={found.leagues} favourites={props.favourites} onLeague={props.onLeague} />
        </div>
      )}
      {shown.length === 0 && found.leagues.length === 0 && (
        <p className={styles.muted} data-testid="search-none">
          {t('search.none', { q })}
        </p>
      )}
      {shown.map((e) => (
        <EventCard key={e.id} event={e} {...card} />
      ))}
      {found.next && (
        <button
          type="button"
          className={styles.more}
          onClick={() => void ask(found.next!)}
          data-testid="search-more"
        >
          {t('search.more')}
        </button>
      )}
    </section>
  );
}
