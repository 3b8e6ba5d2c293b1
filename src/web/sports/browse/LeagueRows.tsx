import type { League } from '../../../shared/contract/sports-browse-api.ts';
import { sportName, useSportsT } from '../i18n.ts';
import styles from '../sports.module.css';
import browse from './browse.module.css';
import { FavouriteStar } from './FavouriteStar.tsx';
import type { Favourites } from './useFavourites.ts';

/** A league of the navigation or of a search's answer, as the book sends it. */
export type LeagueRow = League;

/** Leagues to open, each with its matches in play and those still to start, and a star. */
export function LeagueRows(props: {
  leagues: LeagueRow[];
  favourites: Favourites;
  onLeague(id: number, name: string): void;
  withSport?: boolean;
}) {
  const t = useSportsT();
  return (
    <ul className={browse.leagues}>
      {props.leagues.map((l) => (
        <li key={l.id} className={browse.league} data-testid="league" data-league={l.id}>
          <button type="button" className={browse.leagueOpen} onClick={() => props.onLeague(l.id, l.name)}>
            <span className={browse.leagueName} translate="no">
              {props.withSport === false ? '' : `${sportName(t, l)} · `}
              {l.name}
            </span>
            <span className={browse.counts}>
              {l.live > 0 && <span className={styles.liveBadge}>{t('leagues.live', { count: l.live })}</span>}
              {l.events > l.live && (
                <span data-testid="league-count" data-value={l.events - l.live}>
                  {t('leagues.upcoming', { count: l.events - l.live })}
                </span>
              )}
            </span>
          </button>
          <FavouriteStar favourites={props.favourites} kind="competition" id={l.id} />
        </li>
      ))}
    </ul>
  );
}
