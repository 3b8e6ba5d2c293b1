import { sql } from 'drizzle-orm';
import type { MarketResult } from '../../../shared/sports/markets.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { settleOpenBets } from './bulk-settlement.service.ts';
import { sportsClock } from './clock.ts';
import { payoutQueue } from './payout-queue.ts';
import { bookSettings } from './settings.ts';
import { type Actor, betsOnMarket, cancelBet, resettleBet, unsettleBet } from './settlement.service.ts';
import type { SportsWallet } from './sports-wallet.ts';
import { unpaidSteps } from './wallet-step.ts';
import { flushWallet } from './wallet-sync.ts';

/**
 * Results and the bets they settle. A result is entered by one operator (or a feed) and, where the
 * site asks for it, confirmed by a second before any bet settles on it.
 */
export type ResultAnswer =
  | { ok: true; state: 'entered' | 'confirmed'; settled: number }
  | { ok: false; reason: string };

/** Bets settled per transaction. */
const PAGE = 500;
/** Steps recorded but not yet answered before the next page waits: about two pages ahead. */
const AHEAD = 1_000;

/**
 * Runs a step over every bet on the market in one of `statuses`, a page at a time (the legs' market
 * index), its wallet calls streamed out by one payout queue while the next pages are recorded, so
 * the wallet is kept busy without a pause between pages. `step` takes a page and answers how many it
 * changed.
 */
async function settleAll(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  step: (ids: number[]) => Promise<number>,
  statuses: string[],
) {
  let count = 0;
  const bets = await betsOnMarket(db, marketId, statuses);
  // Bets placed in a burst since autovacuum last sampled these tables leave the planner thinking a
  // page's 500 ids match most of the table, and every page then scanned it whole: sample them first.
  if (bets.length > PAGE) await db.execute(sql`analyze sb_bets, sb_bet_legs`);
  const queue = payoutQueue(db, wallet);
  try {
    for (let from = 0; from < bets.length; from += PAGE) {
      const ids = bets.slice(from, from + PAGE);
      count += await step(ids);
      // Each bet lives in one page only, so its steps are queued once, in order.
      for (const steps of await unpaidSteps(db, { betIds: ids, limit: ids.length * 4 })) queue.push(steps);
      await queue.roomFor(AHEAD);
    }
  } finally {
    // Unsent steps stay unpaid: the housekeeping pass sends them again.
    await queue.drain();
  }
  return count;
}

/** One bet at a time (corrections: each its own transaction and wallet call). */
const eachBet = (step: (id: number) => Promise<boolean>) => async (ids: number[]) => {
  let count = 0;
  for (const id of ids) if (await step(id)) count++;
  return count;
};
const settlePage = (db: Db) => (ids: number[]) => settleOpenBets(db, ids);

export async function enterResult(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  result: MarketResult,
  by: { source: string; operatorId?: number | null },
): Promise<ResultAnswer> {
  const settings = await bookSettings(db);
  const needsSecond = settings.confirmResults && by.operatorId != null;
  const state = needsSecond ? 'entered' : 'confirmed';
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_markets set result = ${JSON.stringify(result)}::jsonb, result_state = ${state}, result_source = ${by.source},
          result_at = ${sportsClock.now()}, result_entered_by = ${by.operatorId ?? null}, result_confirmed_by = null,
          status = case when ${state} = 'confirmed' then 'settled' else 'suspended' end, version = version + 1
        where id = ${marketId} and result_state <> 'confirmed' and status <> 'cancelled' returning id`,
  );
  if (rows.length === 0)
    return { ok: false, reason: 'the market is unknown, cancelled or already has a confirmed result' };
  const settled = state === 'confirmed' ? await settleAll(db, wallet, marketId, settlePage(db), ['open']) : 0;
  return { ok: true, state, settled };
}

/** A second operator confirms the result another entered; then its bets settle. */
export async function confirmResult(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  operatorId: number,
): Promise<ResultAnswer> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_markets set result_state = 'confirmed', result_confirmed_by = ${operatorId}, status = 'settled'
        where id = ${marketId} and result_state = 'entered' and result_entered_by is distinct from ${operatorId} returning id`,
  );
  if (rows.length === 0)
    return {
      ok: false,
      reason: 'no result waiting for a second operator (the one who entered it cannot confirm it)',
    };
  return {
    ok: true,
    state: 'confirmed',
    settled: await settleAll(db, wallet, marketId, settlePage(db), ['open']),
  };
}

/** A corrected result: settled bets are resettled on it, open bets settle. */
export async function correctResult(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  result: MarketResult,
  actor: Actor & { source: string },
): Promise<ResultAnswer> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_markets set result = ${JSON.stringify(result)}::jsonb, result_source = ${actor.source}, result_at = ${sportsClock.now()},
          result_entered_by = ${actor.operatorId ?? null}, version = version + 1
        where id = ${marketId} and result_state = 'confirmed' returning id`,
  );
  if (rows.length === 0) return { ok: false, reason: 'the market has no confirmed result to correct' };
  const resettled = await settleAll(
    db,
    wallet,
    marketId,
    eachBet((id) => resettleBet(db, id, actor)),
    ['settled', 'void'],
  );
  const settled = await settleAll(db, wallet, marketId, settlePage(db), ['open']);
  return { ok: true, state: 'confirmed', settled: resettled + settled };
}

/** Takes a market's result back: its settled bets are unsettled and wait for a new result. */
export async function unsettleMarket(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  actor: Actor,
): Promise<ResultAnswer> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sb_markets set result = null, result_state = 'none', result_source = null, result_at = null,
          result_entered_by = null, result_confirmed_by = null, status = 'suspended', version = version + 1
        where id = ${marketId} and result_state <> 'none' returning id`,
  );
  if (rows.length === 0) return { ok: false, reason: 'the market has no result' };
  return {
    ok: true,
    state: 'entered',
    settled: await settleAll(
      db,
      wallet,
      marketId,
      eachBet((id) => unsettleBet(db, id, actor)),
      ['settled', 'void'],
    ),
  };
}

/**
 * A cancel window: every bet on the event (or one market) placed between `from` and `to` is void,
 * with the reason and operator recorded (past-posting, a wrong price).
 */
export async function cancelWindow(
  db: Db,
  wallet: SportsWallet,
  target: { eventId?: number; marketId?: number },
  from: Date,
  to: Date,
  actor: Actor,
): Promise<number> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select distinct b.id from sb_bet_legs l join sb_bets b on b.id = l.bet_id
        where ${target.marketId ? sql`l.market_id = ${target.marketId}` : sql`l.event_id = ${target.eventId ?? 0}`}
          and b.placed_at >= ${from} and b.placed_at < ${to} and b.status in ('open', 'settled')
        order by b.id limit 10000`,
  );
  let count = 0;
  for (const { id } of ids) if (await cancelBet(db, Number(id), actor)) count++;
  await flushWallet(
    db,
    wallet,
    ids.map((r) => Number(r.id)),
  );
  return count;
}
