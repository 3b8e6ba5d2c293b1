import type { GameProvider, RoundFacts } from '../../modules/games/provider.ts';
import { houseVerifyLinks } from './verify-links.ts';

/** The built-in provider: seamless, its games served by this server under /play. */
export const houseProvider: GameProvider = {
  code: 'house',
  wallet: 'seamless',
  launchUrl: ({ token, gameCode, locale }) =>
    `/play/${encodeURIComponent(gameCode)}?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(locale)}`,
  /** A settled round links to the provably fair verify page. */
  roundFacts: async (db, roundIds) =>
    new Map(
      [...(await houseVerifyLinks(db, roundIds))].map(([roundId, verifyUrl]): [string, RoundFacts] => [
        roundId,
        { verifyUrl },
      ]),
    ),
};
