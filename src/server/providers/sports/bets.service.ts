import { sql } from 'drizzle-orm';
import type { Refusal } from '../../../shared/sports/refusals.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { sportsClock } from './clock.ts';
import { lockSelectionsOf, shiftLiability } from './liability.ts';
import { legRefusal, lockLegs, type PlaceRequest, takeBet } from './placement.service.ts';
import type { SportsWallet } from './sports-wallet.ts';

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
 * Moves a taken bet's stake through the wallet (a `bet` on the round sb-<id>). Refused by the wallet
 * (no money, blocked or self-excluded member, ended session), the bet is refused and its liability
 * given back. The same bet charged twice sends the same transaction id: the wallet applies it once.
 */
async function chargeStake(db: Db, wallet: SportsWallet, betId: number, token: string): Promise<BetAnswer> {
  const [bet] = await queryRows<{ total_stake: number; status: string }>(
    db,
    sql`select total_stake, status from sb_bets where id = ${betId}`,
  );
  if (bet!.status === 'open' || bet!.status === 'settled') return { status: 'success', betId, bet: 'open' };
  let answer: Awaited<ReturnType<SportsWallet['bet']>>;
  try {
    answer = await wallet.bet({
      txId: stakeTxOf(betId),
      roundId: roundOf(betId),
      token,
      amount: bet!.total_stake,
    });
  } catch {
    // No answer at all: make sure the stake is not taken, then refuse.
    await wallet.rollback({ txId: `sb-${betId}-rb`, refTxId: stakeTxOf(betId) }).catch(() => undefined);
    answer = { status: 'session_expired', message: 'the wallet did not answer' };
  }
  if (answer.status === 'success') {
    await db.execute(sql`update sb_bets set status = 'open' where id = ${betId} and status = 'pending'`);
    return { status: 'success', betId, bet: 'open', balance: answer.balance };
  }
  const refusal = WALLET_REFUSALS[answer.status] ?? 'invalid_bet';
  await refuseBet(db, betId, refusal);
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

async function refuseBet(db: Db, betId: number, refusal: Refusal): Promise<void> {
  await db.transaction(async (tx) => {
    // The selections before the bet, as a confirmation takes them: the two may race for one bet.
    await lockSelectionsOf(tx, [betId]);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`update sb_bets set status = 'refused', refusal = ${refusal}
          where id = ${betId} and status in ('pending', 'delayed') returning id`,
    );
    if (row) await shiftLiability(tx, betId, -1);
  });
}

export async function placeBet(
  db: Db,
  wallet: SportsWallet,
  token: string,
  req: PlaceRequest,
): Promise<BetAnswer> {
  const taken = await takeBet(db, req);
  if (!taken.ok) return { status: 'refused', refusal: taken.refusal, message: taken.message };
  if (taken.status === 'delayed')
    return { status: 'delayed', betId: taken.betId, acceptAt: taken.acceptAt!.toISOString() };
  return chargeStake(db, wallet, taken.betId, token);
}

/**
 * A live bet after its delay: accepted only if none of its markets moved (price or status) and no
 * bet-stop came meanwhile; the market version recorded at placement tells.
 */
export async function confirmBet(
  db: Db,
  wallet: SportsWallet,
  token: string,
  playerId: string,
  betId: number,
): Promise<BetAnswer> {
  const [bet] = await queryRows<{ status: string; accept_at: Date | null; refusal: Refusal | null }>(
    db,
    sql`select status, accept_at, refusal from sb_bets where id = ${betId} and player_id = ${playerId}`,
  );
  if (!bet) return { status: 'refused', refusal: 'invalid_bet', message: 'no such bet' };
  if (bet.status === 'refused')
    return { status: 'refused', refusal: bet.refusal ?? 'invalid_bet', message: 'refused', betId };
  if (bet.status !== 'delayed') return chargeStake(db, wallet, betId, token);
  const now = sportsClock.now();
  // Hand-written statements get timestamps as text from one driver and as Date from the other.
  const acceptAt = bet.accept_at === null ? null : new Date(bet.accept_at);
  if (acceptAt && now < acceptAt) return { status: 'wait', betId, acceptAt: acceptAt.toISOString() };
  const verdict = await db.transaction(async (tx) => {
    const legs = await queryRows<{
      selection_id: number;
      market_version: number;
      price_num: number;
      price_den: number;
    }>(
      tx,
      sql`select selection_id, market_version, price_num, price_den from sb_bet_legs where bet_id = ${betId} order by idx`,
    );
    const rows = await lockLegs(
      tx,
      legs.map((l) => Number(l.selection_id)),
    );
    const [locked] = await queryRows<{ status: string }>(
      tx,
      sql`select status from sb_bets where id = ${betId} for update`,
    );
    if (locked!.status !== 'delayed') return undefined;
    for (const leg of legs) {
      const row = rows.find((r) => Number(r.selection_id) === Number(leg.selection_id))!;
      const why = legRefusal(row, now);
      const refusal: Refusal | undefined = why
        ? why[0]
        : row.market_version === leg.market_version
          ? undefined
          : // The version moved: the price itself, or a suspension (and reopening) meanwhile.
            Number(row.price_num) !== Number(leg.price_num) || Number(row.price_den) !== Number(leg.price_den)
            ? 'price_changed'
            : 'market_suspended';
      if (refusal) {
        await tx.execute(
          sql`update sb_bets set status = 'refused', refusal = ${refusal} where id = ${betId}`,
        );
        await shiftLiability(tx, betId, -1);
        return refusal;
      }
    }
    await tx.execute(sql`update sb_bets set status = 'pending' where id = ${betId}`);
    return undefined;
  });
  if (verdict)
    return { status: 'refused', refusal: verdict, message: 'the market changed during the bet delay', betId };
  return chargeStake(db, wallet, betId, token);
}

/** Delayed bets nobody confirmed within a minute of their time are refused (their liability given back). */
export async function expireDelayedBets(db: Db): Promise<number> {
  const cutoff = new Date(sportsClock.now().getTime() - 60_000);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from sb_bets where status = 'delayed' and accept_at < ${cutoff} order by id limit 500`,
  );
  for (const r of rows) await refuseBet(db, r.id, 'market_suspended');
  return rows.length;
}
