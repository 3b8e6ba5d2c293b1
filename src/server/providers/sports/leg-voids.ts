import { sql } from 'drizzle-orm';
import { type Fraction, frac } from '../../../shared/sports/fraction.ts';
import { type Db, type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { intArray } from '../../db/sql-array.ts';
import { sportsClock } from './clock.ts';
import { asksSecondOperator, betsPastTheStart, type DeskActor, proposeIn } from './proposals-store.ts';
import { bookSettings } from './settings.ts';
import { type Actor, LEG_HAS_RESULT } from './settlement.service.ts';
import { requestRun, workRun } from './settlement-runs.ts';
import type { LegVoidSource } from './sports.schema.ts';
import type { SportsWallet } from './sports-wallet.ts';

/**
 * Voids of single legs (SPORTSBOOK.md §7, `bet_cancel`): a cancel window for past-posting or a wrong
 * price, a whole bet cancelled by the desk, a member's break. A voided leg counts 1.00 (or settles at
 * its corrected price) for good: its bet's other legs stand, and no later result or correction of its
 * market can bring it back. Each void is written on the leg and asks for a settlement run over the bets.
 * The run reaches the bets cashed out whole too: a cash-out priced on a leg now voided (a past-posted bet
 * cashed out at once) is taken back, and the bet settles on its legs like any other (reevaluateBets).
 * Each void records its source (`void_source`): a take-back restores only its own kind, so the feed's
 * rollback_bet_cancel never brings back a bet the desk cancelled or a member's break voided.
 */
export interface LegVoid extends DeskActor {
  /** A palpable error's corrected price (the leg then settles on its market's result at this price). */
  correctedPrice?: Fraction;
}

/** Voids the legs (those not voided yet) and asks for a run over their bets; answers the bets touched. */
async function voidLegsIn(
  tx: Tx,
  legs: { bet_id: number; idx: number }[],
  how: LegVoid,
  source: LegVoidSource,
): Promise<{ bets: number[]; runId?: number }> {
  if (legs.length === 0) return { bets: [] };
  const rows = JSON.stringify(legs.map((l) => ({ bet_id: Number(l.bet_id), idx: Number(l.idx) })));
  const price = how.correctedPrice;
  const voided = await queryRows<{ bet_id: number }>(
    tx,
    sql`update sb_bet_legs l set void_kind = ${price ? 'reprice' : 'void'},
          void_price_num = ${price ? price.num.toString() : null}::int8, void_price_den = ${price ? price.den.toString() : null}::int8,
          void_reason = ${how.reason ?? null}, void_operator_id = ${how.operatorId ?? null}, voided_at = ${sportsClock.now()},
          void_source = ${source}
        from jsonb_to_recordset(${rows}::jsonb) as x(bet_id int8, idx int)
        where l.bet_id = x.bet_id and l.idx = x.idx and l.void_kind is null
        returning l.bet_id`,
  );
  const bets = [...new Set(voided.map((r) => Number(r.bet_id)))].sort((a, b) => a - b);
  if (bets.length === 0) return { bets };
  const runId = await requestRun(tx, {
    betIds: bets,
    reason: how.reason ?? 'void',
    actor: how,
    // The book's own voids take cash-outs back (cashout-takeback.ts); a member's break does not.
    reopensCashouts: source !== 'break',
  });
  return { bets, runId };
}

async function settleAfter(db: Db, wallet: SportsWallet, done: { bets: number[]; runId?: number }) {
  if (done.runId) await workRun(db, wallet, done.runId);
  return done.bets;
}

/** What a desk void did: the bets it voided and their run, or the proposal it became (or its refusal). */
type Voided = { bets: number[]; runId?: number; proposal?: number | string };

type WindowTarget = { eventId?: number; marketId?: number; selectionId?: number };

/** What refuses a desk's cancel window: reaching back past `cancelWindowMinutes`, a corrected price with no selection. */
export async function windowProblem(
  db: DbOrTx,
  target: WindowTarget,
  from: Date,
  how: LegVoid,
): Promise<string | undefined> {
  const { cancelWindowMinutes } = await bookSettings(db);
  const earliest = new Date(sportsClock.now().getTime() - cancelWindowMinutes * 60_000);
  if (from < earliest)
    return `a cancel window may reach back at most ${cancelWindowMinutes} minutes (to ${earliest.toISOString()})`;
  if (how.correctedPrice && !target.selectionId) return 'a corrected price applies to one selection: name it';
  return undefined;
}

/** A cancel window's terms as a proposal keeps them (times as ISO text, the corrected price as num/den). */
export const windowTerms = (target: WindowTarget, from: Date, to: Date, how: LegVoid) => ({
  from: from.toISOString(),
  to: to.toISOString(),
  marketId: target.marketId,
  selectionId: target.selectionId,
  correctedPrice: how.correctedPrice && `${how.correctedPrice.num}/${how.correctedPrice.den}`,
});

/** A proposal's corrected price back as the fraction it was. */
export function termsPrice(text: unknown): Fraction | undefined {
  const m = typeof text === 'string' ? /^(\d+)\/(\d+)$/.exec(text) : null;
  return m ? frac(BigInt(m[1]!), BigInt(m[2]!)) : undefined;
}

/**
 * A cancel window: the legs on the event (or one market, or one selection) of bets placed between `from`
 * and `to` are voided, or repriced to the corrected price, with the reason and operator recorded. The
 * window may reach back no further than the book's `cancelWindowMinutes`. Where the book asks a second
 * operator and the window reaches a bet with money settled or at stake in play (betsPastTheStart), the
 * whole window waits as a proposal and nothing is voided. Answers the bets touched, or a refusal.
 */
export async function cancelWindow(
  db: Db,
  wallet: SportsWallet,
  target: WindowTarget,
  from: Date,
  to: Date,
  how: LegVoid,
): Promise<{ ok: true; bets: number[]; proposal?: number } | { ok: false; reason: string }> {
  const problem = await windowProblem(db, target, from, how);
  if (problem) return { ok: false, reason: problem };
  const done = await db.transaction(async (tx): Promise<Voided> => {
    const legs = await windowLegs(tx, target, from, to);
    const betIds = [...new Set(legs.map((l) => Number(l.bet_id)))];
    if (!(await asksSecondOperator(tx, how.operatorId)) || !(await betsPastTheStart(tx, betIds)))
      return voidLegsIn(tx, legs, how, 'desk_window');
    const proposal = await proposeIn(
      tx,
      {
        kind: 'cancel_window',
        target: `sb-event:${target.eventId}`,
        eventId: target.eventId,
        marketId: target.marketId,
        detail: windowTerms(target, from, to, how),
      },
      how,
    );
    return { bets: [], proposal };
  });
  if (typeof done.proposal === 'string') return { ok: false, reason: done.proposal };
  return { ok: true, bets: await settleAfter(db, wallet, done), proposal: done.proposal };
}

/** The legs on the target (not voided yet) of bets placed in [from, to). */
async function windowLegs(tx: Tx, target: WindowTarget, from: Date, to: Date) {
  const where = target.selectionId
    ? sql`l.selection_id = ${target.selectionId}`
    : target.marketId
      ? sql`l.market_id = ${target.marketId}`
      : sql`l.event_id = ${target.eventId ?? 0}`;
  return queryRows<{ bet_id: number; idx: number }>(
    tx,
    sql`select l.bet_id, l.idx from sb_bet_legs l join sb_bets b on b.id = l.bet_id
        where ${where} and b.placed_at >= ${from} and b.placed_at < ${to} and b.status <> 'refused'
          and l.void_kind is null
        order by l.bet_id limit 100000`,
  );
}

/**
 * Voids (or reprices) the legs on the target of bets placed in [from, to) within the caller's
 * transaction, asking for their run; a feed's bet_cancel carries its own window, the desk's is checked
 * against `cancelWindowMinutes` first (cancelWindow). `source` says whose window it is ('feed' or
 * 'desk_window'): only that side's rollback takes it back.
 */
export async function voidWindowIn(
  tx: Tx,
  target: WindowTarget,
  from: Date,
  to: Date,
  how: LegVoid,
  source: 'feed' | 'desk_window',
): Promise<{ bets: number[]; runId?: number }> {
  return voidLegsIn(tx, await windowLegs(tx, target, from, to), how, source);
}

/**
 * Takes a cancel back (the feed model's `rollback_bet_cancel`, or the desk's rollback of its own cancel
 * window): the legs on the market voided by that same source for bets placed between `from` and `to`
 * count again on their market's result; their bets follow. A leg voided otherwise (the desk cancelling
 * the bet, a member's break, the other side's window) stays void. Answers the bets touched.
 */
export async function rollbackLegVoids(
  db: Db,
  wallet: SportsWallet,
  target: { marketId: number },
  from: Date,
  to: Date,
  actor: Actor,
  source: 'feed' | 'desk_window',
): Promise<number[]> {
  const done = await db.transaction((tx) => rollbackLegVoidsIn(tx, target, from, to, actor, source));
  return settleAfter(db, wallet, done);
}

/**
 * The desk takes back its own cancel window on a market (rollbackLegVoids, `desk_window` voids only).
 * The legs counting again pays winners again or takes refunds back, so where the book asks a second
 * operator and a bet it reaches has money settled or at stake in play (betsPastTheStart, the cancel
 * window's own rule), the whole rollback waits as a proposal and nothing counts again until another
 * operator confirms it (desk-proposals.ts). Answers the bets touched, or the proposal, or a refusal.
 */
export async function rollbackCancelWindow(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  from: Date,
  to: Date,
  how: DeskActor,
): Promise<{ ok: true; bets: number[]; proposal?: number } | { ok: false; reason: string }> {
  const done = await db.transaction(async (tx): Promise<Voided> => {
    const target = { marketId };
    if (
      !(await asksSecondOperator(tx, how.operatorId)) ||
      !(await betsPastTheStart(tx, await voidedBetsIn(tx, target, from, to, 'desk_window')))
    )
      return rollbackLegVoidsIn(tx, target, from, to, how, 'desk_window');
    const proposal = await proposeIn(
      tx,
      {
        kind: 'rollback_cancel',
        target: `sb-market:${marketId}`,
        marketId,
        detail: { from: from.toISOString(), to: to.toISOString() },
      },
      how,
    );
    return { bets: [], proposal };
  });
  if (typeof done.proposal === 'string') return { ok: false, reason: done.proposal };
  return { ok: true, bets: await settleAfter(db, wallet, done), proposal: done.proposal };
}

/** The bets with a leg on the market voided by `source`, placed in [from, to): those a rollback reaches. */
async function voidedBetsIn(
  tx: Tx,
  target: { marketId: number },
  from: Date,
  to: Date,
  source: 'feed' | 'desk_window',
): Promise<number[]> {
  const rows = await queryRows<{ bet_id: number }>(
    tx,
    sql`select distinct l.bet_id from sb_bet_legs l join sb_bets b on b.id = l.bet_id
        where l.market_id = ${target.marketId} and l.void_source = ${source}
          and b.placed_at >= ${from} and b.placed_at < ${to}`,
  );
  return rows.map((r) => Number(r.bet_id));
}

/** rollbackLegVoids within the caller's transaction: the legs count again, and their bets' run is asked for. */
export async function rollbackLegVoidsIn(
  tx: Tx,
  target: { marketId: number },
  from: Date,
  to: Date,
  actor: Actor,
  source: 'feed' | 'desk_window',
): Promise<{ bets: number[]; runId?: number }> {
  const rows = await queryRows<{ bet_id: number }>(
    tx,
    sql`update sb_bet_legs l set void_kind = null, void_price_num = null, void_price_den = null, void_reason = null,
          void_operator_id = null, voided_at = null, void_source = null
        from sb_bets b
        where b.id = l.bet_id and l.market_id = ${target.marketId} and l.void_source = ${source}
          and b.placed_at >= ${from} and b.placed_at < ${to}
        returning l.bet_id`,
  );
  const bets = [...new Set(rows.map((r) => Number(r.bet_id)))].sort((a, b) => a - b);
  if (bets.length === 0) return { bets };
  const runId = await requestRun(tx, {
    betIds: bets,
    reason: actor.reason ?? 'cancel rolled back',
    actor,
    restoresCashouts: true,
  });
  return { bets, runId };
}

/**
 * The desk cancels a whole bet: every leg void (a refused bet has nothing to cancel). Where the book
 * asks a second operator and the bet has money settled or at stake in play (betsPastTheStart), the
 * cancel waits as a proposal and nothing is voided. Answers the bets touched (none, or this one).
 */
export async function cancelBet(
  db: Db,
  wallet: SportsWallet,
  betId: number,
  how: DeskActor,
): Promise<{ ok: true; bets: number[]; proposal?: number } | { ok: false; reason: string }> {
  const done = await db.transaction(async (tx): Promise<Voided> => {
    if (!(await asksSecondOperator(tx, how.operatorId)) || !(await betsPastTheStart(tx, [betId])))
      return cancelBetIn(tx, betId, how);
    const proposal = await proposeIn(tx, { kind: 'cancel_bet', target: `sb-bet:${betId}`, betId }, how);
    return { bets: [], proposal };
  });
  if (typeof done.proposal === 'string') return { ok: false, reason: done.proposal };
  return { ok: true, bets: await settleAfter(db, wallet, done), proposal: done.proposal };
}

/** Voids every leg of a bet not voided yet within the caller's transaction, asking for its run. */
export async function cancelBetIn(tx: Tx, betId: number, how: DeskActor) {
  const legs = await queryRows<{ bet_id: number; idx: number }>(
    tx,
    sql`select l.bet_id, l.idx from sb_bet_legs l join sb_bets b on b.id = l.bet_id
        where l.bet_id = ${betId} and b.status <> 'refused' and l.void_kind is null
        order by l.idx`,
  );
  return voidLegsIn(tx, legs, how, 'desk_bet');
}

/**
 * A member's break or self-exclusion on a site that cancels open sports bets then: only bets none of
 * whose legs has a result yet are cancelled (every leg void); a bet already partly decided stands, so a
 * break is never a way out of a bet going badly. The legs' markets are read under a share lock, so a
 * result being entered meanwhile is seen. Answers the bets cancelled.
 */
export async function cancelUndecidedBetsOf(
  db: Db,
  wallet: SportsWallet,
  playerId: string,
  reason: string,
): Promise<number[]> {
  const done = await db.transaction(async (tx) => {
    const bets = await queryRows<{ id: number }>(
      tx,
      sql`select id from sb_bets where player_id = ${playerId} and status = 'open' order by id limit 1000 for update`,
    );
    if (bets.length === 0) return { bets: [] };
    const ids = intArray(bets.map((b) => Number(b.id)));
    await tx.execute(
      sql`select m.id from sb_markets m where m.id in (select market_id from sb_bet_legs where bet_id = any(${ids}::int8[]))
          order by m.id for share`,
    );
    const legs = await queryRows<{ bet_id: number; idx: number }>(
      tx,
      sql`select l.bet_id, l.idx from sb_bet_legs l
          where l.bet_id = any(${ids}::int8[]) and not exists (
            select 1 from sb_bet_legs d join sb_markets m on m.id = d.market_id
            where d.bet_id = l.bet_id and (${LEG_HAS_RESULT} or d.void_kind is not null))
          order by l.bet_id, l.idx`,
    );
    // A break is never a way out of a bet going badly: a cash-out the member took stands.
    return voidLegsIn(tx, legs, { operatorId: null, reason }, 'break');
  });
  return settleAfter(db, wallet, done);
}
