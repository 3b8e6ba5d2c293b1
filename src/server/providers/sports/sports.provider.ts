import type { GameProvider } from '../../modules/games/provider.ts';
import { sportsRoundFacts } from './open-bet-returns.ts';

/** The built-in sportsbook: seamless, its window served by this server under /sports. */
export const sportsProvider: GameProvider = {
  code: 'sports',
  wallet: 'seamless',
  launchUrl: ({ token, locale }) =>
    `/sports?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(locale)}`,
  roundFacts: sportsRoundFacts,
};
