import type { SportEvent, SportsAnswer } from '../../../shared/contract/sports-api.ts';
import { sportsCall } from '../api.ts';
import type { LeagueRow } from './LeagueRows.tsx';

/** What the sports home shows above its listing: favourites, popular matches, the league navigation. */
export interface AboveList {
  leagues: LeagueRow[];
  popular: { events: SportEvent[]; bets: Record<string, number> };
  /** The member's favourites, asked with the launch token in the window's URL (none without one). */
  favourites: SportsAnswer<'favourites'> | null;
  /** The token the favourites were asked with. */
  token: string | null;
  /** When it was answered (ms): a section mounted soon after need not ask again at once. */
  at: number;
}

/** How many popular matches the sports home shows. */
export const POPULAR_LIMIT = 6;

/** How long the prefetched answer stands in for a section's first ask. */
const FRESH_MS = 10_000;

let asked: Promise<AboveList> | undefined;
let answered: AboveList | undefined;

/**
 * Asks once, beside the first screen's events (main.tsx), for everything shown above the listing, so
 * the sports home paints it with the first screen instead of inserting it above the list later (that
 * insertion was the page's whole layout shift). A failed part answers empty; the hooks ask again later.
 */
export function prefetchAboveList(): Promise<AboveList> {
  const token = new URLSearchParams(window.location.search).get('token');
  asked ??= Promise.all([
    sportsCall('leagues', {})
      .then((r) => r.leagues)
      .catch(() => []),
    sportsCall('popular', { limit: POPULAR_LIMIT })
      .then((r) => ({ events: r.events, bets: r.bets }))
      .catch(() => ({ events: [], bets: {} })),
    token ? sportsCall('favourites', { token }).catch(() => null) : Promise.resolve(null),
  ]).then(([leagues, popular, favourites]) => {
    answered = { leagues, popular, favourites, token, at: Date.now() };
    return answered;
  });
  return asked;
}

/**
 * The answer the server rendered the window with (sports/shell.ts): the window's first render, on the
 * server and in the browser, shows it, and the sections do not ask again at once.
 */
export function seedAboveList(above: Omit<AboveList, 'at'>): void {
  answered = { ...above, at: Date.now() };
  asked = Promise.resolve(answered);
}

/** The answer once it has come (undefined before): the sections' first state. */
export function aboveListAnswer(): AboveList | undefined {
  return answered;
}

/** Whether the prefetched answer is recent enough that a section mounting now need not ask at once. */
export function aboveListFresh(): boolean {
  return answered !== undefined && Date.now() - answered.at < FRESH_MS;
}
