import { type SQL, sql } from 'drizzle-orm';
import { LIMIT_ACTIONS } from '../../../shared/contract/admin/protection.ts';
import { limitMsg } from '../../../shared/limit-messages.ts';
import { MSG, type MsgKey } from '../../../shared/messages.ts';
import type { LimitKind, LimitPeriod } from '../../../shared/vocabulary.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { auditProtection } from './protection-audit.ts';

/** An increase or a removal waits this long, then applies only if the member confirms it. */
export const INCREASE_DELAY_MS = 24 * 60 * 60 * 1000;

export interface MemberLimit {
  kind: LimitKind;
  period: LimitPeriod;
  /** Minor units; minutes for the session time limit. */
  amount: number;
  pendingAmount: number | null;
  pendingRemove: boolean;
  /** From when the member may confirm the pending change. */
  pendingFrom: Date | null;
}

type LimitRow = {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number;
  pending_amount: number | null;
  pending_remove: boolean;
  pending_from: Date | string | null;
};

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

const limitOf = (r: LimitRow): MemberLimit => ({
  kind: r.kind,
  period: r.period,
  amount: Number(r.amount),
  pendingAmount: r.pending_amount === null ? null : Number(r.pending_amount),
  pendingRemove: r.pending_remove,
  pendingFrom: asDate(r.pending_from),
});

const ORDER = sql`order by array_position(array['deposit','loss','wager','session'], kind),
  array_position(array['day','week','month','session'], period)`;

/** A member's limits, each with its pending increase or removal (by the primary key). */
export async function listLimits(db: DbOrTx, memberId: number): Promise<MemberLimit[]> {
  const rows = await queryRows<LimitRow>(
    db,
    sql`select kind, period, amount, pending_amount, pending_remove, pending_from
        from protection_limits where member_id = ${memberId} ${ORDER}`,
  );
  return rows.map(limitOf);
}

async function lockedLimit(tx: DbOrTx, memberId: number, kind: LimitKind, period: LimitPeriod) {
  const [row] = await queryRows<LimitRow>(
    tx,
    sql`select kind, period, amount, pending_amount, pending_remove, pending_from from protection_limits
        where member_id = ${memberId} and kind = ${kind} and period = ${period} for update`,
  );
  return row ? limitOf(row) : undefined;
}

async function recordChange(
  tx: DbOrTx,
  memberId: number,
  target: { kind: LimitKind; period: LimitPeriod },
  action: LimitAction,
  amount: number | null,
  previous: number | null,
  ip?: string,
) {
  await tx.execute(
    sql`insert into protection_limit_changes (member_id, kind, period, action, amount, previous)
        values (${memberId}, ${target.kind}, ${target.period}, ${action}, ${amount}, ${previous})`,
  );
  await auditProtection(tx, memberId, `limit_${action}`, { ...target, amount, previous }, ip);
}

export type LimitAction = (typeof LIMIT_ACTIONS)[number];
export { LIMIT_ACTIONS };

export interface LimitChange {
  kind: LimitKind;
  period: LimitPeriod;
  /** Null: remove the limit. */
  amount: number | null;
}

/**
 * The member sets, lowers, raises or removes one of their limits. A new or lower limit applies at
 * once (and drops any pending raise); a higher one or a removal waits 24 hours and applies only when
 * the member confirms it then (confirmLimitChange). Asking for the current amount drops a pending change.
 */
export async function changeLimit(
  db: DbOrTx,
  memberId: number,
  change: LimitChange,
  ip?: string,
  now = new Date(),
): Promise<{ msg: MsgKey; from?: Date }> {
  return db.transaction(async (tx) => {
    const current = await lockedLimit(tx, memberId, change.kind, change.period);
    const { kind, period, amount } = change;
    if (!current) {
      if (amount === null) return { msg: MSG.limitApplied };
      await tx.execute(
        sql`insert into protection_limits (member_id, kind, period, amount, updated_at)
            values (${memberId}, ${kind}, ${period}, ${amount}, ${now})`,
      );
      await recordChange(tx, memberId, change, 'set', amount, null, ip);
      return { msg: MSG.limitApplied };
    }
    if (amount !== null && amount <= current.amount) {
      await tx.execute(
        sql`update protection_limits set amount = ${amount}, pending_amount = null, pending_remove = false,
              pending_from = null, updated_at = ${now}
            where member_id = ${memberId} and kind = ${kind} and period = ${period}`,
      );
      if (amount < current.amount) {
        await recordChange(tx, memberId, change, 'decreased', amount, current.amount, ip);
      } else if (current.pendingFrom) {
        await recordChange(tx, memberId, change, 'pending_cancelled', amount, current.amount, ip);
      }
      return { msg: MSG.limitApplied };
    }
    // A raise or a removal: it waits. Asking again for the same change keeps the first wait.
    const same =
      current.pendingFrom && (amount === null ? current.pendingRemove : current.pendingAmount === amount);
    const from = same ? current.pendingFrom! : new Date(now.getTime() + INCREASE_DELAY_MS);
    if (!same) {
      await tx.execute(
        sql`update protection_limits set pending_amount = ${amount}, pending_remove = ${amount === null},
              pending_from = ${from}, updated_at = ${now}
            where member_id = ${memberId} and kind = ${kind} and period = ${period}`,
      );
      const action = amount === null ? 'remove_requested' : 'increase_requested';
      await recordChange(tx, memberId, change, action, amount, current.amount, ip);
    }
    return { msg: MSG.limitPending, from };
  });
}

/** After its 24 hours, the member confirms a pending raise or removal: only then does it apply. */
export async function confirmLimitChange(
  db: DbOrTx,
  memberId: number,
  target: { kind: LimitKind; period: LimitPeriod },
  ip?: string,
  now = new Date(),
): Promise<{ msg: MsgKey }> {
  return db.transaction(async (tx) => {
    const current = await lockedLimit(tx, memberId, target.kind, target.period);
    if (!current?.pendingFrom) {
      throw errors.conflict('no change of this limit is waiting', {}, MSG.limitNothingPending);
    }
    if (now < current.pendingFrom) {
      throw errors.waiting('the change can be confirmed 24 hours after it was asked', MSG.limitNotYet, {
        from: current.pendingFrom.toISOString(),
      });
    }
    const where = sql`member_id = ${memberId} and kind = ${target.kind} and period = ${target.period}`;
    if (current.pendingRemove) {
      await tx.execute(sql`delete from protection_limits where ${where}`);
      await recordChange(tx, memberId, target, 'removed', null, current.amount, ip);
    } else {
      await tx.execute(
        sql`update protection_limits set amount = pending_amount, pending_amount = null, pending_from = null,
              updated_at = ${now} where ${where}`,
      );
      await recordChange(tx, memberId, target, 'increased', current.pendingAmount, current.amount, ip);
    }
    return { msg: MSG.limitConfirmed };
  });
}

/** A member's limit changes, newest first (the back office). */
export async function limitHistory(db: DbOrTx, memberId: number, limit = 100) {
  const rows = await queryRows<{
    id: number;
    kind: LimitKind;
    period: LimitPeriod;
    action: LimitAction;
    amount: number | null;
    previous: number | null;
    at: Date | string;
  }>(
    db,
    sql`select id, kind, period, action, amount, previous, at from protection_limit_changes
        where member_id = ${memberId} order by id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    ...r,
    amount: r.amount === null ? null : Number(r.amount),
    previous: r.previous === null ? null : Number(r.previous),
    at: new Date(r.at),
  }));
}

/** The refusal the SQL check (protection_limit_refusal) gives, as the reply's fields. */
export interface LimitRefusal {
  status: 'limit';
  message: string;
  limit: LimitKind;
  period: LimitPeriod;
  amount: number;
  used: number;
  resetsAt: string | null;
  periodStart?: string;
}

export const limitError = (r: LimitRefusal) =>
  errors.limitReached(r.message, limitMsg(r), {
    limit: r.limit,
    period: r.period,
    amount: Number(r.amount),
    used: Number(r.used),
    resetsAt: r.resetsAt,
    periodStart: r.periodStart ?? null,
  });

/**
 * Refuses a deposit the member's deposit limits do not leave room for. Call it inside the transaction
 * that accepts the deposit: the check locks the member's play-day row until that transaction ends.
 * `outstanding`: deposits not credited yet that may still be (the refusal counts them as used).
 */
export async function assertDepositWithinLimits(
  tx: DbOrTx,
  memberId: number,
  amount: number,
  outstanding = 0,
) {
  const [row] = await queryRows<{ r: LimitRefusal | null }>(
    tx,
    sql`select protection_limit_refusal(${memberId}, 'deposit', ${amount + outstanding}, null) as r`,
  );
  if (row?.r) throw limitError({ ...row.r, used: Number(row.r.used) + outstanding });
}

/** A credited deposit counts toward the deposit limits of its day (called before its ledger transfer). */
export async function addDepositToPlayDay(tx: DbOrTx, memberId: number, amount: number) {
  await tx.execute(sql`select play_totals_add(${memberId}, ${amount}, 0, 0)`);
}

/** A member's limit hits and reality check answers, newest first (the back office). */
export async function protectionEventList(db: DbOrTx, memberId: number, limit = 100) {
  const rows = await queryRows<{
    id: number;
    kind: 'limit_hit' | 'reality_check';
    detail: Record<string, unknown>;
    at: Date | string;
  }>(
    db,
    sql`select id, kind, detail, at from protection_events where member_id = ${memberId}
        order by id desc limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at) }));
}

/** Members with at least one limit of their own (the dashboard). */
export async function countMembersWithLimits(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct member_id)::int8 as n from protection_limits`,
  );
  return Number(row?.n ?? 0);
}

/** Runs `work`; when a limit refused it, records the hit (its own transaction: the refused one rolled back). */
export async function recordingLimitHits<T>(
  db: DbOrTx,
  memberId: number,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 'limit') {
      await db.execute(sql`select protection_record_hit(${memberId}, ${JSON.stringify(error.extra)}::jsonb)`);
    }
    throw error;
  }
}

type UsageRow = Record<`${'deposit' | 'wager' | 'loss'}_${'day' | 'week' | 'month'}`, number> &
  Record<`${'day' | 'week' | 'month'}_reset`, string>;

/**
 * The statement limitUsage runs: what counts against each limit now (the day's, week's and month's
 * deposits, stakes, and stakes less wins, in the site's zone; across a change of its zone, the day rows
 * play_period_days says, as the check itself counts them) and when each period ends, from at most 31
 * rows of member_play_days (a day or two more after a change of zone). Exported so that a test plans
 * this very statement.
 */
export function limitUsageQuery(memberId: number): SQL {
  return sql`with p as (select * from play_period_days(${memberId}))
        select
          coalesce(sum(deposits) filter (where day between day_from and day_to), 0)::int8 as deposit_day,
          coalesce(sum(deposits) filter (where day between week_from and week_to), 0)::int8 as deposit_week,
          coalesce(sum(deposits) filter (where day between month_from and month_to), 0)::int8 as deposit_month,
          coalesce(sum(stakes) filter (where day between day_from and day_to), 0)::int8 as wager_day,
          coalesce(sum(stakes) filter (where day between week_from and week_to), 0)::int8 as wager_week,
          coalesce(sum(stakes) filter (where day between month_from and month_to), 0)::int8 as wager_month,
          coalesce(sum(stakes - wins) filter (where day between day_from and day_to), 0)::int8 as loss_day,
          coalesce(sum(stakes - wins) filter (where day between week_from and week_to), 0)::int8 as loss_week,
          coalesce(sum(stakes - wins) filter (where day between month_from and month_to), 0)::int8 as loss_month,
          to_char((date_trunc('day', local_now) + interval '1 day') at time zone tz at time zone 'UTC',
                  'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as day_reset,
          to_char((date_trunc('week', local_now) + interval '1 week') at time zone tz at time zone 'UTC',
                  'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as week_reset,
          to_char((date_trunc('month', local_now) + interval '1 month') at time zone tz at time zone 'UTC',
                  'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as month_reset
        from p left join member_play_days d
          on d.member_id = ${memberId} and d.day >= least(day_from, week_from, month_from)
            and d.day <= greatest(day_to, week_to, month_to)
        group by tz, local_now, day_from, day_to, week_from, week_to, month_from, month_to`;
}

/** What counts against each limit now and when each period ends (limitUsageQuery). */
export async function limitUsage(db: DbOrTx, memberId: number) {
  const [row] = await queryRows<UsageRow>(db, limitUsageQuery(memberId));
  return {
    used: (kind: LimitKind, period: LimitPeriod) =>
      kind === 'session' ? null : Number(row![`${kind}_${period as 'day'}`]),
    resetsAt: (period: LimitPeriod) => (period === 'session' ? null : row![`${period as 'day'}_reset`]),
  };
}
