import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type RoundSeed, roundFloats } from '../../../shared/games/fairness.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { houseSeeds } from './house.schema.ts';

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
export async function activeSeed(db: Db, playerId: string) {
  await db.insert(houseSeeds).values(newSeedPair(playerId)).onConflictDoNothing();
  const [seed] = await db
    .select()
    .from(houseSeeds)
    .where(and(eq(houseSeeds.playerId, playerId), eq(houseSeeds.active, true)));
  return seed!;
}

/** Takes the next nonce of the active pair atomically: concurrent rounds never share one. */
export async function nextRoundSeed(db: Db, playerId: string): Promise<RoundSeed & { seedId: number }> {
  await activeSeed(db, playerId);
  const [row] = await queryRows<{ id: number; server_seed: string; client_seed: string; nonce: number }>(
    db,
    sql`update house_seeds set nonce = nonce + 1 where player_id = ${playerId} and active
        returning id, server_seed, client_seed, nonce - 1 as nonce`,
  );
  return { seedId: row!.id, serverSeed: row!.server_seed, clientSeed: row!.client_seed, nonce: row!.nonce };
}

/** The player sets a new client seed: the current server seed is revealed and a new one committed. */
export async function rotateSeed(db: Db, playerId: string, clientSeed: string) {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .update(houseSeeds)
      .set({ active: false, revealedAt: new Date() })
      .where(and(eq(houseSeeds.playerId, playerId), eq(houseSeeds.active, true)))
      .returning();
    const [fresh] = await tx.insert(houseSeeds).values(newSeedPair(playerId, clientSeed)).returning();
    return { revealed: old ?? null, active: fresh! };
  });
}

export const floatsFor = (seed: RoundSeed, count: number) => roundFloats(nodeHmac, seed, count);
