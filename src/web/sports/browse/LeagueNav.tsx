import { useEffect, useState } from 'react';
import { sportsCall } from '../api.ts';
import { sportName, useSportsT } from '../i18n.ts';
import styles from '../sports.module.css';
import browse from './browse.module.css';
import { type LeagueRow, LeagueRows } from './LeagueRows.tsx';
import type { Favourites } from './useFavourites.ts';

/**
 * Sport → league: the book's leagues with open matches (counted by the book), a sport at a time, the
 * member's favourite leagues first.
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
  const fav = (l: LeagueRow) => (props.favourites.leagues.has(l.id) ? 0 : 1);
  const shown = leagues.filter((l) => l.sportCode === current).sort((a, b) => fav(a) - fav(b));
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
      <LeagueRows leagues={shown} favourites={props.favourites} onLeague={props.onLeague} withSport={false} />
    </nav>
  );
}
