import { sql } from 'drizzle-orm';
import type { ActivityTotals } from '../../../shared/contract/protection-routes.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { dayInZone, startOfDay } from '../sites/site-time.ts';

/*
 * What counts in a member's activity, by ledger transfer kind: deposits credited to cash, withdrawals
 * paid out of held money, stakes (bets less rolled-back bets) and wins (jackpot wins included).
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

type Row = { kind: string } & Record<keyof ActivityWindows, number>;

/**
 * Totals per window from the member's ledger transfers: one pass over the last 12 months. The
 * account ids are looked up first and given as values, so each part is an index scan on
 * ledger_transfers_from / _to (a join on them planned sequential scans of the whole table).
 */
export async function activityTotals(db: DbOrTx, memberId: number, w: ActivityWindows) {
  const accounts = await queryRows<{ id: number; kind: string }>(
    db,
    sql`select id, kind from ledger_accounts where member_id = ${memberId} and kind in ('cash', 'held')`,
  );
  const cash = accounts.find((a) => a.kind === 'cash')?.id ?? 0;
  const held = accounts.find((a) => a.kind === 'held')?.id ?? 0;
  const rows = await queryRows<Row>(
    db,
    sql`
      with moves as (
        select kind, amount, created_at from ledger_transfers
        where to_account_id = ${cash} and kind in ('deposit', 'win', 'jackpot_win', 'bet_rollback')
          and created_at >= ${w.months12}
        union all
        select kind, amount, created_at from ledger_transfers
        where from_account_id = ${cash} and kind = 'bet' and created_at >= ${w.months12}
        union all
        select kind, amount, created_at from ledger_transfers
        where from_account_id = ${held} and kind = 'withdrawal' and created_at >= ${w.months12}
      )
      select kind,
        coalesce(sum(amount) filter (where created_at >= ${w.today}), 0)::int8 as today,
        coalesce(sum(amount) filter (where created_at >= ${w.days7}), 0)::int8 as days7,
        coalesce(sum(amount) filter (where created_at >= ${w.days30}), 0)::int8 as days30,
        coalesce(sum(amount), 0)::int8 as months12
      from moves group by kind`,
  );
  const totalsFor = (window: keyof ActivityWindows): ActivityTotals => {
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.[window] ?? 0);
    const stakes = of('bet') - of('bet_rollback');
    const wins = of('win') + of('jackpot_win');
    return { deposits: of('deposit'), withdrawals: of('withdrawal'), stakes, wins, net: wins - stakes };
  };
  return {
    today: totalsFor('today'),
    days7: totalsFor('days7'),
    days30: totalsFor('days30'),
    months12: totalsFor('months12'),
  };
}

/** This session's log-in and the one before, from the session history. */
export async function recentLogins(db: DbOrTx, memberId: number, sessionId: number) {
  const rows = await queryRows<{ id: number; created_at: Date; ip: string | null }>(
    db,
    sql`select id, created_at, ip from sessions where member_id = ${memberId} and id <= ${sessionId}
        order by id desc limit 2`,
  );
  const view = (r: (typeof rows)[number] | undefined) =>
    r ? { at: new Date(r.created_at).toISOString(), ip: r.ip } : null;
  return { currentLogin: view(rows[0]), lastLogin: view(rows[1]) };
}
