import type { RouteReply } from './contract/routes.ts';
import type { Locale } from './format.ts';
import type { SportsShellData } from './sports-shell.ts';

/**
 * What the server renders the home page from (src/web/ssr/render.tsx), and what the browser then
 * hydrates with (src/web/main.tsx): the replies of the member API routes the page calls first, exactly
 * as the browser would have received them, so the page sent and the page hydrated are the same.
 */
export interface HomeShellData {
  locale: Locale;
  casino: RouteReply<'get-casino-setting'>['casiono'];
  slot: RouteReply<'get-slot-setting'>['slot'];
  notices: RouteReply<'get-user-notices'>['notices'];
  jackpot: RouteReply<'get-jackpot'>['jackpot'];
  /** The site the host picked (its currency formats every amount on the page). */
  site: RouteReply<'get-reg-domain'>;
  /** The logged-in member (the health check's reply), or null: the guest's page. */
  session: RouteReply<'user-health-check'> | null;
  /** What the layout asks for a member at once (useLayoutData), or null for a guest. */
  member: HomeShellMember | null;
}

/** A member's first requests, answered by the server with the page so hydrating asks for none of them. */
export interface HomeShellMember {
  help: RouteReply<'get-help-list'>['helps'];
  inGameBalance: RouteReply<'get-in-game-balance'>;
  deposit: RouteReply<'get-deposit-payment'>['payments'];
  withdraw: RouteReply<'get-withdrawal-payment'>['payments'];
}

/** How many notices and help entries the home page lists (SPEC §9). */
export const HOME_LIST_SIZE = 5;

/** The id of the `<script type="application/json">` that carries it in the page (not code: CSP allows it). */
export const HOME_SHELL_ID = 'home-shell';

/** The server-side renderer the web build writes to `<build>/.ssr/render.js`. */
export interface HomeShellRenderer {
  renderHome(data: HomeShellData): string;
  /** The sports window's first screen (issue 35), as src/web/sports/main.tsx hydrates it. */
  renderSports(data: SportsShellData): string;
}

/** The folder of a web build that holds that renderer (a dot folder: never served as a file). */
export const SSR_DIR = '.ssr';
