import { type SQL, sql } from 'drizzle-orm';
import { type MarketResult, type MarketType, WINNER_TYPES } from '../../../shared/sports/markets.ts';
import { type Db, type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { sportsClock } from './clock.ts';
import { lineProblem } from './market-lines.ts';
import { asksSecondOperator, type DeskActor, proposeIn } from './proposals-store.ts';
import { type RunRequest, requestRun, workRun } from './settlement-runs.ts';
import type { SportsWallet } from './sports-wallet.ts';

/**
 * Results and the bets they settle. A result is entered by one operator (or a feed) and, where the
 * site asks for it (`confirmResults`), confirmed by a second before any bet settles on it; a correction
 * of a confirmed result likewise waits, as a proposal, while the result in force stays in force. Every
 * change asks for a settlement run in its own transaction (settlement-runs.ts), then works it.
 */
export type ResultAnswer =
  | { ok: true; state: 'entered' | 'confirmed' | 'proposed'; settled: number; proposal?: number }
  | { ok: false; reason: string };

/** Who changes a result: a feed (no operator: final at once) or an operator (a second may be needed). */
export type ResultBy = DeskActor & { source: string };

/** Commits a change with the run it needs, then works the run here (housekeeping resumes it after a crash). */
async function changeThenSettle(
  db: Db,
  wallet: SportsWallet,
  change: (tx: Tx) => Promise<RunRequest | string | undefined>,
): Promise<ResultAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const run = await change(tx);
    if (typeof run === 'string') return run;
    return run ? await requestRun(tx, run) : 0;
  });
  if (typeof outcome === 'string') return { ok: false, reason: outcome };
  const settled = outcome ? ((await workRun(db, wallet, outcome)) ?? 0) : 0;
  return { ok: true, state: 'confirmed', settled };
}

const needsSecond = (tx: Tx, by: ResultBy) => asksSecondOperator(tx, by.operatorId);

/**
 * Whether an operator's unsettle or void of the market moves money already settled on its confirmed
 * result (a voided market's included) where the book asks a second operator: then it waits as a
 * proposal (desk-proposals.ts). The market's row is locked, so no result is confirmed on it meanwhile.
 */
async function settledResultWaits(
  tx: Tx,
  marketId: number,
  kind: 'unsettle' | 'void',
  by: DeskActor,
): Promise<boolean> {
  const [m] = await queryRows<{ result_state: string; status: string }>(
    tx,
    sql`select result_state, status from sb_markets where id = ${marketId} for update`,
  );
  // A market already void is refused a second void at once (voidMarketIn).
  if (m?.result_state !== 'confirmed' || (kind === 'void' && m.status === 'cancelled')) return false;
  return asksSecondOperator(tx, by.operatorId);
}

/** Commits a market's unsettle or void, or its proposal where a second operator must confirm it. */
async function actOrPropose(
  db: Db,
  wallet: SportsWallet,
  proposal: { marketId: number; kind: 'unsettle' | 'void'; detail?: Record<string, unknown> },
  by: DeskActor,
  act: (tx: Tx) => Promise<RunRequest | string>,
): Promise<ResultAnswer> {
  const { marketId } = proposal;
  let made: number | undefined;
  const answer = await changeThenSettle(db, wallet, async (tx) => {
    if (!(await settledResultWaits(tx, marketId, proposal.kind, by))) return act(tx);
    const id = await proposeIn(tx, { ...proposal, target: `sb-market:${marketId}` }, by);
    if (typeof id === 'string') return id;
    made = id;
    return undefined;
  });
  if (!answer.ok || made === undefined) return answer;
  return { ...answer, state: 'proposed', proposal: made };
}

/** What entering or correcting a result does in its transaction: the state it leaves and the run it needs, or a refusal. */
export type ResultChange = { state: 'entered' | 'confirmed'; run?: RunRequest } | string;

/** Commits an entry or correction and settles what it asks for; the answer carries the state it left. */
async function changeResultThenSettle(
  db: Db,
  wallet: SportsWallet,
  change: (tx: Tx) => Promise<ResultChange>,
): Promise<ResultAnswer> {
  let state: 'entered' | 'confirmed' = 'confirmed';
  const answer = await changeThenSettle(db, wallet, async (tx) => {
    const changed = await change(tx);
    if (typeof changed === 'string') return changed;
    state = changed.state;
    return changed.run;
  });
  return answer.ok ? { ...answer, state } : answer;
}

/** Checks a result fits its market (a line market takes only a line it can settle). */
async function resultProblem(tx: Tx, marketId: number, result: MarketResult): Promise<string | undefined> {
  const [m] = await queryRows<{ type: string; params: { line?: string } }>(
    tx,
    sql`select type, params from sb_markets where id = ${marketId}`,
  );
  if (!m) return 'the market is unknown';
  if (result.kind === 'void') return undefined;
  const byWinners = WINNER_TYPES.includes(m.type as MarketType);
  // A feed's per-selection settlement (void and dead-heat factors) fits every market.
  if (result.kind !== 'outcomes' && (byWinners ? result.kind !== 'winners' : result.kind !== 'score'))
    return byWinners ? 'this market takes its winners' : 'this market takes a score';
  if (result.kind === 'winners') return winnersProblem(tx, marketId, result.winners);
  return lineProblem(m.type, m.params);
}

/**
 * Winners the desk names must be the market's own selections, each once, with dead-heat factors above 0
 * and at most 1: a mistyped key settled every bet on the market as lost, a winner named twice or a
 * factor above 1 paid more than the price.
 */
async function winnersProblem(
  tx: Tx,
  marketId: number,
  winners: { key: string; deadHeat?: string }[],
): Promise<string | undefined> {
  const keys = winners.map((w) => w.key);
  if (new Set(keys).size !== keys.length) return 'a winner is named twice';
  const known = await queryRows<{ key: string }>(
    tx,
    sql`select key from sb_selections where market_id = ${marketId}
          and key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
  );
  const unknown = keys.filter((k) => !known.some((s) => s.key === k));
  if (unknown.length > 0) return `not a selection of this market: ${unknown.join(', ')}`;
  for (const w of winners) {
    const [num, den] = (w.deadHeat ?? '1/1').split('/').map(Number) as [number, number];
    if (!(num > 0 && den > 0 && num <= den)) return `a dead-heat factor is above 0 and at most 1 (${w.key})`;
  }
  return undefined;
}

/**
 * Whether a result decides every selection of the market: a score, winners or void do; a feed's
 * outcomes only once each selection is listed. A market settled in part goes on trading its other
 * outcomes while the feed keeps it active (the ones settled are closed, uof-apply.ts).
 */
const decidesAll = (marketId: number, result: SQL) =>
  sql`(${result}->>'kind' is distinct from 'outcomes' or not exists (
        select 1 from sb_selections s where s.market_id = ${marketId}
          and not (${result}->'outcomes' @> jsonb_build_array(jsonb_build_object('key', s.key)))))`;

/** A market's status once a result is in force on it: settled when it decides all, else trading as it was. */
const statusInForce = (marketId: number, result: SQL) =>
  sql`case when status not in ('open', 'suspended') then status when ${decidesAll(marketId, result)} then 'settled' else status end`;

/** Enters a result: settled at once, or waiting for a second operator (`state: 'entered'`). */
export const enterResult = (
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  result: MarketResult,
  by: ResultBy,
) => changeResultThenSettle(db, wallet, (tx) => enterResultIn(tx, marketId, result, by));

/** Enters a result within the caller's transaction: the run it needs (when confirmed), or a refusal. */
export async function enterResultIn(
  tx: Tx,
  marketId: number,
  result: MarketResult,
  by: ResultBy,
): Promise<ResultChange> {
  const problem = await resultProblem(tx, marketId, result);
  if (problem) return problem;
  const state = (await needsSecond(tx, by)) ? 'entered' : 'confirmed';
  const json = sql`${JSON.stringify(result)}::jsonb`;
  // A feed settling over an operator's entry still waiting for its second operator: the feed's word is in
  // force at once, and the entry waits on as a proposed correction of it (confirmResult).
  const overEntry = sql`(${by.operatorId == null}::boolean and result_state = 'entered' and result_entered_by is not null)`;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update sb_markets set result = ${json}, result_state = ${state}, result_source = ${by.source},
          result_at = ${sportsClock.now()}, result_entered_by = ${by.operatorId ?? null}, result_confirmed_by = null,
          proposed_result = case when ${overEntry} then result else proposed_result end,
          proposed_by = case when ${overEntry} then result_entered_by else proposed_by end,
          proposed_reason = case when ${overEntry} then 'entered before the feed settled the market' else proposed_reason end,
          status = case when ${state} = 'confirmed' then ${statusInForce(marketId, json)} else 'suspended' end,
          feed_disagrees = null, version = version + 1
        where id = ${marketId} and result_state <> 'confirmed' and status <> 'cancelled' returning id`,
  );
  if (rows.length === 0)
    return 'the market is cancelled or already has a confirmed result (correct it instead)';
  return state === 'confirmed' ? { state, run: { marketId, reason: 'result', actor: by } } : { state };
}

/** A second operator confirms the result, or the correction, another entered; then its bets settle. */
export async function confirmResult(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  operatorId: number,
): Promise<ResultAnswer> {
  return changeThenSettle(db, wallet, async (tx) => {
    const entered = await queryRows<{ id: number }>(
      tx,
      sql`update sb_markets set result_state = 'confirmed', result_confirmed_by = ${operatorId}, status = 'settled',
            feed_disagrees = null
          where id = ${marketId} and result_state = 'entered' and result_entered_by is distinct from ${operatorId} returning id`,
    );
    if (entered.length > 0) return { marketId, reason: 'result confirmed', actor: { operatorId } };
    const [proposal] = await queryRows<{ proposed_reason: string | null }>(
      tx,
      sql`select proposed_reason from sb_markets
          where id = ${marketId} and result_state = 'confirmed' and proposed_result is not null
            and proposed_by is distinct from ${operatorId} for update`,
    );
    if (!proposal)
      return 'no result or correction waiting for a second operator (the one who entered it cannot confirm it)';
    await tx.execute(
      sql`update sb_markets set result = proposed_result, result_source = 'desk', result_at = ${sportsClock.now()},
            result_entered_by = proposed_by, result_confirmed_by = ${operatorId}, version = version + 1,
            status = ${statusInForce(marketId, sql`proposed_result`)},
            proposed_result = null, proposed_by = null, proposed_reason = null, before_void = null, feed_disagrees = null
          where id = ${marketId}`,
    );
    return {
      marketId,
      reason: 'correction confirmed',
      actor: { operatorId, reason: proposal.proposed_reason },
    };
  });
}

/**
 * An operator rejects the correction waiting on a market (its proposer withdraws it): the result in
 * force stands and nothing moves. Answers who proposed it, or a refusal.
 */
export async function rejectCorrection(
  db: DbOrTx,
  marketId: number,
): Promise<{ ok: true; proposedBy: number | null } | { ok: false; reason: string }> {
  const [row] = await queryRows<{ proposed_by: number | null }>(
    db,
    sql`update sb_markets m set proposed_result = null, proposed_by = null, proposed_reason = null
        from (select id, proposed_by from sb_markets where id = ${marketId} for update) old
        where m.id = old.id and m.proposed_result is not null returning old.proposed_by`,
  );
  if (!row) return { ok: false, reason: 'no correction waits on this market' };
  return { ok: true, proposedBy: row.proposed_by === null ? null : Number(row.proposed_by) };
}

/** A corrected result: the market's bets follow it (resettled, settled, or unsettled where it leaves them open). */
export const correctResult = (
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  result: MarketResult,
  by: ResultBy,
) => changeResultThenSettle(db, wallet, (tx) => correctResultIn(tx, marketId, result, by));

/** Corrects a confirmed result within the caller's transaction (or proposes it, where a second operator must confirm). */
export async function correctResultIn(
  tx: Tx,
  marketId: number,
  result: MarketResult,
  by: ResultBy,
): Promise<ResultChange> {
  const problem = await resultProblem(tx, marketId, result);
  if (problem) return problem;
  if (await needsSecond(tx, by)) {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update sb_markets set proposed_result = ${JSON.stringify(result)}::jsonb, proposed_by = ${by.operatorId ?? null},
            proposed_reason = ${by.reason ?? null}
          where id = ${marketId} and result_state = 'confirmed' returning id`,
    );
    return rows.length === 0 ? 'the market has no confirmed result to correct' : { state: 'entered' };
  }
  const json = sql`${JSON.stringify(result)}::jsonb`;
  // A feed's correction leaves an operator's correction waiting for its second operator as it is.
  const fromFeed = sql`${by.operatorId == null}::boolean`;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update sb_markets set result = ${json}, result_source = ${by.source}, result_at = ${sportsClock.now()},
          result_entered_by = ${by.operatorId ?? null}, version = version + 1, status = ${statusInForce(marketId, json)},
          proposed_result = case when ${fromFeed} then proposed_result end,
          proposed_by = case when ${fromFeed} then proposed_by end,
          proposed_reason = case when ${fromFeed} then proposed_reason end,
          before_void = null, feed_disagrees = null
        where id = ${marketId} and result_state = 'confirmed' returning id`,
  );
  if (rows.length === 0) return 'the market has no confirmed result to correct';
  return { state: 'confirmed', run: { marketId, reason: 'correction', actor: by } };
}

/**
 * Writes the confirmed result again with no bet's outcome changed (a feed confirming what it said, only
 * its certainty higher): no new version, no settlement run.
 */
export async function restateResultIn(tx: Tx, marketId: number, result: MarketResult): Promise<void> {
  await tx.execute(
    sql`update sb_markets set result = ${JSON.stringify(result)}::jsonb where id = ${marketId} and result_state = 'confirmed'`,
  );
}

/**
 * Takes a market's result back: its settled bets are unsettled and wait for a new result. An operator's
 * unsettle of a confirmed result waits for a second operator where the book asks for one (`proposed`).
 */
export async function unsettleMarket(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  actor: DeskActor,
): Promise<ResultAnswer> {
  const answer = await actOrPropose(db, wallet, { marketId, kind: 'unsettle' }, actor, (tx) =>
    unsettleMarketIn(tx, marketId, actor),
  );
  return answer.ok && answer.state !== 'proposed' ? { ...answer, state: 'entered' } : answer;
}

/** Takes a market's result (a void included) back within the caller's transaction; it waits suspended. */
export async function unsettleMarketIn(
  tx: Tx,
  marketId: number,
  actor: DeskActor,
): Promise<RunRequest | string> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update sb_markets set result = null, result_state = 'none', result_source = null, result_at = null,
          result_entered_by = null, result_confirmed_by = null, proposed_result = null, proposed_by = null,
          status = 'suspended', before_void = null, feed_disagrees = null, version = version + 1
        where id = ${marketId} and result_state <> 'none' returning id`,
  );
  if (rows.length === 0) return 'the market has no result';
  return { marketId, reason: 'unsettled', actor };
}

/**
 * The feed takes its result back (rollback_bet_settlement) while an operator's correction of it waits
 * for a second operator: the correction becomes the market's entered result, still waiting for that
 * confirmation, and the bets the feed's result settled are unsettled. Without one, unsettleMarketIn.
 */
export async function unsettleToProposalIn(
  tx: Tx,
  marketId: number,
  actor: DeskActor,
): Promise<RunRequest | string> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update sb_markets set result = proposed_result, result_state = 'entered', result_source = 'desk',
          result_at = ${sportsClock.now()}, result_entered_by = proposed_by, result_confirmed_by = null,
          proposed_result = null, proposed_by = null, proposed_reason = null, status = 'suspended',
          before_void = null, feed_disagrees = null, version = version + 1
        where id = ${marketId} and result_state = 'confirmed' and proposed_result is not null returning id`,
  );
  if (rows.length === 0) return unsettleMarketIn(tx, marketId, actor);
  return { marketId, reason: 'unsettled', actor };
}

/**
 * Voids a market (a feed's cancel, an abandoned event): its result becomes void, whether it had none or
 * one already (its bets then follow, paid bets resettled to their stake), and it is cancelled. A result
 * it had is kept in `before_void` for the feed's rollback of its own cancel (restoreBeforeVoidIn); the
 * desk's voids and an abandoned event's are not the feed's to take back, and a correction since
 * forgets it. An operator's void of a confirmed result (an upload's `cancel`) waits for a second
 * operator where the book asks for one, as a correction does.
 */
export async function voidMarket(
  db: Db,
  wallet: SportsWallet,
  marketId: number,
  by: ResultBy,
): Promise<ResultAnswer> {
  return actOrPropose(db, wallet, { marketId, kind: 'void', detail: { source: by.source } }, by, (tx) =>
    voidMarketIn(tx, marketId, by),
  );
}

export async function voidMarketIn(tx: Tx, marketId: number, by: ResultBy): Promise<RunRequest | string> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update sb_markets set result = '{"kind":"void"}'::jsonb, result_state = 'confirmed', result_source = ${by.source},
          result_at = ${sportsClock.now()}, result_entered_by = ${by.operatorId ?? null},
          proposed_result = case when ${by.operatorId == null}::boolean then proposed_result end,
          proposed_by = case when ${by.operatorId == null}::boolean then proposed_by end,
          status = 'cancelled', feed_disagrees = null, version = version + 1,
          before_void = case when result_state = 'none' or ${!by.source.startsWith('feed:')}::boolean then null else jsonb_build_object(
            'result', result, 'result_state', result_state, 'result_source', result_source, 'result_at', result_at,
            'result_entered_by', result_entered_by, 'result_confirmed_by', result_confirmed_by, 'status', status) end
        where id = ${marketId} and status <> 'cancelled' returning id`,
  );
  if (rows.length === 0) return 'the market is unknown or already cancelled';
  return { marketId, reason: by.reason ?? 'market void', actor: by };
}

/**
 * Takes a void back (the feed's rollback_bet_cancel of a whole market): the market returns to the
 * result and state the void replaced, and its bets are settled on it again; a market the feed voided
 * before any result is open to one again (unsettleMarketIn). A void or result the desk entered since
 * stands.
 */
export async function restoreBeforeVoidIn(
  tx: Tx,
  marketId: number,
  actor: DeskActor,
): Promise<RunRequest | string> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update sb_markets set result = before_void->'result', result_state = before_void->>'result_state',
          result_source = before_void->>'result_source', result_at = (before_void->>'result_at')::timestamptz,
          result_entered_by = (before_void->>'result_entered_by')::int8,
          result_confirmed_by = (before_void->>'result_confirmed_by')::int8,
          status = before_void->>'status', before_void = null, feed_disagrees = null, version = version + 1
        where id = ${marketId} and before_void is not null and result->>'kind' = 'void' returning id`,
  );
  if (rows.length > 0) return { marketId, reason: 'cancel rolled back', actor };
  // Without a result to return to, only the feed's own void is taken back, not one the desk entered.
  const [m] = await queryRows<{ result_source: string | null }>(
    tx,
    sql`select result_source from sb_markets where id = ${marketId}`,
  );
  if (!m?.result_source?.startsWith('feed:')) return 'the void is not the feed’s to take back';
  return unsettleMarketIn(tx, marketId, actor);
}
