import type { GameProvider } from '../../modules/games/provider.ts';

/** The built-in provider: seamless, its games served by this server under /play. */
export const houseProvider: GameProvider = {
  code: 'house',
  wallet: 'seamless',
  launchUrl: ({ token, gameCode, locale }) =>
    `/play/${encodeURIComponent(gameCode)}?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(locale)}`,
};
