import { sql } from 'drizzle-orm';
import type { RECONCILE_KINDS } from '../../../shared/contract/admin/sports.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { roundTotals } from '../../modules/games/wallet/rounds.service.ts';
import { refuseUncharged, rollbackStake, roundOf } from './bets.service.ts';
import { sportsClock } from './clock.ts';
import { LEG_HAS_RESULT, reevaluateBets } from './settlement.service.ts';
import type { SportsWallet } from './sports-wallet.ts';

/**
 * The reconciler: compares the book's bets with the wallet's rounds and repairs what has a safe rule;
 * the rest is listed for the desk (sb_reconcile_findings, the back office's reconciliation list and the
 * dashboard's count). Safe rules:
 * - a bet left 'pending' (its placement crashed between the wallet and the book): its stake is rolled
 *   back (a rollback also voids a stake still on its way) and the bet is refused;
 * - a refused bet whose stake the wallet holds: the stake is rolled back;
 * - an open bet its markets' results decide (a settlement that never reached it): it is settled.
 * Listed: a bet whose money in the wallet differs from what the book says, once its steps are all paid;
 * a settlement step the wallet has not taken for a long time.
 */
type FindingKind = (typeof RECONCILE_KINDS)[number];

/** A result this old whose bets are still open missed its settlement (runs take seconds). */
const RESULT_GRACE_MS = 60_000;
/** A step the wallet has not answered for this long is listed. */
const UNPAID_GRACE_MS = 600_000;
/** Bets per pass, in the decided bets' window and in the compared one, each from its own cursor on. */
const WINDOW = 2_000;

export interface ReconcileReport {
  repaired: number;
  listed: number;
  checked: number;
}

async function record(
  db: Db,
  betId: number,
  kind: FindingKind,
  detail: Record<string, unknown>,
  repaired: boolean,
): Promise<void> {
  await db.execute(
    sql`insert into sb_reconcile_findings (bet_id, kind, detail, repaired, resolved_at)
        values (${betId}, ${kind}, ${JSON.stringify(detail)}::jsonb, ${repaired}, ${repaired ? sportsClock.now() : null})
        on conflict (bet_id, kind) where resolved_at is null do nothing`,
  );
}

async function repairPending(db: Db, wallet: SportsWallet, graceMs: number): Promise<number> {
  const cutoff = new Date(sportsClock.now().getTime() - graceMs);
  const stuck = await queryRows<{ id: number }>(
    db,
    sql`select id from sb_bets where status = 'pending' and coalesce(accept_at, placed_at) < ${cutoff} order by id limit 500`,
  );
  let repaired = 0;
  for (const { id } of stuck) {
    const betId = Number(id);
    // A rollback that gets no answer leaves a refused bet the wallet may have charged: the comparison
    // below refunds it.
    if (!(await refuseUncharged(db, wallet, betId)).rolledBack) continue;
    await record(db, betId, 'pending_stuck', { action: 'stake rolled back, bet refused' }, true);
    repaired++;
  }
  return repaired;
}

/**
 * Settles a window of open bets (from the cursor on) that a result decides and no run reached. A bet
 * with one leg decided and another still to play matches every pass and stays open: the cursor walks
 * past such bets, or 2,000 of them (a weekend's accumulators) hid every bet after them for good.
 */
async function settleDecidedOpenBets(db: Db, afterId: number, window: number) {
  const cutoff = new Date(sportsClock.now().getTime() - RESULT_GRACE_MS);
  // Open bets with a leg whose own selection has a confirmed result (no run still working its market),
  // or a voided leg.
  const candidates = await queryRows<{ id: number }>(
    db,
    sql`select distinct d.bet_id as id from sb_bet_legs d join sb_bets b on b.id = d.bet_id join sb_markets m on m.id = d.market_id
        where b.status = 'open' and d.bet_id > ${afterId} and ((${LEG_HAS_RESULT} and m.result_at < ${cutoff}
            and not exists (select 1 from sb_settlement_runs r where r.market_id = m.id and r.done_at is null))
          or (d.void_kind is not null and d.voided_at < ${cutoff}))
        order by 1 limit ${window}`,
  );
  const next = candidates.length < window ? 0 : Number(candidates.at(-1)!.id);
  if (candidates.length === 0) return { settled: 0, next };
  const settled = await db.transaction((tx) =>
    reevaluateBets(
      tx,
      candidates.map((c) => Number(c.id)),
      { reason: 'reconciler: an open bet its results decide' },
    ),
  );
  for (const betId of settled) await record(db, betId, 'open_on_decided', { action: 'settled' }, true);
  return { settled: settled.length, next };
}

/**
 * Compares a window of bets (from the cursor on) with their wallet rounds: a refused bet the wallet
 * charged is refunded; any other difference, once the bet's steps are all paid, is listed.
 */
async function compareWindow(db: Db, wallet: SportsWallet, afterId: number, window: number) {
  const bets = await queryRows<{
    id: number;
    status: string;
    total_stake: number;
    settled_return: number | null;
    cashout_stake: number;
    cashout_paid: number;
    unpaid: number;
    oldest_unpaid: Date | null;
    refunded: boolean;
  }>(
    db,
    sql`select b.id, b.status, b.total_stake, b.settled_return, b.cashout_stake, b.cashout_paid,
          (select count(*)::int from sb_settlements s where s.bet_id = b.id and not s.paid) as unpaid,
          (select min(s.created_at) from sb_settlements s where s.bet_id = b.id and not s.paid) as oldest_unpaid,
          exists (select 1 from sb_settlements s where s.bet_id = b.id and s.wallet_op = 'rollback') as refunded
        from sb_bets b where b.id > ${afterId} and b.status in ('open', 'settled', 'void', 'refused', 'cashed_out')
        order by b.id limit ${window}`,
  );
  const rounds = await roundTotals(
    db,
    'sports',
    bets.map((b) => roundOf(Number(b.id))),
  );
  let repaired = 0;
  let listed = 0;
  const unpaidCutoff = new Date(sportsClock.now().getTime() - UNPAID_GRACE_MS);
  for (const b of bets) {
    const id = Number(b.id);
    const round = rounds.get(roundOf(id));
    const held = round?.totalBet ?? 0;
    const paid = round?.totalWin ?? 0;
    if (b.status === 'refused') {
      if (held > 0 && (await rollbackStake(wallet, id))) {
        await record(db, id, 'refused_charged', { held, action: 'stake rolled back' }, true);
        repaired++;
      }
      continue;
    }
    if (Number(b.unpaid) > 0) {
      if (b.oldest_unpaid && new Date(b.oldest_unpaid) < unpaidCutoff) {
        await record(db, id, 'unpaid_step', { unpaid: Number(b.unpaid) }, false);
        listed++;
      }
      continue;
    }
    // A bet voided by a refund of its stake (before voids were payments) holds nothing in the wallet.
    // Partial cash-outs took stake off the bet and paid for it: the wallet holds the stake as placed, and
    // paid them beside the settlement (or the final cash-out) in force.
    const wantHeld = b.refunded ? 0 : Number(b.total_stake) + Number(b.cashout_stake);
    const wantPaid =
      (b.status === 'open' || b.refunded ? 0 : Number(b.settled_return ?? 0)) + Number(b.cashout_paid);
    if (held !== wantHeld || paid !== wantPaid) {
      await record(
        db,
        id,
        'wallet_mismatch',
        { book: { held: wantHeld, paid: wantPaid }, wallet: { held, paid } },
        false,
      );
      listed++;
    }
  }
  return { repaired, listed, checked: bets.length, last: bets.length ? Number(bets.at(-1)!.id) : 0 };
}

/**
 * One reconciliation pass; two cursors carry the decided bets' window and the compared window from pass
 * to pass (each wraps to the start). A pending bet older than `pendingGraceMs` has lost its placement (a
 * placement takes well under a second, and its wallet call gives up within seconds). `window`: bets per
 * pass in each (WINDOW; smaller in tests).
 */
export function reconciler(db: Db, wallet: SportsWallet, opts: { pendingGraceMs: number; window?: number }) {
  const window = opts.window ?? WINDOW;
  let decidedCursor = 0;
  let cursor = 0;
  return async function reconcileOnce(): Promise<ReconcileReport> {
    const pending = await repairPending(db, wallet, opts.pendingGraceMs);
    const decided = await settleDecidedOpenBets(db, decidedCursor, window);
    decidedCursor = decided.next;
    const compared = await compareWindow(db, wallet, cursor, window);
    cursor = compared.checked < window ? 0 : compared.last;
    return {
      repaired: pending + decided.settled + compared.repaired,
      listed: compared.listed,
      checked: compared.checked,
    };
  };
}

/**
 * The desk's list: the newest findings first, the unresolved ones only unless asked; each with its
 * bet's currency, which the amounts of its detail are in.
 */
export async function reconcileFindings(db: Db, opts: { all?: boolean; limit?: number } = {}) {
  const rows = await queryRows<{
    id: number;
    bet_id: number;
    kind: string;
    detail: unknown;
    repaired: boolean;
    found_at: Date;
    resolved_at: Date | null;
    currency: string | null;
  }>(
    db,
    sql`select f.id, f.bet_id, f.kind, f.detail, f.repaired, f.found_at, f.resolved_at, b.currency
        from sb_reconcile_findings f left join sb_bets b on b.id = f.bet_id
        ${opts.all ? sql`` : sql`where f.resolved_at is null`}
        order by f.found_at desc, f.id desc limit ${Math.min(opts.limit ?? 50, 200)}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    betId: Number(r.bet_id),
    kind: r.kind as FindingKind,
    detail: r.detail,
    repaired: r.repaired,
    currency: r.currency ?? '',
    foundAt: new Date(r.found_at).toISOString(),
    resolvedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
  }));
}

/** Counts for the dashboard: findings still open (listed for the desk) and repairs in the last day. */
export async function reconcileCounts(db: Db): Promise<{ open: number; repairedToday: number }> {
  const [row] = await queryRows<{ open: number; repaired: number }>(
    db,
    sql`select (select count(*)::int from sb_reconcile_findings where resolved_at is null) as open,
               (select count(*)::int from sb_reconcile_findings where repaired and found_at > now() - interval '1 day') as repaired`,
  );
  return { open: Number(row?.open ?? 0), repairedToday: Number(row?.repaired ?? 0) };
}

/** The desk marks listed findings of these bets resolved (after looking into them). */
export async function resolveFindings(db: Db, ids: number[]): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_reconcile_findings set resolved_at = now() where id = any(${intArray(ids)}::int8[]) and resolved_at is null returning id`,
  );
  return rows.length;
}
