import type { QueryClient } from '@tanstack/react-query';
import { HOME_SHELL_ID, type HomeShellData } from '../../shared/home-shell.ts';
import { HOME_LIST_SIZE } from '../features/content/queries.ts';
import { casinoListQuery } from '../features/games/queries.ts';
import { publishJackpot } from '../features/jackpot/jackpotPool.ts';
import { SESSION_KEY } from '../features/session/queries.ts';
import { SITE_KEY } from '../features/site/site.ts';

/**
 * Puts the replies the server rendered the guest home from where the page's queries look for them:
 * on the server before rendering, in the browser before hydrating, so both render the same page.
 * (The queries still refresh once mounted, as they would without the shell.)
 */
export function seedHomeShell(queryClient: QueryClient, data: HomeShellData): void {
  queryClient.setQueryData(casinoListQuery.queryKey, data.casino);
  queryClient.setQueryData(['slot'], data.slot);
  queryClient.setQueryData(['notices', 1, HOME_LIST_SIZE], data.notices);
  // The member the server rendered the page for, or null for a guest: no health check before the first paint.
  queryClient.setQueryData(SESSION_KEY, data.session ?? null);
  publishJackpot(data.jackpot);
  queryClient.setQueryData(SITE_KEY, data.site);
}

/** The shell's data when the server sent the home page rendered (see src/server/http/home-shell.ts). */
export function readHomeShell(): HomeShellData | null {
  const text = document.getElementById(HOME_SHELL_ID)?.textContent;
  return text ? (JSON.parse(text) as HomeShellData) : null;
}
