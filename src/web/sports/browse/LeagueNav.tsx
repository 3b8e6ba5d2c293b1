import { useEffect, useState } from 'react';
import { sportsCall } from '../api.ts';
import { sportName, useSportsT } from '../i18n.ts';
import styles from '../sports.module.css';
import browse from './browse.module.css';
import { type LeagueRow, LeagueRows } from './LeagueRows.tsx';
import type { Favourites } from './useFavourites.ts';

/**
 * Sport → country → league: the book's leagues with open matches (counted by the book), a sport at a
 * time, by country (the book's order: by name, leagues without one last), the member's favourite
 * leagues first in a group of their own.
 */
export function LeagueNav(props: { favourites: Favourites; onLeague(id: number, name: string): void }) {
  const t = useSportsT();
  const [leagues, setLeagues] = useState<LeagueRow[]>([]);
  const [sport, setSport] = useState<string | null>(null);
  useEffect(() => {
    sportsCall('leagues', {})
      .then((r) => setLeagues(r.leagues))
      .catch(() => undefined);
  }, []);
  if (leagues.length === 0) return null;
  const sports = [...new Map(leagues.map((l) => [l.sportCode, sportName(t, l)])).entries()];
  const current = sports.find(([code]) => code === sport)?.[0] ?? sports[0]![0];
  const ofSport = leagues.filter((l) => l.sportCode === current);
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
            >
              {name}
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
