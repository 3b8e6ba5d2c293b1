import type { SportEvent, SportsAnswer } from './contract/sports-api.ts';
import type { Locale } from './format.ts';

/**
 * What the server renders the sports window's first screen from (src/web/ssr/render.tsx), and what the
 * window then hydrates with (src/web/sports/main.tsx): the book's answers the window asks for first,
 * exactly as the browser would have received them, so the page sent and the page hydrated are the same.
 */
export interface SportsShellData {
  locale: Locale;
  /** The launch token of the window's URL (the answers below were asked with it). */
  token: string;
  init: SportsAnswer<'init'>;
  /** The first screen's events (useLiveEvents' FIRST_SCREEN_EVENTS). */
  events: SportEvent[];
  /** The book's highest event id when they were read (the events answer's `newest`). */
  newest: number;
  /** What the sports home shows above its listing (src/web/sports/browse/aboveList.ts). */
  leagues: SportsAnswer<'leagues'>['leagues'];
  popular: { events: SportEvent[]; bets: Record<string, number> };
  favourites: SportsAnswer<'favourites'>;
  /** The site's time zone: every time the window shows is in it. */
  timezone: string;
  /** The house rules in the member's currency (the slip's maximum stake). */
  rules: SportsAnswer<'rules'>['rules'];
}

/** The id of the `<script type="application/json">` that carries it in the page (not code: CSP allows it). */
export const SPORTS_SHELL_ID = 'sports-shell';
