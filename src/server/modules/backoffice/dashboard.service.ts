import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { jackpotHistory, readJackpot } from '../jackpot/jackpot.service.ts';
import { countMembersWithLimits } from '../protection/limits.service.ts';
import { countProtectedMembers } from '../protection/protection.service.ts';

export interface PeriodFigures {
  deposits: number;
  withdrawals: number;
  bets: number;
  wins: number;
  /** Gross gaming revenue: bets minus wins. */
  ggr: number;
  newMembers: number;
  activeMembers: number;
}

interface Row {
  deposits: number;
  withdrawals: number;
  bets: number;
  wins: number;
  new_members: number;
  active_members: number;
}

/** Money and member figures since `from`, read from the ledger and the rounds. */
async function figuresSince(db: Db, from: Date): Promise<PeriodFigures> {
  const [row] = await queryRows<Row>(
    db,
    sql`select
      coalesce((select sum(amount) from ledger_transfers where kind = 'deposit' and created_at >= ${from}), 0)::int8 as deposits,
      coalesce((select sum(amount) from ledger_transfers where kind = 'withdrawal' and created_at >= ${from}), 0)::int8 as withdrawals,
      coalesce((select sum(total_bet) from game_rounds where opened_at >= ${from}), 0)::int8 as bets,
      coalesce((select sum(total_win) from game_rounds where opened_at >= ${from}), 0)::int8 as wins,
      (select count(*) from members where created_at >= ${from}) as new_members,
      (select count(distinct member_id) from sessions where last_seen_at >= ${from}) as active_members`,
  );
  const r = row!;
  return {
    deposits: r.deposits,
    withdrawals: r.withdrawals,
    bets: r.bets,
    wins: r.wins,
    ggr: r.bets - r.wins,
    newMembers: r.new_members,
    activeMembers: r.active_members,
  };
}

/** What waits for an operator: the back office's badge polls this, so it stays three counts. */
export async function pendingCounts(db: Db) {
  const [pending] = await queryRows<{ deposits: number; withdrawals: number; tickets: number }>(
    db,
    sql`select
      (select count(*) from cash_requests where kind = 'deposit' and status in ('wait', 'reg')) as deposits,
      (select count(*) from cash_requests where kind = 'withdraw' and status in ('wait', 'reg')) as withdrawals,
      (select count(*) from help_tickets where status = 'wait') as tickets`,
  );
  return pending!;
}

/** Today's and this month's figures (server time) and what waits for an operator. */
export async function dashboard(db: Db, now = new Date()) {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const month = new Date(now.getFullYear(), now.getMonth(), 1);
  return {
    today: await figuresSince(db, today),
    month: await figuresSince(db, month),
    pending: await pendingCounts(db),
    /** The progressive pool now (its 64 accounts) and its latest wins (by id, page of 10). */
    jackpot: { ...(await readJackpot(db)), recentWins: await jackpotHistory(db, { limit: 10 }) },
    protectedMembers: await countProtectedMembers(db),
    membersWithLimits: await countMembersWithLimits(db),
  };
}
