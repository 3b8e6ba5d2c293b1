import { z } from 'zod';
import { PROTECTION_KINDS } from '../../vocabulary.ts';
import { jackpotState } from '../jackpot-routes.ts';
import { endpoint, ok } from './endpoint.ts';
import { readFrom } from './read-from.ts';

/** One currency's money figures, in its minor units: a currency's are never added to another's. */
const moneyFigures = z.object({
  currency: z.string(),
  /** Deposits credited (on the day they were credited). */
  deposits: z.number(),
  /**
   * Deposits their payment provider reversed (chargebacks), whole, on the day of the reversal: the
   * provider took that money back from the house, whatever the member still owes of it.
   */
  depositReversals: z.number(),
  /** Deposits minus deposits reversed: the money the payment providers left with the house. */
  netDeposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  wins: z.number(),
  /** Gross gaming revenue: bets minus wins. */
  ggr: z.number(),
});
const figures = z.object({
  /** One entry per site currency (and any other a figure is in), by currency code. */
  money: z.array(moneyFigures),
  newMembers: z.number(),
  activeMembers: z.number(),
});
const pendingCounts = z.object({ deposits: z.number(), withdrawals: z.number(), tickets: z.number() });
/** The progressive pool now and its latest wins, newest first. */
const jackpot = jackpotState.extend({
  recentWins: z.array(
    z.object({
      id: z.number(),
      provider: z.string(),
      roundId: z.string(),
      memberId: z.number(),
      gameCode: z.string(),
      amount: z.number(),
      reseed: z.number(),
      createdAt: z.string(),
    }),
  ),
});

/**
 * The sportsbook's reconciler (where a bet and its wallet round disagreed): findings listed for the desk
 * and not yet resolved, findings repaired by a safe rule in the last day, and settlement runs still working.
 */
const sportsReconciliation = z.object({
  open: z.number(),
  repairedToday: z.number(),
  unfinishedRuns: z.number(),
});

/** The dashboard's figures and the badge counts the screens poll. */
export const dashboardEndpoints = {
  dashboard: endpoint({
    method: 'GET',
    path: '/dashboard',
    summary: "Today's and this month's money figures per currency and member figures, and what waits",
    response: ok.extend({
      today: figures,
      month: figures,
      pending: pendingCounts,
      jackpot,
      /** The figures may read a replica (DATABASE_REPLICA_URL); the screen shows its lag. */
      readFrom,
      /** Members under a break or self-exclusion now (player protection). */
      protectedMembers: z.number(),
      /** Members with at least one limit of their own (deposit, loss, wager or session time). */
      membersWithLimits: z.number(),
      /** Bonus money members hold now, per currency (never added across them), and the active bonuses holding it. */
      bonusLiability: z.array(
        z.object({ currency: z.string(), amount: z.number(), activeBonuses: z.number() }),
      ),
      /**
       * Member debts per currency (never added across them): owed now after corrections took back money
       * already spent, by how many members, and what stands written off (not restored by a later
       * correction of its round): the house's loss that the bets and wins above leave out.
       */
      memberDebts: z.array(
        z.object({
          currency: z.string(),
          owed: z.number(),
          membersOwing: z.number(),
          writtenOff: z.number(),
        }),
      ),
      /**
       * Members under a break or self-exclusion who owe a debt and hold money (cash, vault, held for a
       * withdrawal): none of it can leave while the debt is open and they cannot play to repay it, so it
       * stays until an operator collects the debt from cash or writes it off (the member page). The first
       * 50, self-exclusions first; `owingUnderProtectionCount`: how many in all.
       */
      owingUnderProtection: z.array(
        z.object({
          memberId: z.number(),
          loginId: z.string(),
          currency: z.string(),
          owed: z.number(),
          cash: z.number(),
          vault: z.number(),
          held: z.number(),
          protection: z.enum(PROTECTION_KINDS),
          /** When the period ends; null for a permanent self-exclusion. */
          until: z.string().nullable(),
        }),
      ),
      owingUnderProtectionCount: z.number(),
      sportsReconciliation,
    }),
  }),
  pendingCounts: endpoint({
    method: 'GET',
    path: '/pending-counts',
    summary: 'Pending deposits, withdrawals and tickets (polled; not counted as activity)',
    response: ok.extend(pendingCounts.shape),
  }),
} as const;
