import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import type { ProtectionKind, ProtectionState } from '../../../shared/vocabulary.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { lockMember, memberStatusShared, updateMember } from '../accounts/members.service.ts';
import { notifyMembers } from '../live/live.notify.ts';
import { protectionPeriods } from './protection.schema.ts';
import { auditProtection } from './protection-audit.ts';

/** After the end, a member's request to lift waits this long (the cooling day). */
export const COOLING_MS = 24 * 60 * 60 * 1000;

type Period = typeof protectionPeriods.$inferSelect;

/** Where a member's protection stands, as my page and every refusal show it. */
export interface ProtectionView {
  state: ProtectionState;
  kind: ProtectionKind | null;
  startedAt: Date | null;
  /** Null for a permanent exclusion (or none). */
  endsAt: Date | null;
  liftRequestedAt: Date | null;
  /** When the cooling day ends (state 'cooling'). */
  liftsAt: Date | null;
}

const NONE: ProtectionView = {
  state: 'none',
  kind: null,
  startedAt: null,
  endsAt: null,
  liftRequestedAt: null,
  liftsAt: null,
};

function viewOf(period: Period | undefined, now: Date): ProtectionView {
  if (!period) return NONE;
  const liftsAt = period.liftRequestedAt ? new Date(period.liftRequestedAt.getTime() + COOLING_MS) : null;
  let state: ProtectionState;
  if (liftsAt) state = 'cooling';
  else if (period.endsAt === null || now < period.endsAt) state = 'active';
  else state = 'ended';
  return {
    state,
    kind: period.kind,
    startedAt: period.startedAt,
    endsAt: period.endsAt,
    liftRequestedAt: period.liftRequestedAt,
    liftsAt,
  };
}

const openPeriod = async (db: DbOrTx, memberId: number) =>
  (
    await db
      .select()
      .from(protectionPeriods)
      .where(and(eq(protectionPeriods.memberId, memberId), isNull(protectionPeriods.liftedAt)))
  )[0];

/** Ends a period whose cooling day has passed: the member may play again. */
async function liftPeriod(db: DbOrTx, memberId: number, period: Period, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const lifted = await tx
      .update(protectionPeriods)
      .set({ liftedAt: now })
      .where(and(eq(protectionPeriods.id, period.id), isNull(protectionPeriods.liftedAt)))
      .returning({ id: protectionPeriods.id });
    if (lifted.length === 0) return;
    await updateMember(tx, memberId, { status: 'active' }, 'self_excluded');
    await auditProtection(tx, memberId, 'lifted', { periodId: period.id });
    await notifyMembers(tx, [memberId]);
  });
}

/**
 * The one place a member's protection is read: the open period in protection_periods, seen at `now`.
 * A period whose member asked to lift it and whose cooling day has passed is lifted here, on the
 * first look after that (my page, a deposit, a game launch).
 */
export async function currentProtection(
  db: DbOrTx,
  memberId: number,
  now = new Date(),
): Promise<ProtectionView> {
  const period = await openPeriod(db, memberId);
  const view = viewOf(period, now);
  if (period && view.state === 'cooling' && view.liftsAt && now >= view.liftsAt) {
    await liftPeriod(db, memberId, period, now);
    return NONE;
  }
  return view;
}

/** The refusal a page shows for a running protection: which one, and until when. */
export function protectionRefusal(view: ProtectionView) {
  const extra = { kind: view.kind, until: null as string | null };
  if (view.state === 'cooling') {
    extra.until = view.liftsAt!.toISOString();
    return errors.excluded('the protection lifts after the cooling day', MSG.protectionCooling, extra);
  }
  if (view.state === 'ended') {
    extra.until = view.endsAt!.toISOString();
    return errors.excluded('the protection has ended; ask on my page to lift it', MSG.protectionEnded, extra);
  }
  if (view.endsAt === null) {
    return errors.excluded('the account is excluded permanently', MSG.excludedPermanently, extra);
  }
  extra.until = view.endsAt.toISOString();
  return view.kind === 'break'
    ? errors.excluded('the member is taking a break', MSG.onBreakUntil, extra)
    : errors.excluded('the account is self-excluded', MSG.excludedUntil, extra);
}

/**
 * Refuses a deposit, payment or game launch while the member is protected. Call it inside the
 * transaction that would move money: the member row is share-locked, so a break being set waits for
 * this transaction, or this one sees the break (none is accepted after the break's commit).
 */
export async function assertMayPlay(tx: DbOrTx, memberId: number, now = new Date()): Promise<void> {
  // A lift that is due happens first, before the share lock: two requests each holding a share lock
  // and then updating the member row would deadlock.
  await currentProtection(tx, memberId, now);
  const status = await memberStatusShared(tx, memberId);
  const view = viewOf(await openPeriod(tx, memberId), now);
  if (view.state !== 'none') throw protectionRefusal(view);
  if (status !== 'active') {
    // Set without a period (before migration 0013, or by hand): refused as before.
    throw errors.forbidden('this account may not play', MSG.selfExcluded);
  }
}

export type ProtectionChoice =
  | { kind: 'break'; days: number }
  | { kind: 'exclusion'; months: number }
  | { kind: 'exclusion'; permanent: true };

function endOf(choice: ProtectionChoice, now: Date): Date | null {
  if (choice.kind === 'break') return new Date(now.getTime() + choice.days * COOLING_MS);
  if ('permanent' in choice) return null;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + choice.months);
  return end;
}

/** The member chooses a break or a self-exclusion: effective at once, audited, not liftable before its end. */
export async function startProtection(
  db: DbOrTx,
  memberId: number,
  choice: ProtectionChoice,
  ip?: string,
  now = new Date(),
): Promise<ProtectionView> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const current = await currentProtection(tx, memberId, now);
    if (current.state !== 'none') {
      throw errors.conflict('a break or self-exclusion is already running', {}, MSG.alreadyProtected);
    }
    const [period] = await tx
      .insert(protectionPeriods)
      .values({ memberId, kind: choice.kind, startedAt: now, endsAt: endOf(choice, now) })
      .returning();
    await updateMember(tx, memberId, { status: 'self_excluded' });
    await auditProtection(
      tx,
      memberId,
      choice.kind === 'break' ? 'break' : 'exclusion',
      {
        periodId: period!.id,
        endsAt: period!.endsAt,
      },
      ip,
    );
    await notifyMembers(tx, [memberId]);
    return viewOf(period, now);
  });
}

/** After the end, the member asks to lift: it lifts a cooling day later (on the next look). */
export async function requestLift(db: DbOrTx, memberId: number, ip?: string, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const period = await openPeriod(tx, memberId);
    const view = viewOf(period, now);
    if (!period || view.state === 'cooling') return view;
    if (view.state === 'active') {
      throw errors.conflict(
        'a break or self-exclusion cannot be lifted before its end',
        { until: view.endsAt?.toISOString() ?? null },
        MSG.protectionNotOver,
      );
    }
    const [asked] = await tx
      .update(protectionPeriods)
      .set({ liftRequestedAt: now })
      .where(eq(protectionPeriods.id, period.id))
      .returning();
    await auditProtection(tx, memberId, 'lift_requested', { periodId: period.id }, ip);
    return viewOf(asked, now);
  });
}

export type ProtectionEventKind = 'break' | 'exclusion' | 'ended' | 'lift_requested' | 'lifted';

/** A member's protection history as events, newest first (the back office's member detail). */
export async function protectionEvents(db: DbOrTx, memberId: number, now = new Date()) {
  const periods = await db
    .select()
    .from(protectionPeriods)
    .where(eq(protectionPeriods.memberId, memberId))
    .orderBy(desc(protectionPeriods.id))
    .limit(50);
  const events: { periodId: number; event: ProtectionEventKind; at: Date; endsAt: Date | null }[] = [];
  for (const p of periods) {
    const of = (event: ProtectionEventKind, at: Date | null) => {
      if (at) events.push({ periodId: p.id, event, at, endsAt: p.endsAt });
    };
    of('lifted', p.liftedAt);
    of('lift_requested', p.liftRequestedAt);
    of('ended', p.endsAt && p.endsAt <= now ? p.endsAt : null);
    of(p.kind, p.startedAt);
  }
  return events.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Members under a break or self-exclusion now (open periods): read from the partial index alone. */
export async function countProtectedMembers(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int8 as n from protection_periods where lifted_at is null`,
  );
  return row?.n ?? 0;
}
