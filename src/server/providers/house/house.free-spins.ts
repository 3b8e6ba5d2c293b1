import type { HouseSuccess } from '../../../shared/contract/house-api.ts';
import type { SlotOutcome } from '../../../shared/games/slot-machine.ts';
import { freeSpinLineBet } from '../../../shared/promotions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { freeSpinsOf, playFreeSpin } from '../../modules/promotions/free-spins.service.ts';
import { type CodedReply, refuse } from '../action-api.ts';
import { outcomeOf } from './house.play.ts';
import { houseRounds } from './house.schema.ts';
import { nextRoundSeed } from './seeds.ts';

/** The player's free spins of this slot still to play, if any. */
async function spinsOfGame(db: Db, playerId: string, gameCode: string) {
  const spins = await freeSpinsOf(db, Number(playerId));
  return spins && spins.gameCode === gameCode && spins.left > 0 ? spins : undefined;
}

/** The player's free spins of this slot, as the window shows them; null when none are left. */
export async function freeSpinsFor(db: Db, playerId: string, gameCode: string) {
  const spins = await spinsOfGame(db, playerId, gameCode);
  return spins
    ? { left: spins.left, granted: spins.granted, stake: spins.stake, lineBet: freeSpinLineBet(spins.stake) }
    : null;
}

/**
 * One free spin: a real round of the slot engine, drawn from the player's committed seed and next nonce
 * like any spin (so the verify page recomputes it), at the promotion's stake. The promotions module
 * settles it (the stake from its expense, the win to the player's bonus, one spin taken) and records
 * the round, settled, in the same transaction: a round is in the history exactly when its money moved.
 * A refusal (no spin left, a break) records nothing. Any other failure propagates: the database out of
 * reach is answered 503 with Retry-After (it may or may not have committed; the history tells).
 */
export async function playFreeSpinRound(
  db: Db,
  input: { playerId: string; gameCode: string },
): Promise<HouseSuccess<'free-spin'> | CodedReply> {
  const none = () => refuse(409, 'no_free_spins', 'no free spins of this game are left');
  const spins = await spinsOfGame(db, input.playerId, input.gameCode);
  if (!spins) return none();
  const seed = await nextRoundSeed(db, input.playerId);
  const bet = { lineBet: freeSpinLineBet(spins.stake) };
  const { outcome, stake, payout } = await outcomeOf(
    { playerId: input.playerId, token: '', gameCode: input.gameCode, engine: 'slot', bet },
    seed,
  );
  const recordRound = async (tx: Tx) => {
    const [round] = await tx
      .insert(houseRounds)
      .values({
        playerId: input.playerId,
        gameCode: input.gameCode,
        engine: 'slot',
        stake,
        payout,
        bet: { ...bet, freeSpin: true },
        outcome,
        seedId: seed.seedId,
        nonce: seed.nonce,
        status: 'settled',
      })
      .returning({ id: houseRounds.id });
    return `H${round!.id}`;
  };
  let settled: Awaited<ReturnType<typeof playFreeSpin>>;
  try {
    settled = await playFreeSpin(db, {
      memberId: Number(input.playerId),
      bonusId: spins.bonusId,
      gameCode: input.gameCode,
      stake,
      payout,
      recordRound,
    });
  } catch (error) {
    if (error instanceof ApiError) return refuse(409, 'blocked', error.message);
    throw error;
  }
  if (settled.outcome === 'none') return none();
  return {
    status: 'success',
    roundId: settled.roundId,
    stake,
    payout,
    nonce: seed.nonce,
    outcome: outcome as SlotOutcome,
    freeSpins: { left: settled.left, granted: spins.granted, stake: spins.stake, lineBet: bet.lineBet },
    bonus: settled.bonus,
    wageringRequired: settled.wageringRequired,
    wageringDone: settled.wageringDone,
  };
}
