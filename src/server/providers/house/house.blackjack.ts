import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  applyMove,
  type BlackjackMove,
  type BlackjackRules,
  type BlackjackState,
  extraStake,
  IllegalMove,
  MAX_CARDS,
  publicView,
  startRound,
  totalReturn,
  totalStake,
} from '../../../shared/games/blackjack.ts';
import type { Db } from '../../db/client.ts';
import { sqlStateOf } from '../../db/sql-state.ts';
import { houseRounds, houseSeeds } from './house.schema.ts';
import { floatsFor, nextRoundSeed } from './seeds.ts';
import { rollBackBet, rollBackUnansweredBet } from './unanswered-bet.ts';
import type { WalletAnswer, WalletClient } from './wallet-client.ts';
import { type GameRefusal, refusalOf } from './wallet-refusal.ts';

/**
 * Blackjack through the wallet as one round: the bet, a further bet for each double, split or
 * insurance, one win. The round's state is written before every wallet call, each call has a fixed
 * transaction id, and whatever a crash or a closed window left undone is sent again before the next
 * step (`catchUp`): the wallet applies each once, so the round resumes where it was.
 */

/** What the round row's `outcome` holds while the round runs, and after. */
interface Stored {
  state: BlackjackState;
  /** Counts the row's writes: each write expects the count it read (two tabs never both move). */
  step: number;
  /** The first bet was taken by the wallet. */
  confirmed: boolean;
  /** A further bet sent (or about to be) to the wallet, and the move it pays for. */
  pending: { txId: string; amount: number; move: BlackjackMove } | null;
  /**
   * A further bet being rolled back, its move not made: sent again from a window with another token,
   * the wallet answered `duplicate` (the first attempt is there under its id). Written before the
   * rollback is sent, so a second tab cannot make the move on the first attempt's stored success.
   */
  voiding?: string | null;
}
type Row = typeof houseRounds.$inferSelect;
export interface BlackjackDeps {
  db: Db;
  wallet: WalletClient;
  log: FastifyBaseLogger;
}

export type BlackjackReply =
  | {
      status: 'success';
      roundId: string;
      view: ReturnType<typeof publicView>;
      stake: number;
      payout: number;
      balance?: number;
      nonce: number;
    }
  | GameRefusal;

const refusal = (status: string, message: string, balance?: number): BlackjackReply => ({
  status,
  message,
  ...(balance === undefined ? {} : { balance }),
});
const walletRefusal = (answer: WalletAnswer): BlackjackReply => refusalOf(answer);
const UNSETTLED = 'the result is being settled; your balance updates shortly';

/** The player's unfinished round of the game, if any. */
export async function openRound(db: Db, playerId: string, gameCode: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(houseRounds)
    .where(
      and(
        eq(houseRounds.playerId, playerId),
        eq(houseRounds.gameCode, gameCode),
        eq(houseRounds.status, 'open'),
      ),
    );
  return row;
}

async function floatsOf(db: Db, row: Row) {
  const [seed] = await db.select().from(houseSeeds).where(eq(houseSeeds.id, row.seedId));
  return floatsFor(
    { serverSeed: seed!.serverSeed, clientSeed: seed!.clientSeed, nonce: row.nonce },
    MAX_CARDS,
  );
}

/** Writes the round's next state if nobody moved it since it was read; false when somebody did. */
async function save(db: Db, row: Row, stored: Stored, extra: Partial<Pick<Row, 'status' | 'payout'>> = {}) {
  const before = (row.outcome as Stored).step;
  const next = { ...stored, step: before + 1 };
  const written = await db
    .update(houseRounds)
    .set({ outcome: next, stake: totalStake(stored.state), bet: betOf(stored.state), ...extra })
    .where(
      and(
        eq(houseRounds.id, row.id),
        eq(houseRounds.status, 'open'),
        sql`(${houseRounds.outcome}->>'step')::int = ${before}`,
      ),
    )
    .returning();
  return written[0];
}

const betOf = (state: BlackjackState) => ({ bet: state.bet, rules: state.rules, moves: state.moves });

function success(row: Row, balance?: number): BlackjackReply {
  const { state } = row.outcome as Stored;
  return {
    status: 'success',
    roundId: `H${row.id}`,
    view: publicView(state),
    stake: totalStake(state),
    payout: row.status === 'settled' ? totalReturn(state) : 0,
    ...(balance === undefined ? {} : { balance }),
    nonce: row.nonce,
  };
}

/** Pays the finished round's return with its one win, closing the round on the platform. */
async function settle(
  deps: BlackjackDeps,
  row: Row,
): Promise<{ row: Row; balance?: number } | BlackjackReply> {
  const stored = row.outcome as Stored;
  const roundId = `H${row.id}`;
  try {
    const win = await deps.wallet.win({
      txId: `${roundId}-win`,
      roundId,
      amount: totalReturn(stored.state),
      closeRound: true,
    });
    if (win.status !== 'success') throw new Error(`win refused: ${win.status}`);
    const saved = await save(deps.db, row, stored, { status: 'settled', payout: totalReturn(stored.state) });
    // Someone else settled it at the same moment: the win was the same call, applied once.
    return { row: saved ?? { ...row, status: 'settled' }, balance: win.balance };
  } catch (error) {
    deps.log.error({ err: error, roundId }, 'blackjack win not delivered; the round resumes it');
    return refusal('error', UNSETTLED);
  }
}

const CONNECTION_LOST = 'the connection was lost; try again';

/**
 * The first bet sent again (the round is not confirmed): answers the balance it left, or the refusal
 * that ended the round. A bet unanswered, or one the wallet answers `duplicate` (sent first from a
 * window whose token this one does not have: that attempt is there under the same id, taken or
 * refused), is rolled back; once the rollback is answered the round is refused with nothing charged.
 */
async function confirmFirstBet(
  deps: BlackjackDeps,
  row: Row,
  token: string,
): Promise<{ balance?: number } | BlackjackReply> {
  const roundId = `H${row.id}`;
  const stored = row.outcome as Stored;
  let bet: WalletAnswer | undefined;
  try {
    bet = await deps.wallet.bet({ txId: `${roundId}-bet`, roundId, token, amount: stored.state.bet });
  } catch (error) {
    deps.log.error({ err: error, roundId }, 'blackjack bet unanswered; rolling it back');
  }
  if (bet === undefined || bet.status === 'duplicate') {
    // Unanswered too: the stake may be held. The round stays open and unconfirmed: its next step
    // sends the bet again (the same id), which the wallet applies once or answers rolled back.
    if (!(await rollBackUnansweredBet(deps.wallet, deps.log, roundId)))
      return refusal('error', CONNECTION_LOST);
    await deps.db.update(houseRounds).set({ status: 'refused' }).where(eq(houseRounds.id, row.id));
    return refusal('error', 'the bet could not be placed; nothing was charged');
  }
  if (bet.status !== 'success') {
    await deps.db.update(houseRounds).set({ status: 'refused' }).where(eq(houseRounds.id, row.id));
    return walletRefusal(bet);
  }
  return { balance: bet.balance };
}

/**
 * Finishes what an earlier call left undone: the first bet's answer, a further bet and its move (or
 * its rollback), the win. Answers the row as it now stands, or the refusal that ended it.
 */
async function catchUp(
  deps: BlackjackDeps,
  row: Row,
  token: string,
): Promise<{ row: Row; balance?: number } | BlackjackReply> {
  let stored = row.outcome as Stored;
  const roundId = `H${row.id}`;
  let balance: number | undefined;
  if (!stored.confirmed) {
    const confirmed = await confirmFirstBet(deps, row, token);
    if ('status' in confirmed) return confirmed;
    balance = confirmed.balance;
    stored = { ...stored, confirmed: true };
    const saved = await save(deps.db, row, stored);
    if (!saved) return refusal('duplicate', 'the round moved on; reload it');
    row = saved;
  }
  if (stored.pending) {
    const { txId, amount, move } = stored.pending;
    let bet: WalletAnswer;
    try {
      bet = await deps.wallet.bet({ txId, roundId, token, amount });
    } catch (error) {
      deps.log.error({ err: error, roundId }, 'blackjack bet unanswered; sent again on the next step');
      return refusal('error', CONNECTION_LOST);
    }
    const next: Stored =
      bet.status === 'success'
        ? { ...stored, state: applyMove(stored.state, move, await floatsOf(deps.db, row)), pending: null }
        : { ...stored, pending: null, voiding: bet.status === 'duplicate' ? txId : null };
    const saved = await save(deps.db, row, next);
    if (!saved) return refusal('duplicate', 'the round moved on; reload it');
    row = saved;
    stored = next;
    if (bet.status !== 'success' && bet.status !== 'duplicate') return walletRefusal(bet);
    balance = bet.balance;
  }
  if (stored.voiding) {
    const voided = await voidFurtherBet(deps, row, stored.voiding);
    if (!('row' in voided)) return voided;
    row = voided.row;
    stored = row.outcome as Stored;
  }
  if (stored.state.phase === 'done' && row.status === 'open') {
    const settled = await settle(deps, row);
    if (!('row' in settled)) return settled;
    return settled;
  }
  return { row, balance };
}

/**
 * Rolls back the further bet `txId` whose move the round no longer makes (Stored.voiding), before the
 * round goes on: its stake, if the wallet took it, comes back. Unanswered, the round waits for it.
 */
async function voidFurtherBet(
  deps: BlackjackDeps,
  row: Row,
  txId: string,
): Promise<{ row: Row } | BlackjackReply> {
  const roundId = `H${row.id}`;
  if (
    !(await rollBackBet(deps.wallet, deps.log, { roundId, betTxId: txId, rollbackTxId: `${txId}-rollback` }))
  )
    return refusal('error', CONNECTION_LOST);
  const saved = await save(deps.db, row, { ...(row.outcome as Stored), voiding: null });
  if (!saved) return refusal('duplicate', 'the round moved on; reload it');
  return { row: saved };
}

/**
 * A finished hand whose win went unanswered (a failover) while its player has not come back: paid now
 * (the sweep, unpaid-rounds.ts). False when it is not such a hand, or the win is unanswered again.
 */
export async function settleFinishedHand(deps: BlackjackDeps, row: Row): Promise<boolean> {
  const stored = row.outcome as Stored;
  if (
    row.status !== 'open' ||
    !stored.confirmed ||
    stored.pending ||
    stored.voiding ||
    stored.state.phase !== 'done'
  )
    return false;
  return 'row' in (await settle(deps, row));
}

/** How long a hand still in play waits for its player before the sweep finishes it for them: a day. */
export const ABANDONED_HAND_MS = 24 * 60 * 60_000;

/**
 * A hand its player left in play longer than `abandonedMs` (a window closed for good, a table switched
 * off since, which they cannot open again): played on as a player who stays away would (no insurance,
 * stand on every hand left) and paid, so their stake is not held for ever. Only a hand whose bets all
 * reached the wallet: a bet still to send needs the player's token, and waits for them. False when it is
 * not such a hand, the player moved it at the same moment, or the win went unanswered (the next sweep
 * pays it as a finished hand).
 */
export async function finishAbandonedHand(
  deps: BlackjackDeps,
  row: Row,
  abandonedMs = ABANDONED_HAND_MS,
): Promise<boolean> {
  const stored = row.outcome as Stored;
  if (row.status !== 'open' || !stored.confirmed || stored.pending || stored.state.phase === 'done')
    return false;
  if (Date.now() - row.createdAt.getTime() < abandonedMs) return false;
  const floats = await floatsOf(deps.db, row);
  let state = stored.state;
  while (state.phase !== 'done')
    state = applyMove(state, state.phase === 'insurance' ? 'noInsurance' : 'stand', floats);
  const saved = await save(deps.db, row, { ...stored, state });
  if (!saved) return false;
  deps.log.info({ roundId: `H${row.id}`, moves: state.moves }, 'blackjack hand left in play stood and paid');
  return 'row' in (await settle(deps, saved));
}

/** The player's open round of the game, brought up to date, for a window that (re)opens. */
export async function resumeBlackjack(
  deps: BlackjackDeps,
  playerId: string,
  gameCode: string,
  token: string,
) {
  const row = await openRound(deps.db, playerId, gameCode);
  if (!row) return null;
  const caught = await catchUp(deps, row, token);
  return 'row' in caught && caught.row.status === 'open' ? success(caught.row, caught.balance) : null;
}

/** Deals a new round: its cards come from the player's seed and next nonce, its bet goes to the wallet. */
export async function startBlackjack(
  deps: BlackjackDeps,
  input: { playerId: string; token: string; gameCode: string; bet: number; rules: BlackjackRules },
): Promise<BlackjackReply> {
  if (await openRound(deps.db, input.playerId, input.gameCode))
    return refusal('invalid', 'finish the open round first');
  // The nonce and the open round are written together: a seed rotation (rotateSeed) waits for both, and
  // then sees the round open on the seed it would reveal.
  let row: Row | undefined;
  try {
    row = await deps.db.transaction(async (tx) => {
      const seed = await nextRoundSeed(tx, input.playerId);
      const state = startRound(input.bet, await floatsFor(seed, MAX_CARDS), input.rules);
      const stored: Stored = { state, step: 0, confirmed: false, pending: null };
      const [inserted] = await tx
        .insert(houseRounds)
        .values({
          playerId: input.playerId,
          gameCode: input.gameCode,
          engine: 'blackjack',
          stake: input.bet,
          bet: betOf(state),
          outcome: stored,
          seedId: seed.seedId,
          nonce: seed.nonce,
          status: 'open',
        })
        .returning();
      return inserted;
    });
  } catch (error) {
    // Another tab dealt a round of this game at the same moment (house_rounds_open).
    if (sqlStateOf(error) === '23505') return refusal('invalid', 'finish the open round first');
    throw error;
  }
  const caught = await catchUp(deps, row!, input.token);
  return 'row' in caught ? success(caught.row, caught.balance) : caught;
}

/**
 * One move in the open round; a double, split or insurance is staked through the wallet first. The round
 * must be of `gameCode`, the game the token was opened for: the wallet records the further bets under it.
 */
export async function moveBlackjack(
  deps: BlackjackDeps,
  input: { playerId: string; token: string; gameCode: string; roundId: string; move: BlackjackMove },
): Promise<BlackjackReply> {
  const [found] = await deps.db
    .select()
    .from(houseRounds)
    .where(
      and(
        eq(houseRounds.id, Number(input.roundId.slice(1))),
        eq(houseRounds.playerId, input.playerId),
        eq(houseRounds.gameCode, input.gameCode),
        eq(houseRounds.engine, 'blackjack'),
        eq(houseRounds.status, 'open'),
      ),
    );
  if (!found) return refusal('invalid', 'no such open round');
  const caught = await catchUp(deps, found, input.token);
  if (!('row' in caught)) return caught;
  let row = caught.row;
  let stored = row.outcome as Stored;
  if (row.status !== 'open') return refusal('invalid', 'the round is over');
  const floats = await floatsOf(deps.db, row);
  let next: BlackjackState;
  try {
    next = applyMove(stored.state, input.move, floats);
  } catch (error) {
    if (error instanceof IllegalMove) return refusal('invalid', error.message);
    throw error;
  }
  const extra = extraStake(stored.state, input.move);
  if (extra > 0) {
    // Written before the wallet hears of it: a crash from here on is resumed by catchUp. The id names
    // the move and the row's write that asks for it: a stake the wallet refused (the balance, a limit)
    // and asked again later is a new call, not the refusal answered again under the same id.
    const txId = `${input.roundId}-bet-${stored.state.moves.length + 1}-${stored.step + 1}`;
    const saved = await save(deps.db, row, { ...stored, pending: { txId, amount: extra, move: input.move } });
    if (!saved) return refusal('duplicate', 'the round moved on; reload it');
    const done = await catchUp(deps, saved, input.token);
    return 'row' in done ? success(done.row, done.balance) : done;
  }
  stored = { ...stored, state: next };
  const saved = await save(deps.db, row, stored);
  if (!saved) return refusal('duplicate', 'the round moved on; reload it');
  row = saved;
  if (next.phase === 'done') {
    const settled = await settle(deps, row);
    return 'row' in settled ? success(settled.row, settled.balance) : settled;
  }
  return success(row, caught.balance);
}
