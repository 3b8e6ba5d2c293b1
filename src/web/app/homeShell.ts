import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { HOME_SHELL_ID, type HomeShellData } from '../../shared/home-shell.ts';
import { paymentOptionsKey } from '../features/cashier/queries.ts';
import { LATEST_HELP_KEY, latestNoticesKey } from '../features/content/queries.ts';
import { casinoListQuery } from '../features/games/queries.ts';
import { publishJackpot } from '../features/jackpot/jackpotPool.ts';
import { SESSION_KEY } from '../features/session/queries.ts';
import { SITE_KEY } from '../features/site/site.ts';
import { IN_GAME_BALANCE_KEY } from './useLayoutData.ts';

/**
 * How long the lists the page came with count as fresh. The server answered them a moment ago; asking
 * again as the page hydrates would put three requests in its busiest task (issue 35's blocking time).
 */
const SHELL_FRESH_MS = 60_000;

/**
 * Puts the replies the server rendered the home page from where the page's queries look for them:
 * on the server before rendering, in the browser before hydrating, so both render the same page.
 */
export function seedHomeShell(queryClient: QueryClient, data: HomeShellData): void {
  const member = data.member;
  const lists: [QueryKey, unknown][] = [
    [casinoListQuery.queryKey, data.casino],
    [['slot'], data.slot],
    [latestNoticesKey(data.locale), data.notices],
    ...(member
      ? ([
          [LATEST_HELP_KEY, member.help],
          [IN_GAME_BALANCE_KEY, member.inGameBalance],
          [paymentOptionsKey('deposit'), member.deposit],
          [paymentOptionsKey('withdraw'), member.withdraw],
        ] as [QueryKey, unknown][])
      : []),
  ];
  for (const [key, reply] of lists) {
    queryClient.setQueryData(key, reply);
    queryClient.setQueryDefaults(key, { staleTime: SHELL_FRESH_MS });
  }
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
