import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type RoundSeed, roundFloats } from '../../../shared/games/fairness.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { sqlStateOf } from '../../db/sql-state.ts';
import { houseRounds, houseSeeds } from './house.schema.ts';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
export const nodeHmac = async (key: string, message: string) =>
  createHmac('sha256', key).update(message).digest();

const newSeedPair = (playerId: string, clientSeed?: string) => {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    playerId,
    serverSeed,
    serverSeedHash: sha256Hex(serverSeed),
    clientSeed: clientSeed ?? randomBytes(8).toString('hex'),
  };
};

/** The player's active seed pair, created on first play; only its hash is shown until rotation. */
export async function activeSeed(db: DbOrTx, playerId: string) {
  await db.insert(houseSeeds).values(newSeedPair(playerId)).onConflictDoNothing();
  const [seed] = await db
    .select()
    .from(houseSeeds)
    .where(and(eq(houseSeeds.playerId, playerId), eq(houseSeeds.active, true)));
  return seed!;
}

/**
 * Takes the next nonce of the active pair atomically: concurrent rounds never share one. A rotation
 * that committed between the look-up and the update is seen by a second try (the new active pair).
 */
export async function nextRoundSeed(db: DbOrTx, playerId: string): Promise<RoundSeed & { seedId: number }> {
  for (let attempt = 0; ; attempt++) {
    await activeSeed(db, playerId);
    const [row] = await queryRows<{ id: number; server_seed: string; client_seed: string; nonce: number }>(
      db,
      sql`update house_seeds set nonce = nonce + 1 where player_id = ${playerId} and active
          returning id, server_seed, client_seed, nonce - 1 as nonce`,
    );
    if (row)
      return { seedId: row.id, serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
    if (attempt >= 2) throw new Error('no active seed pair');
  }
}

type HouseSeed = typeof houseSeeds.$inferSelect;
/** Undoes a rotation's transaction: a round dealt from the seed is still open. */
class RoundOpen extends Error {}

/**
 * The player sets a new client seed: the current server seed is revealed and a new one committed.
 * Refused (`round_open`) while a round dealt from the current seed is still being played (an open
 * blackjack hand): its hole card and every card still to come are read from that seed, so revealing
 * it would tell the player the cards before their moves. The active row is locked first; a deal
 * takes its nonce and writes its round in one transaction (startBlackjack), so none slips between
 * the check and the reveal.
 */
export async function rotateSeed(
  db: DbOrTx,
  playerId: string,
  clientSeed: string,
): Promise<{ status: 'round_open' } | { status: 'success'; revealed: HouseSeed | null; active: HouseSeed }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await rotateOnce(db, playerId, clientSeed);
    } catch (error) {
      // Another change of the player's seed committed first (a double click, two tabs): the pair this one
      // read was no longer active, and its new pair met the other's (house_seeds_one_active). Again, it
      // now reveals and replaces the pair the other committed.
      if (sqlStateOf(error) !== '23505' || attempt >= 5) throw error;
    }
  }
}

function rotateOnce(db: DbOrTx, playerId: string, clientSeed: string) {
  return db
    .transaction(async (tx) => {
      const [old] = await tx
        .update(houseSeeds)
        .set({ active: false, revealedAt: new Date() })
        .where(and(eq(houseSeeds.playerId, playerId), eq(houseSeeds.active, true)))
        .returning();
      if (old) {
        const [open] = await tx
          .select({ id: houseRounds.id })
          .from(houseRounds)
          .where(
            and(
              eq(houseRounds.playerId, playerId),
              eq(houseRounds.status, 'open'),
              eq(houseRounds.seedId, old.id),
            ),
          )
          .limit(1);
        if (open) throw new RoundOpen();
      }
      const [fresh] = await tx.insert(houseSeeds).values(newSeedPair(playerId, clientSeed)).returning();
      return { status: 'success' as const, revealed: old ?? null, active: fresh! };
    })
    .catch((error: unknown) => {
      if (error instanceof RoundOpen) return { status: 'round_open' as const };
      throw error;
    });
}

export const floatsFor = (seed: RoundSeed, count: number) => roundFloats(nodeHmac, seed, count);
