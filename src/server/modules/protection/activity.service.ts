import type { ActivityTotals } from '../../../shared/contract/protection-routes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recentLogins } from '../accounts/sessions.service.ts';
import { type Flow, memberFlowTotals } from '../ledger/statement.service.ts';
import { dayInZone, startOfDay } from '../sites/site-time.ts';

/*
 * What counts in a member's activity, by ledger transfer kind: deposits credited to cash, what of them
 * their payment providers took back (a chargeback: what cash held at once, the rest as its debt is
 * repaid to the house's deposits account), withdrawals paid out of held money, stakes (bets less
 * rolled-back bets) and wins (jackpot wins included, as corrected: a win a corrected result took back,
 * at once or later as a debt repaid to game revenue, is no win). A chargeback's repayment is no play.
 */

export interface ActivityWindows {
  today: Date;
  days7: Date;
  days30: Date;
  months12: Date;
}

/** Where each window starts: today from local midnight in the site's zone; the others rolling. */
export function activityWindows(now: Date, timezone: string): ActivityWindows {
  const day = 24 * 60 * 60 * 1000;
  const year = new Date(now);
  year.setUTCFullYear(year.getUTCFullYear() - 1);
  return {
    today: startOfDay(dayInZone(now, timezone), timezone),
    days7: new Date(now.getTime() - 7 * day),
    days30: new Date(now.getTime() - 30 * day),
    months12: year,
  };
}

/** What counts, as flows of the member's accounts (the ledger's read API). */
const ACTIVITY_FLOWS: Flow[] = [
  { account: 'cash', direction: 'in', kinds: ['deposit', 'win', 'jackpot_win', 'bet_rollback'] },
  { account: 'cash', direction: 'out', kinds: ['bet'] },
  // A settlement correction moves cash either way; what it took beyond the cash is repaid later.
  { account: 'cash', direction: 'in', kinds: ['settlement_correction'], as: 'corrected_up' },
  { account: 'cash', direction: 'out', kinds: ['settlement_correction'], as: 'taken_back' },
  // One collection can repay both kinds of debt: a corrected round's to game revenue, a charged-back
  // deposit's to the house's deposits account (docs/money.md).
  {
    account: 'cash',
    direction: 'out',
    kinds: ['debt_collection'],
    house: { kind: 'house_deposits', not: true },
    as: 'taken_back',
  },
  { account: 'cash', direction: 'out', kinds: ['deposit_reversal'], as: 'reversed' },
  {
    account: 'cash',
    direction: 'out',
    kinds: ['debt_collection'],
    house: { kind: 'house_deposits' },
    as: 'reversed',
  },
  { account: 'held', direction: 'out', kinds: ['withdrawal'] },
];

/** Totals per window from the member's ledger transfers: one pass over the last 12 months. */
export async function activityTotals(db: DbOrTx, memberId: number, w: ActivityWindows) {
  const sums = await memberFlowTotals(db, memberId, ACTIVITY_FLOWS, { ...w });
  const totalsFor = (window: keyof ActivityWindows): ActivityTotals => {
    const of = (kind: string) => sums.get(kind)?.[window] ?? 0;
    const stakes = of('bet') - of('bet_rollback');
    const wins = of('win') + of('jackpot_win') + of('corrected_up') - of('taken_back');
    const deposits = of('deposit');
    const depositReversals = of('reversed');
    return {
      deposits,
      depositReversals,
      netDeposits: deposits - depositReversals,
      withdrawals: of('withdrawal'),
      stakes,
      wins,
      net: wins - stakes,
    };
  };
  return {
    today: totalsFor('today'),
    days7: totalsFor('days7'),
    days30: totalsFor('days30'),
    months12: totalsFor('months12'),
  };
}

/** This session's log-in and the one before (the accounts module's session history). */
export { recentLogins };
