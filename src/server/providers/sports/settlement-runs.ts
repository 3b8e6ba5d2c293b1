import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { runAgainOnRace } from '../../db/run-again.ts';
import { intArray } from '../../db/sql-array.ts';
import { payoutQueue } from './payout-queue.ts';
import { type Actor, reevaluateBets } from './settlement.service.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { unpaidSteps } from './wallet-step.ts';

/**
 * Durable settlement. Whatever changes what a bet's legs say (a result, a correction, a void) asks, in
 * its own transaction, for a run over the bets concerned: a market's (every settleable bet with a leg
 * on it) or a list. A run is worked a page at a time; each page's steps and the run's cursor commit
 * together, so a crash loses at most the page in flight, and whoever takes the run next (the request
 * that asked for it, or housekeeping once its lease has lapsed) carries on from the cursor. Working a
 * page twice changes nothing (reevaluateBets is idempotent), so two workers can never pay a bet twice.
 */
export interface RunRequest {
  marketId?: number;
  betIds?: number[];
  reason: string;
  actor?: Actor;
  /** A void of legs asked for it: the bets cashed out whole among its bets have their cash-out taken back. */
  reopensCashouts?: boolean;
  /** A cancel taken back asked for it: the cash-outs that cancel took back are given back. */
  restoresCashouts?: boolean;
}

/** Bets per page (one transaction). */
const PAGE = 500;
/** Steps recorded but not yet answered before the next page waits: about two pages ahead. */
const AHEAD = 1_000;
/** A worker holds its run this long past its last page; then another may take it over. */
const LEASE_SECONDS = 15;

interface RunRow {
  id: number;
  market_id: number | null;
  bet_ids: number[] | null;
  reason: string;
  after_bet_id: number;
  operator_id: number | null;
  actor_reason: string | null;
  reopens_cashouts: boolean;
  restores_cashouts: boolean;
}

/** Asks for a run, in the transaction that made it necessary. Answers its id. */
export async function requestRun(tx: Tx, run: RunRequest): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into sb_settlement_runs (market_id, bet_ids, reason, operator_id, actor_reason, reopens_cashouts, restores_cashouts)
        values (${run.marketId ?? null}, ${run.betIds ? intArray(run.betIds) : null}::int8[], ${run.reason},
          ${run.actor?.operatorId ?? null}, ${run.actor?.reason ?? null}, ${run.reopensCashouts === true}, ${run.restoresCashouts === true}) returning id`,
  );
  return Number(row!.id);
}

/** Takes a run not done whose lease is free (or lapsed), for LEASE_SECONDS. */
async function claim(db: Db, runId: number): Promise<RunRow | undefined> {
  const [row] = await queryRows<RunRow>(
    db,
    sql`update sb_settlement_runs set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = ${runId} and done_at is null and (lease_until is null or lease_until < now())
        returning id, market_id, bet_ids, reason, after_bet_id, operator_id, actor_reason, reopens_cashouts, restores_cashouts`,
  );
  return row;
}

/** The next page of a run's bets after its cursor, in id order. */
async function nextPage(db: Db, run: RunRow, after: number): Promise<number[]> {
  const rows = run.market_id
    ? await queryRows<{ id: number }>(
        db,
        sql`select l.bet_id as id from sb_bet_legs l join sb_bets b on b.id = l.bet_id
            where l.market_id = ${run.market_id} and l.bet_id > ${after} and b.status in ('open', 'settled', 'void')
            order by l.bet_id limit ${PAGE}`,
      )
    : (run.bet_ids ?? [])
        .map(Number)
        .filter((id) => id > after)
        .sort((a, b) => a - b)
        .slice(0, PAGE)
        .map((id) => ({ id }));
  // A bet has one leg per event, so one per market: no id repeats.
  return rows.map((r) => Number(r.id));
}

/**
 * Works one run to its end (or until another worker holds it), its wallet calls streamed out while the
 * next pages are written. Answers how many bets took a step, or undefined if the run was not free.
 */
export async function workRun(db: Db, wallet: SportsWallet, runId: number): Promise<number | undefined> {
  const run = await claim(db, runId);
  if (!run) return undefined;
  const actor: Actor = { operatorId: run.operator_id, reason: run.actor_reason };
  const queue = payoutQueue(db, wallet);
  let after = Number(run.after_bet_id);
  let settled = 0;
  try {
    for (let first = true; ; first = false) {
      const ids = await nextPage(db, run, after);
      if (ids.length === 0) break;
      // Bets placed in a burst since autovacuum last sampled these tables leave the planner thinking a
      // page's ids match most of the table, and every page then scanned it whole: sample them first.
      if (first && ids.length === PAGE) await db.execute(sql`analyze sb_bets, sb_bet_legs`);
      after = ids.at(-1)!;
      // A page PostgreSQL broke off as a deadlock is worked again: it reads again all it decides on.
      const count = await runAgainOnRace(() =>
        db.transaction(async (tx) => {
          const n = (
            await reevaluateBets(tx, ids, actor, {
              reopenCashouts: run.reopens_cashouts,
              restoreCashouts: run.restores_cashouts,
            })
          ).length;
          await tx.execute(
            sql`update sb_settlement_runs set after_bet_id = greatest(after_bet_id, ${after}), settled = settled + ${n},
                lease_until = now() + make_interval(secs => ${LEASE_SECONDS}) where id = ${run.id}`,
          );
          return n;
        }),
      );
      settled += count;
      for (const steps of await unpaidSteps(db, { betIds: ids, limit: ids.length * 4 })) queue.push(steps);
      await queue.roomFor(AHEAD);
    }
    await db.execute(
      sql`update sb_settlement_runs set done_at = now(), lease_until = null where id = ${run.id}`,
    );
  } finally {
    // Unsent steps stay unpaid: the housekeeping pass sends them again.
    await queue.drain();
  }
  return settled;
}

/** Works every run not done whose lease is free, oldest first (housekeeping, and after a request's own run). */
export async function workPendingRuns(db: Db, wallet: SportsWallet, limit = 20): Promise<number> {
  const runs = await queryRows<{ id: number }>(
    db,
    sql`select id from sb_settlement_runs where done_at is null and (lease_until is null or lease_until < now())
        order by id limit ${limit}`,
  );
  let settled = 0;
  for (const { id } of runs) settled += (await workRun(db, wallet, Number(id))) ?? 0;
  return settled;
}

/** The desk settles (or settles again) these bets from their legs as they stand now. Answers the bets that took a step. */
export async function settleBets(
  db: Db,
  wallet: SportsWallet,
  betIds: number[],
  actor: Actor,
): Promise<number> {
  const runId = await db.transaction((tx) =>
    requestRun(tx, { betIds, reason: actor.reason ?? 'desk', actor }),
  );
  return (await workRun(db, wallet, runId)) ?? 0;
}

/** Runs not finished: the desk's and the dashboard's view of settlement still under way. */
export async function unfinishedRuns(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sb_settlement_runs where done_at is null`,
  );
  return Number(row?.n ?? 0);
}
