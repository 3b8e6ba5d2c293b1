import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type BaccaratBets, playHand, settle, shoeFromFloats } from '../../../shared/games/baccarat.ts';
import type { Engine } from '../../../shared/games/house-games.ts';
import { machineOf } from '../../../shared/games/machines/index.ts';
import { type RouletteBets, spinRoulette, totalReturn } from '../../../shared/games/roulette.ts';
import { floatsPerRound, PAYLINES, spinFromFloats } from '../../../shared/games/slot-machine.ts';
import type { Db } from '../../db/client.ts';
import { drawJackpot, NO_JACKPOT } from './house.jackpot.ts';
import { houseRounds } from './house.schema.ts';
import { floatsFor, nextRoundSeed } from './seeds.ts';
import { settleRound } from './settle-round.ts';
import { rollBackUnansweredBet } from './unanswered-bet.ts';
import type { WalletClient } from './wallet-client.ts';
import { type GameRefusal, refusalOf } from './wallet-refusal.ts';

const UNSETTLED = 'the result is being settled; your balance updates shortly';

export interface PlayInput {
  playerId: string;
  token: string;
  gameCode: string;
  engine: Engine;
  /** Slot: the line bet; baccarat: the stake on each side; roulette: the stake on each spot. */
  bet: { lineBet: number } | BaccaratBets | RouletteBets;
  /** Roulette: whether even-money bets lose half on zero (the site's la partage). */
  laPartage?: boolean;
}

export type PlayReply =
  | {
      status: 'success';
      roundId: string;
      outcome: unknown;
      stake: number;
      payout: number;
      balance: number;
      nonce: number;
      /** Slots: the round's jackpot draw and award. */
      jackpot?: Awaited<ReturnType<typeof drawJackpot>>;
    }
  | GameRefusal;

export async function outcomeOf(input: PlayInput, seed: Awaited<ReturnType<typeof nextRoundSeed>>) {
  if (input.engine === 'slot') {
    const { lineBet } = input.bet as { lineBet: number };
    // Each themed slot runs its own machine; a feature (free spins ...) reads further fair numbers.
    const machine = machineOf(input.gameCode);
    const spin = spinFromFloats(machine, await floatsFor(seed, floatsPerRound(machine)));
    return { outcome: spin, stake: lineBet * PAYLINES.length, payout: spin.multiplier * lineBet };
  }
  if (input.engine === 'roulette') {
    const bets = input.bet as RouletteBets;
    const spin = spinRoulette(bets, (await floatsFor(seed, 1))[0]!, { laPartage: input.laPartage ?? false });
    const stake = Object.values(bets).reduce((a, b) => a + b, 0);
    return { outcome: spin, stake, payout: totalReturn(spin) };
  }
  const bets = input.bet as BaccaratBets;
  const hand = playHand(shoeFromFloats(await floatsFor(seed, 6)));
  const stake = (bets.player ?? 0) + (bets.banker ?? 0) + (bets.tie ?? 0);
  return { outcome: hand, stake, payout: settle(bets, hand.winner) };
}

/**
 * One round of a built-in game: the outcome comes from the player's committed seed and next nonce,
 * then the stake and the payout move through the platform's wallet over HTTP. A bet whose answer
 * never came is rolled back; a win is retried until the wallet takes it.
 */
export async function playRound(
  db: Db,
  wallet: WalletClient,
  log: FastifyBaseLogger,
  input: PlayInput,
): Promise<PlayReply> {
  const seed = await nextRoundSeed(db, input.playerId);
  const { outcome, stake, payout } = await outcomeOf(input, seed);
  const jackpot = input.engine === 'slot' ? await drawJackpot(seed, stake) : undefined;
  const [round] = await db
    .insert(houseRounds)
    .values({
      playerId: input.playerId,
      gameCode: input.gameCode,
      engine: input.engine,
      stake,
      payout,
      bet: input.bet,
      outcome,
      seedId: seed.seedId,
      nonce: seed.nonce,
      jackpot,
    })
    .returning({ id: houseRounds.id });
  const roundId = `H${round!.id}`;
  const markRound = (status: 'settled' | 'refused') =>
    db.update(houseRounds).set({ status }).where(eq(houseRounds.id, round!.id));

  let bet: Awaited<ReturnType<WalletClient['bet']>>;
  try {
    bet = await wallet.bet({ txId: `${roundId}-bet`, roundId, token: input.token, amount: stake });
  } catch (error) {
    log.error({ err: error, roundId }, 'bet unanswered; rolling it back');
    // Unanswered too: the stake may be held. The round stays pending: if its bet was taken, the sweep
    // pays its win (unpaid-rounds.ts), as after a crash between the bet and the win.
    if (!(await rollBackUnansweredBet(wallet, log, roundId))) return { status: 'error', message: UNSETTLED };
    await markRound('refused');
    return { status: 'error', message: 'the bet could not be placed; nothing was charged' };
  }
  if (bet.status !== 'success') {
    await markRound('refused');
    return refusalOf(bet);
  }
  const settled = await settleRound(db, wallet, log, { id: round!.id, payout, jackpot: jackpot ?? null });
  if (!settled) return { status: 'error', message: UNSETTLED };
  return {
    status: 'success',
    roundId,
    outcome,
    stake,
    payout,
    balance: settled.balance,
    nonce: seed.nonce,
    jackpot: input.engine === 'slot' ? (settled.jackpot ?? NO_JACKPOT) : undefined,
  };
}
