import { and, eq, inArray } from 'drizzle-orm';
import { verifyLinkParams } from '../../../shared/games/verify-link.ts';
import type { Db } from '../../db/client.ts';
import { houseRounds, houseSeeds } from './house.schema.ts';

/**
 * The built-in provider's verify page for each of these settled rounds ("H<id>"), with everything it
 * needs in the link: engine, game, client seed, nonce and the server seed's hash, what a table round was
 * played with (roulette's bets and la partage, blackjack's bet, rules and moves: without them the page
 * would replay another round), plus the server seed once the player has revealed it. Rounds of other
 * providers, or not settled, get no link.
 */
export async function houseVerifyLinks(db: Db, roundIds: string[]): Promise<Map<string, string>> {
  const ids = roundIds.filter((r) => /^H\d{1,15}$/.test(r)).map((r) => Number(r.slice(1)));
  const links = new Map<string, string>();
  if (ids.length === 0) return links;
  const rows = await db
    .select({ round: houseRounds, seed: houseSeeds })
    .from(houseRounds)
    .innerJoin(houseSeeds, eq(houseSeeds.id, houseRounds.seedId))
    .where(and(inArray(houseRounds.id, ids), eq(houseRounds.status, 'settled')));
  for (const { round, seed } of rows) {
    const params = new URLSearchParams({
      engine: round.engine,
      game: round.gameCode,
      clientSeed: seed.clientSeed,
      nonce: String(round.nonce),
      hash: seed.serverSeedHash,
      ...verifyLinkParams(round.engine, round.bet, round.outcome),
    });
    if (seed.revealedAt) params.set('serverSeed', seed.serverSeed);
    links.set(`H${round.id}`, `/play/verify?${params}`);
  }
  return links;
}
