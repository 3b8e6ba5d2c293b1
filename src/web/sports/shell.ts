import { SPORTS_SHELL_ID, type SportsShellData } from '../../shared/sports-shell.ts';
import { setSiteZone } from '../features/site/site-zone.ts';
import { seedAboveList } from './browse/aboveList.ts';
import { setSportsCurrency } from './i18n.ts';
import { seedFirstScreen } from './useLiveEvents.ts';

let shell: SportsShellData | undefined;
let seededAt = 0;

/** How long the answers the window came with count as fresh (asked again after, as without a shell). */
const SHELL_FRESH_MS = 60_000;

/**
 * Puts the answers the server rendered the window's first screen from where the window looks for them
 * (on the server before rendering, in the browser before hydrating), so both render the same page.
 * The favourites' events are held with the first screen's, as the window adopts them.
 */
export function seedSportsShell(data: SportsShellData): void {
  shell = data;
  seededAt = Date.now();
  setSiteZone(data.timezone);
  setSportsCurrency(data.init.currency);
  const held = new Set(data.events.map((e) => e.id));
  seedFirstScreen([...data.events, ...data.favourites.events.filter((e) => !held.has(e.id))], data.newest);
  seedAboveList({
    leagues: data.leagues,
    popular: data.popular,
    favourites: data.favourites,
    token: data.token,
  });
}

/** The answers the window was rendered with, if it was (SportsApp starts from them). */
export const sportsShell = (): SportsShellData | undefined => shell;

/** The house rules the window came with while they are fresh: none to ask for as it hydrates. */
export const freshShellRules = (): SportsShellData['rules'] | undefined =>
  shell && Date.now() - seededAt < SHELL_FRESH_MS ? shell.rules : undefined;

/** The shell's data when the server sent the window rendered (src/server/http/sports-shell.ts). */
export function readSportsShell(): SportsShellData | null {
  const text = document.getElementById(SPORTS_SHELL_ID)?.textContent;
  return text ? (JSON.parse(text) as SportsShellData) : null;
}
