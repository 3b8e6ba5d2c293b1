import { sql } from 'drizzle-orm';
import type { Refusal } from '../../../shared/sports/refusals.ts';
import { type Db, preparedQuery, queryRows } from '../../db/client.ts';
import { CommitLost } from '../../db/commit-lost.ts';
import { sportsClock } from './clock.ts';
import { judgeDelayedBet } from './delay-verdict.ts';
import { lockSelectionsOf, shiftLiability } from './liability.ts';
import { type Placed, type PlaceRequest, takeBet } from './placement.service.ts';
import { type StakeInBook, type StakeOutcome, stakeTogether } from './placement-batch.ts';
import type { SportsWallet, WalletAnswer } from './sports-wallet.ts';

export type BetAnswer =
  | { status: 'success'; betId: number; bet: 'open'; balance?: number }
  | { status: 'delayed'; betId: number; acceptAt: string }
  | { status: 'wait'; betId: number; acceptAt: string }
  | { status: 'refused'; refusal: Refusal; message: string; betId?: number; limit?: LimitDetail };

/** A wallet refusal by one of the member's limits: which, and when its period ends. */
export interface LimitDetail {
  limit: string;
  period: string;
  amount: number;
  resetsAt: string | null;
}

export const roundOf = (betId: number) => `sb-${betId}`;
export const stakeTxOf = (betId: number) => `sb-${betId}-bet`;

const WALLET_REFUSALS: Record<string, Refusal> = {
  balance: 'balance',
  blocked: 'blocked',
  session_expired: 'session_expired',
  limit: 'limit',
};

/**
 * Moves a taken bet's stake through the wallet (a `bet` on the round sb-<id>), for a bet that is
 * 'pending' (and only then: a refused bet is never charged). The wallet's answer decides, under the
 * bet's row lock, the one transition: charged, the bet opens; refused by the wallet (no money, blocked
 * or self-excluded member, ended session), the bet is refused and its liability given back. The same
 * bet charged twice (two confirmations at once) sends the same transaction id: the wallet applies it
 * once, and both answers agree. A stake taken for a bet that was refused meanwhile is rolled back.
 */
async function chargeStake(
  db: Db,
  wallet: SportsWallet,
  betId: number,
  token: string,
  justTaken?: { totalStake: number },
  stakeInBook?: StakeInBook,
): Promise<BetAnswer> {
  // A bet this request just took is pending at that stake: no need to read it back (a refusal since
  // then is met by moveFromPending, as one after the read would be).
  const [bet] = justTaken
    ? [{ total_stake: justTaken.totalStake, status: 'pending', refusal: null }]
    : await queryRows<{ total_stake: number; status: string; refusal: Refusal | null }>(
        db,
        sql`select total_stake, status, refusal from sb_bets where id = ${betId}`,
      );
  if (bet!.status !== 'pending') return answerFor(betId, bet!);
  const amount = Number(bet!.total_stake);
  if (stakeInBook) {
    // Charged and opened in one transaction with the stakes arriving at the same time. A call that
    // raised there (an overdraft the balance constraint caught, a race) or a batch that failed is sent
    // again the usual way below: the same transaction id and body, so never charged twice.
    const together = await stakeTogether(db, { id: betId, amount }, stakeInBook).catch(
      () => ({}) as StakeOutcome,
    );
    if (together.r) return stakeAnswered(db, wallet, betId, together.r, together.o === true);
    if (together.e === NOT_IN_BOOK) throw lostBet(betId);
    // The batch failed whole (its connection lost): the bet's own commit may not have reached the
    // disk or the standby yet (sb_take_batch), so it is made to before the wallet charges it.
    if (!together.e) await keepBet(db, betId);
  }
  let answer: WalletAnswer;
  try {
    answer = await wallet.bet({ txId: stakeTxOf(betId), roundId: roundOf(betId), token, amount });
  } catch {
    const { after } = await refuseUncharged(db, wallet, betId);
    if (after.status !== 'refused') return answerFor(betId, after);
    return { status: 'refused', refusal: 'session_expired', message: 'the wallet did not answer', betId };
  }
  return stakeAnswered(db, wallet, betId, answer);
}

/**
 * A pending bet after the wallet answered its stake: charged, the bet opens (unless refused meanwhile,
 * when the stake is rolled back); refused, the bet is refused with the wallet's reason. `opened`: the
 * stake's own transaction opened the bet already (placement-batch.ts).
 */
async function stakeAnswered(
  db: Db,
  wallet: SportsWallet,
  betId: number,
  answer: WalletAnswer,
  opened = false,
): Promise<BetAnswer> {
  if (answer.status === 'success') {
    const after = opened ? { status: 'open', refusal: null } : await moveFromPending(db, betId, 'open');
    if (after.status === 'open' || after.status === 'settled' || after.status === 'void')
      return { status: 'success', betId, bet: 'open', balance: answer.balance };
    // Refused meanwhile (the reconciler gave up on it): the stake must not stand.
    await rollbackStake(wallet, betId);
    return answerFor(betId, after);
  }
  const refusal = WALLET_REFUSALS[answer.status] ?? 'invalid_bet';
  const after = await moveFromPending(db, betId, 'refused', refusal);
  if (after.status !== 'refused') return answerFor(betId, after);
  const limit =
    answer.status === 'limit'
      ? {
          limit: String(answer.limit),
          period: String(answer.period),
          amount: Number(answer.amount),
          resetsAt: answer.resetsAt ?? null,
        }
      : undefined;
  return {
    status: 'refused',
    refusal,
    message: answer.message ?? answer.status,
    betId,
    ...(limit && { limit }),
  };
}

/** sb_stake_batch's answer for a stake whose bet is not in the book. */
const NOT_IN_BOOK = 'SB404';

const lostBet = (betId: number) =>
  new CommitLost(`bet ${betId} was lost with the primary before its stake; the slip is taken again`);

/**
 * Makes a taken bet durable before a stake outside its batch (a synchronous commit that touches it
 * flushes the WAL up to the bet's, on the disk and the standby); a bet this primary does not have was
 * lost with the last one (CommitLost, 503: the slip sent again is taken anew).
 */
async function keepBet(db: Db, betId: number): Promise<void> {
  const kept = await queryRows(db, sql`update sb_bets set status = status where id = ${betId} returning id`);
  if (kept.length === 0) throw lostBet(betId);
}

export const rollbackTxOf = (betId: number) => `sb-${betId}-rb`;

/**
 * Rolls a bet's stake back in the wallet, under the bet's own rollback transaction id (so a repeat is
 * the same rollback, and a stake arriving late is voided): whether the wallet confirmed it.
 */
export async function rollbackStake(wallet: SportsWallet, betId: number): Promise<boolean> {
  const answer = await wallet
    .rollback({ txId: rollbackTxOf(betId), refTxId: stakeTxOf(betId) })
    .catch(() => ({ status: 'error' }) as const);
  return answer.status === 'success';
}

/**
 * A pending bet whose stake got no answer (the placement's wallet call, or the reconciler's
 * pending_stuck): refused first, under its row lock, and only then its stake rolled back. A bet that
 * opened meanwhile (its stake's batch committed after all, its answer lost) keeps its stake. Answers
 * the bet's state after, and whether a stake was rolled back (false also when the wallet did not answer
 * the rollback: the reconciler's comparison of book and wallet refunds a refused bet's stake later).
 */
export async function refuseUncharged(
  db: Db,
  wallet: SportsWallet,
  betId: number,
): Promise<{ after: { status: string; refusal: Refusal | null }; rolledBack: boolean }> {
  const after = await moveFromPending(db, betId, 'refused', 'session_expired');
  if (after.status !== 'refused') return { after, rolledBack: false };
  return { after, rolledBack: await rollbackStake(wallet, betId) };
}

/** What a bet's state answers a confirmation that did not change it. */
function answerFor(betId: number, bet: { status: string; refusal: Refusal | null }): BetAnswer {
  if (bet.status === 'refused')
    return {
      status: 'refused',
      refusal: bet.refusal ?? 'invalid_bet',
      message: 'this bet was refused',
      betId,
    };
  if (bet.status === 'pending' || bet.status === 'delayed')
    return { status: 'refused', refusal: 'invalid_bet', message: 'this bet is still being accepted', betId };
  return { status: 'success', betId, bet: 'open' };
}

/**
 * The one way a bet leaves 'pending': to 'open' (its stake taken) or 'refused' (liability given back),
 * under its row lock; a bet no longer pending is left as it is. Answers the bet's state after.
 */
export async function moveFromPending(
  db: Db,
  betId: number,
  to: 'open' | 'refused',
  refusal?: Refusal,
): Promise<{ status: string; refusal: Refusal | null }> {
  if (to === 'open') {
    // One statement (sql/sb_open_bets.sql): the bet opens and the member's active bonus counts its
    // stake. Five round trips were one more placement's wait (issue 34).
    const [opened] = await preparedQuery<{ opened: boolean }>(
      db,
      'sb_open_bet',
      sql`select ${betId}::int8 = any(sb_open_bets(array[${betId}::int8])) as opened`,
    );
    if (opened?.opened) return { status: 'open', refusal: null };
    const [bet] = await queryRows<{ status: string; refusal: Refusal | null }>(
      db,
      sql`select status, refusal from sb_bets where id = ${betId}`,
    );
    return { status: bet!.status, refusal: bet!.refusal };
  }
  return db.transaction(async (tx) => {
    // The selections before the bet, as a confirmation takes them: the two may race for one bet.
    await lockSelectionsOf(tx, [betId]);
    const [bet] = await queryRows<{
      status: string;
      refusal: Refusal | null;
      player_id: string;
      total_stake: number;
      potential_return: number;
    }>(
      tx,
      sql`select status, refusal, player_id, total_stake, potential_return from sb_bets where id = ${betId} for update`,
    );
    if (bet!.status !== 'pending') return { status: bet!.status, refusal: bet!.refusal };
    await tx.execute(
      sql`update sb_bets set status = ${to}, refusal = ${to === 'refused' ? (refusal ?? 'invalid_bet') : null} where id = ${betId}`,
    );
    await shiftLiability(tx, betId, -1);
    return { status: to, refusal: refusal ?? null };
  });
}

export async function placeBet(
  db: Db,
  wallet: SportsWallet,
  token: string,
  req: PlaceRequest,
  /** Told of a bet this call took (not a repeat's), before its stake moves: its alerts' facts. */
  onTaken?: (taken: NonNullable<Extract<Placed, { ok: true }>['taken']>) => void,
  /** The stake's call when the wallet is this database's (placement-batch.ts): charged in the book's batch. */
  stakeInBook?: StakeInBook,
): Promise<BetAnswer> {
  const taken = await takeBet(db, { ...req, stakeHere: stakeInBook !== undefined });
  if (taken.ok && taken.taken) onTaken?.(taken.taken);
  if (!taken.ok) return { status: 'refused', refusal: taken.refusal, message: taken.message };
  if (taken.status === 'delayed')
    return { status: 'delayed', betId: taken.betId, acceptAt: taken.acceptAt!.toISOString() };
  const justTaken =
    taken.fresh && taken.totalStake !== undefined ? { totalStake: taken.totalStake } : undefined;
  return chargeStake(db, wallet, taken.betId, token, justTaken, stakeInBook);
}

/**
 * A live bet after its delay (SPORTSBOOK.md §1, in-play): refused if one of its markets was suspended,
 * or its event's score changed, since it was placed; if its own price moved, the member's choice
 * decides (none: refused; better: a better price is taken, a worse one refused; any: taken). A price
 * move of another selection changes nothing. The verdict and the move to 'pending' are one transaction
 * under the bet's lock, so two confirmations cannot both decide; only a pending bet is then charged.
 */
export async function confirmBet(
  db: Db,
  wallet: SportsWallet,
  token: string,
  playerId: string,
  betId: number,
  stakeInBook?: StakeInBook,
): Promise<BetAnswer> {
  const [bet] = await queryRows<{ status: string; accept_at: Date | null; refusal: Refusal | null }>(
    db,
    sql`select status, accept_at, refusal from sb_bets where id = ${betId} and player_id = ${playerId}`,
  );
  if (!bet) return { status: 'refused', refusal: 'invalid_bet', message: 'no such bet' };
  if (bet.status !== 'delayed')
    return bet.status === 'pending'
      ? chargeStake(db, wallet, betId, token, undefined, stakeInBook)
      : answerFor(betId, bet);
  const now = sportsClock.now();
  // Hand-written statements get timestamps as text from one driver and as Date from the other.
  const acceptAt = bet.accept_at === null ? null : new Date(bet.accept_at);
  if (acceptAt && now < acceptAt) return { status: 'wait', betId, acceptAt: acceptAt.toISOString() };
  const verdict = await db.transaction((tx) => judgeDelayedBet(tx, betId, now));
  if (verdict.refusal)
    return { status: 'refused', refusal: verdict.refusal, message: verdict.message, betId };
  return chargeStake(db, wallet, betId, token, undefined, stakeInBook);
}

/** Refuses delayed bets nobody confirmed within a minute of their time (their liability given back). */
export async function expireDelayedBets(db: Db): Promise<number> {
  const cutoff = new Date(sportsClock.now().getTime() - 60_000);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from sb_bets where status = 'delayed' and accept_at < ${cutoff} order by id limit 500`,
  );
  for (const r of rows) {
    await db.transaction(async (tx) => {
      await lockSelectionsOf(tx, [r.id]);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`update sb_bets set status = 'refused', refusal = 'market_suspended'
            where id = ${r.id} and status = 'delayed' returning id`,
      );
      if (row) await shiftLiability(tx, r.id, -1);
    });
  }
  return rows.length;
}
