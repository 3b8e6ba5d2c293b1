import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { waitingCounts } from '../cashier/cashier-queue.service.ts';
import { debtFigures, owingUnderProtection } from '../games/wallet/debts.service.ts';
import { jackpotHistory, readJackpot } from '../jackpot/jackpot.service.ts';
import { bonusLiability } from '../promotions/liability.service.ts';
import { countMembersWithLimits } from '../protection/limits.service.ts';
import { countProtectedMembers } from '../protection/protection.service.ts';
import { siteCurrencies, siteDays } from '../sites/sites-admin.service.ts';
import { waitingTicketCount } from '../support/tickets-admin.service.ts';

/** One currency's money figures, in its minor units. */
export interface MoneyFigures {
  currency: string;
  deposits: number;
  /** Deposits reversed by their payment provider (chargebacks), whole, on the day of the reversal. */
  depositReversals: number;
  /** Deposits minus deposits reversed. */
  netDeposits: number;
  withdrawals: number;
  bets: number;
  wins: number;
  /** Gross gaming revenue: bets minus wins. */
  ggr: number;
}

export interface PeriodFigures {
  /** Per currency, by code: baht are never added to won. */
  money: MoneyFigures[];
  newMembers: number;
  activeMembers: number;
}

interface FigureRow {
  figure: string;
  currency: string;
  today: number;
  month: number;
}

const ROLLED_UP = [
  'deposits',
  'deposit_reversals',
  'withdrawals',
  'bets',
  'wins',
  'new_members',
  'active_day',
  'active_month',
];

/**
 * Today's and this month's money figures (per currency) and member figures, in one read of the daily rollups (daily_figures,
 * migration 0015): at most 8 figures x 31 days x 64 buckets per site, whatever the size of the ledger. The
 * triggers that keep them (sql/count_*.sql) write in the same transactions as the ledger, the
 * rounds, the registrations and the sessions, so they are never behind. Days are each site's own, in
 * its time zone (migration 0084): a Thai site's today starts at midnight in Bangkok, a Korean site's in Seoul.
 */
async function periodFigures(db: Db, now: Date): Promise<{ today: PeriodFigures; month: PeriodFigures }> {
  const days = await siteDays(db, now);
  const bounds = sql.join(
    days.map((d) => sql`(${d.siteId}::int8, ${d.today}::date, ${d.month}::date)`),
    sql`, `,
  );
  const rows =
    days.length === 0
      ? []
      : await queryRows<FigureRow>(
          db,
          sql`select f.figure, f.currency,
                     coalesce(sum(f.amount) filter (where f.day >= b.today), 0)::int8 as today,
                     coalesce(sum(f.amount), 0)::int8 as month
              from (values ${bounds}) as b(site_id, today, month)
              join daily_figures f on f.site_id = b.site_id and f.day >= b.month
              where f.figure in (${sql.join(
                ROLLED_UP.map((f) => sql`${f}`),
                sql`, `,
              )})
              group by f.figure, f.currency`,
        );
  // Every site's currency has its figures, zero or not; money figures are summed per currency only.
  const currencies = [
    ...new Set([
      ...(await siteCurrencies(db)),
      ...rows.filter((r) => r.currency !== '').map((r) => r.currency),
    ]),
  ].sort();
  const of = (figure: string, currency = '') =>
    rows.find((r) => r.figure === figure && r.currency === currency) ?? { today: 0, month: 0 };
  const figures = (period: 'today' | 'month'): PeriodFigures => ({
    money: currencies.map((currency) => {
      const bets = Number(of('bets', currency)[period]);
      const wins = Number(of('wins', currency)[period]);
      const deposits = Number(of('deposits', currency)[period]);
      const depositReversals = Number(of('deposit_reversals', currency)[period]);
      return {
        currency,
        deposits,
        depositReversals,
        netDeposits: deposits - depositReversals,
        withdrawals: Number(of('withdrawals', currency)[period]),
        bets,
        wins,
        ggr: bets - wins,
      };
    }),
    newMembers: Number(of('new_members')[period]),
    // A member first seen this month is counted on the month's first day: its "today" is the month's.
    activeMembers: Number(period === 'today' ? of('active_day').today : of('active_month').month),
  });
  return { today: figures('today'), month: figures('month') };
}

/** What waits for an operator: the back office's badge polls this, so it stays three counts. */
export async function pendingCounts(db: Db) {
  const [cash, tickets] = await Promise.all([waitingCounts(db), waitingTicketCount(db)]);
  return { deposits: cash.deposits, withdrawals: cash.withdrawals, tickets };
}

/** How many members under protection the dashboard names at most (the rest are counted). */
export const OWING_UNDER_PROTECTION_SHOWN = 50;

async function owingUnderProtectionFigures(db: Db) {
  const { members, total } = await owingUnderProtection(db, OWING_UNDER_PROTECTION_SHOWN);
  return { owingUnderProtection: members, owingUnderProtectionCount: total };
}

/** Today's and this month's figures (each site's days) and what waits for an operator. */
export async function dashboard(db: Db, now = new Date()) {
  const { today, month } = await periodFigures(db, now);
  return {
    today,
    month,
    pending: await pendingCounts(db),
    /** The progressive pool now (its 64 accounts) and its latest wins (by id, page of 10). */
    jackpot: { ...(await readJackpot(db)), recentWins: await jackpotHistory(db, { limit: 10 }) },
    protectedMembers: await countProtectedMembers(db),
    membersWithLimits: await countMembersWithLimits(db),
    /** Bonus money members hold, per currency (every site's, zero or not). */
    bonusLiability: await bonusLiability(db, await siteCurrencies(db)),
    /** Member debts per currency: owed now, and written off (the house's loss the rounds' figures leave out). */
    memberDebts: await debtFigures(db, await siteCurrencies(db)),
    /** Members under protection who owe and hold money none of which can leave until an operator acts. */
    ...(await owingUnderProtectionFigures(db)),
  };
}
