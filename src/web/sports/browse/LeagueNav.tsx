import { useEffect, useRef, useState } from 'react';
import { sportsCall } from '../api.ts';
import { sportName, useSportsT } from '../i18n.ts';
import styles from '../sports.module.css';
import { aboveListAnswer, aboveListFresh } from './aboveList.ts';
import browse from './browse.module.css';
import { type LeagueRow, LeagueRows } from './LeagueRows.tsx';
import type { Favourites } from './useFavourites.ts';

/** How often the counts are asked again while the navigation is shown. */
const REFRESH_MS = 30_000;

/**
 * Sport → country → league: the book's leagues with open matches (counted by the book), a sport at a
 * time, by country (the book's order: by name, leagues without one last), the member's favourite
 * leagues first in a group of their own.
 */
export function LeagueNav(props: {
  favourites: Favourites;
  onLeague(id: number, name: string): void;
  /** The live listing's matches in play: when it moves (a kick-off, a final whistle) the counts are asked again. */
  liveCount: number;
}) {
  const t = useSportsT();
  // Painted with the first screen from the prefetched answer (aboveList.ts): nothing moves the list later.
  const [leagues, setLeagues] = useState<LeagueRow[]>(() => aboveListAnswer()?.leagues ?? []);
  const skipFirst = useRef(aboveListFresh());
  const [sport, setSport] = useState<string | null>(null);
  // Kept current: asked again when the number in play changes, and every REFRESH_MS for new fixtures.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the live count is the reason to ask again
  useEffect(() => {
    const ask = () =>
      sportsCall('leagues', {})
        .then((r) => setLeagues(r.leagues))
        .catch(() => undefined);
    const timer = skipFirst.current ? undefined : setTimeout(ask, 0);
    skipFirst.current = false;
    const every = setInterval(ask, REFRESH_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(every);
    };
  }, [props.liveCount]);
  if (leagues.length === 0) return null;
  const sports = [...new Map(leagues.map((l) => [l.sportCode, sportName(t, l)])).entries()];
  const current = sports.find(([code]) => code === sport)?.[0] ?? sports[0]![0];
  const ofSport = leagues.filter((l) => l.sportCode === current);
  const sportCounts = (code: string) => {
    const of = leagues.filter((l) => l.sportCode === code);
    const live = of.reduce((n, l) => n + l.live, 0);
    const all = of.reduce((n, l) => n + l.events, 0);
    return live > 0
      ? `${t('leagues.live', { count: live })} · ${t('leagues.upcoming', { count: all - live })}`
      : t('leagues.upcoming', { count: all });
  };
  const favourite = ofSport.filter((l) => props.favourites.leagues.has(l.id));
  const countries = [...new Set(ofSport.map((l) => l.country))];
  return (
    <nav className={browse.section} aria-label={t('leagues.title')} data-testid="league-nav">
      <h2 className={browse.sectionTitle}>{t('leagues.title')}</h2>
      {sports.length > 1 && (
        <div className={styles.chips}>
          {sports.map(([code, name]) => (
            <button
              key={code}
              type="button"
              aria-pressed={code === current}
              className={code === current ? styles.chipActive : styles.chip}
              onClick={() => setSport(code)}
              data-testid="sport-chip"
            >
              {name} <small>{sportCounts(code)}</small>
            </button>
          ))}
        </div>
      )}
      {favourite.length > 0 && (
        <div data-testid="country" data-country="favourites">
          <h3 className={browse.groupTitle}>{t('favourites.title')}</h3>
          <LeagueRows
            leagues={favourite}
            favourites={props.favourites}
            onLeague={props.onLeague}
            withSport={false}
          />
        </div>
      )}
      {countries.map((country) => (
        <div key={country ?? ''} data-testid="country" data-country={country ?? ''}>
          <h3 className={browse.groupTitle} translate={country ? 'no' : undefined}>
            {country ?? t('leagues.noCountry')}
          </h3>
          <LeagueRows
            leagues={ofSport.filter((l) => l.country === country)}
            favourites={props.favourites}
            onLeague={props.onLeague}
            withSport={false}
          />
        </div>
      ))}
    </nav>
  );
}
