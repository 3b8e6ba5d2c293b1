/*
 * Applies a lane's queued price messages (odds_change, bet_stop) in one transaction, so the feed's
 * rate is not one synchronous commit per message. The rules of one message at a time still hold:
 * each key is claimed once (a repeat, also across restarts, finds it); per event and producer the
 * order is kept (an odds_change older than a message of its producer already applied to its event is
 * stale; a bet_stop never is, as in claim, uof-apply.ts); an event's consecutive odds_change
 * messages are folded into one (each outcome's last price, each market's last status,
 * the last event status): the book ends where applying them one by one would have left it, with one
 * write per market instead of one per message. If anything in the batch fails, the transaction is
 * rolled back whole and the messages are applied one by one (uof-apply.ts), so a message the book
 * cannot take is rejected alone and never half-applies the batch.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';
import type { SportsCommitted } from '../../../modules/live/live.notify.ts';
import { feedStamps, stampNow } from '../feed-stamps.ts';
import { workPendingRuns } from '../settlement-runs.ts';
import {
  type ApplyDeps,
  applyEventMessage,
  betStop,
  bookEventOf,
  oddsChange,
  type Receipt,
  UOF_SOURCE,
  upsertFixture,
  type Work,
} from './uof-apply.ts';
import { applyPricesInBulk } from './uof-bulk-prices.ts';
import { type BatchMessage, foldOddsChanges, type OddsChange } from './uof-fold.ts';
import type { UofFixture } from './uof-messages.ts';
import { applyOddsInOneCall } from './uof-one-call.ts';

/** The batch's messages, in order, as runs to apply: an event's consecutive odds_change folded. */
function runsOf(fresh: BatchMessage[]): { m: BatchMessage['m']; keys: string[] }[] {
  const byEvent = new Map<string, BatchMessage[]>();
  for (const b of fresh) byEvent.set(b.m.event_id, [...(byEvent.get(b.m.event_id) ?? []), b]);
  const out: { m: BatchMessage['m']; keys: string[] }[] = [];
  for (const list of byEvent.values()) {
    let odds: BatchMessage[] = [];
    const flush = () => {
      if (odds.length === 0) return;
      out.push({ m: foldOddsChanges(odds.map((o) => o.m as OddsChange)), keys: odds.map((o) => o.key) });
      odds = [];
    };
    for (const b of list) {
      if (b.m.kind === 'odds_change') odds.push(b);
      else {
        flush();
        out.push({ m: b.m, keys: [b.key] });
      }
    }
    flush();
  }
  return out;
}

/**
 * A batch of odds_change messages that moved prices and states only (no voided bets, no settlement to
 * run) commits without waiting for its WAL to reach the disk (docs/sportsbook.md, "The feed's
 * commits"): a crash loses at most the last fraction of a second of odds, which the producer's
 * recovery sends again on restart (their keys are lost with them, so they are taken again), and any
 * later synchronous commit (a bet, a settlement) flushes them first, so nothing durable ever rests on
 * odds that were lost. A bet_stop, a settlement, a cancel commits synchronously as before.
 */
export function onlyPriceMoves(todo: BatchMessage[], w: Work): boolean {
  return todo.every((b) => b.m.kind === 'odds_change') && w.runs.length === 0 && !w.pending;
}

/** A key another process claimed meanwhile: the batch steps aside to the one-by-one path. */
class ClaimedElsewhere extends Error {}

export interface BatchResult {
  receipts: Receipt[];
  /** Why the batch failed, when its messages were applied one by one. */
  fellBack?: unknown;
  /** When its transaction began (with the stage stamps on, feed-stamps.ts). */
  began?: number;
  /**
   * What the batch in one call changed, for the streams of the process named `origin`, which its
   * notifications name (so that process pushes this itself: LiveHub.sportsCommitted).
   */
  changed?: SportsCommitted;
  /** The batch in one call may have committed unseen (uof-one-call.ts `uncertain`): the streams re-read. */
  pushMissed?: boolean;
}

/** `origin`: the live hub's (LiveHub.origin) that will be handed what the batch in one call changed. */
export async function applyBatch(
  deps: ApplyDeps,
  batch: BatchMessage[],
  origin?: string,
): Promise<BatchResult> {
  const { db } = deps;
  if (batch.length === 0) return { receipts: [] };
  // The common case (price moves on what the book lists) in one call; anything else as below.
  const began = feedStamps ? stampNow() : undefined;
  const inOneCall = await applyOddsInOneCall(db, batch, origin);
  if (inOneCall.receipts) return { ...inOneCall, began };
  const pushMissed = inOneCall.uncertain || undefined;
  const keys = batch.map((b) => b.key);
  // The keys the book has already recorded and the batch's events it has listed, in one read (before
  // the transaction: fixtures of events not listed are fetched before it, so a slow API holds no lock).
  const priced = [...new Set(batch.filter((b) => b.m.kind === 'odds_change').map((b) => b.m.event_id))];
  const known = await queryRows<{ k: 'key' | 'event'; v: string }>(
    db,
    sql`select 'key' as k, key as v from sb_uof_messages where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))
        union all
        select 'event', external_id from sb_events where source = ${UOF_SOURCE}
          and external_id in (select jsonb_array_elements_text(${JSON.stringify(priced)}::jsonb))`,
  );
  const seen = new Set(known.filter((r) => r.k === 'key').map((r) => r.v));
  const listed = new Set(known.filter((r) => r.k === 'event').map((r) => r.v));
  // A repeat inside the batch is a duplicate of its first copy.
  const todo: BatchMessage[] = [];
  /** The batch's duplicates, by their place in it. */
  const receipts = new Map<number, Receipt>();
  for (const [i, b] of batch.entries()) {
    if (seen.has(b.key)) receipts.set(i, { outcome: 'duplicate', key: b.key, kind: b.m.kind });
    else {
      seen.add(b.key);
      todo.push(b);
    }
  }
  const fixtures = new Map<string, UofFixture | undefined>();
  for (const urn of new Set(todo.filter((b) => b.m.kind === 'odds_change').map((b) => b.m.event_id)))
    if (!listed.has(urn)) fixtures.set(urn, await deps.fixture(urn));
  const w: Work = { runs: [], notes: [], pending: false };
  let outcomes: Map<string, 'applied' | 'stale'>;
  let txBegan: number | undefined;
  try {
    outcomes = await db.transaction(async (tx) => {
      if (feedStamps) txBegan = stampNow();
      // A batch of odds only commits without waiting for the disk, said in the claim's statement (no
      // round trip of its own); should its applying ask for a settlement run after all, it is set back below.
      const asyncCommit = todo.every((b) => b.m.kind === 'odds_change');
      const out = await claimBatch(tx, todo, asyncCommit);
      const runs = runsOf(todo.filter((b) => out.get(b.key) === 'applied'));
      // An event whose batch is one folded odds_change on markets the book has: set-based, all at once.
      const runsOfEvent = new Map<string, number>();
      for (const r of runs) runsOfEvent.set(r.m.event_id, (runsOfEvent.get(r.m.event_id) ?? 0) + 1);
      const bulk = runs.flatMap((r) =>
        r.m.kind === 'odds_change' && runsOfEvent.get(r.m.event_id) === 1 && !fixtures.has(r.m.event_id)
          ? [r.m]
          : [],
      );
      // What it changed is read by the streams of every process as usual (no origin is set here).
      const { left } = await applyPricesInBulk(tx, bulk);
      const done = new Set(bulk.map((m) => m.event_id).filter((urn) => !left.has(urn)));
      for (const run of runs.filter((r) => !done.has(r.m.event_id))) {
        const notes: string[] = [];
        const work: Work = { runs: w.runs, notes, pending: false };
        if (fixtures.has(run.m.event_id)) {
          const fixture = fixtures.get(run.m.event_id);
          if (!fixture) throw new Error(`no fixture for ${run.m.event_id}`);
          if ((await upsertFixture(tx, fixture)).runs) w.pending = true;
          fixtures.delete(run.m.event_id);
        }
        const ev = await bookEventOf(tx, run.m.event_id);
        if (!ev) notes.push(`event ${run.m.event_id} is not in the book`);
        else if (run.m.kind === 'odds_change') await oddsChange(tx, run.m, ev, work);
        else await betStop(tx, ev);
        if (work.pending) w.pending = true;
        if (notes.length > 0) {
          await tx.execute(
            sql`update sb_uof_messages set detail = ${notes.join('; ').slice(0, 2000)} where key = ${run.keys.at(-1)!}`,
          );
          w.notes.push(...notes);
        }
      }
      if (asyncCommit && !onlyPriceMoves(todo, w)) await tx.execute(sql`set local synchronous_commit = on`);
      return out;
    });
  } catch (error) {
    // Rolled back whole: each message alone, so one the book cannot take is rejected by itself.
    const one: Receipt[] = [];
    for (const [i, b] of batch.entries())
      one.push(receipts.get(i) ?? (await applyEventMessage(deps, b.m, b.key)));
    return { receipts: one, fellBack: error, pushMissed };
  }
  if (w.runs.length > 0 || w.pending) await workPendingRuns(deps.db, deps.wallet);
  return {
    receipts: batch.map(
      (b, i) => receipts.get(i) ?? { outcome: outcomes.get(b.key) ?? 'applied', key: b.key, kind: b.m.kind },
    ),
    began: txBegan,
    pushMissed,
  };
}

/**
 * Claims every key of the batch and moves each event's cursor to each producer's newest message in one
 * statement (which also sets the commit's mode), deciding in arrival order which odds_change messages
 * are stale: older than their producer's cursor was (the event's row read `for update`), or than a
 * message of the same event and producer earlier in the batch (each producer has its own clock). A
 * bet_stop moves the cursor but is never stale: a market must close when the feed says so.
 */
async function claimBatch(
  tx: Tx,
  todo: BatchMessage[],
  asyncCommit: boolean,
): Promise<Map<string, 'applied' | 'stale'>> {
  const out = new Map<string, 'applied' | 'stale'>();
  if (todo.length === 0) {
    if (asyncCommit) await tx.execute(sql`set local synchronous_commit = off`);
    return out;
  }
  const rows = todo.map((b, ord) => ({
    key: b.key,
    kind: b.m.kind,
    product: Number(b.m.product),
    event_urn: b.m.event_id,
    ts: Number(b.m.timestamp),
    ord,
  }));
  const claimed = await queryRows<{ key: string; outcome: 'applied' | 'stale' }>(
    tx,
    sql`with batch as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(key text, kind text, product int, event_urn text, ts int8, ord int)),
        cursor as (
          select event_urn, producer_ts from sb_uof_event_cursor
          where event_urn in (select event_urn from batch) for update),
        decided as (
          select b.key, b.kind, b.product, b.event_urn, b.ts,
            case when b.kind = 'odds_change' and b.ts < greatest((c.producer_ts ->> b.product::text)::int8,
              max(b.ts) over (partition by b.event_urn, b.product order by b.ord
              rows between unbounded preceding and 1 preceding)) then 'stale' else 'applied' end as outcome
          from batch b left join cursor c on c.event_urn = b.event_urn),
        newest as (
          select event_urn, jsonb_object_agg(product::text, ts) as producer_ts
          from (select event_urn, product, max(ts) as ts from decided group by event_urn, product) p
          group by event_urn),
        moved as (
          insert into sb_uof_event_cursor (event_urn, producer_ts)
          select event_urn, producer_ts from newest
          on conflict (event_urn) do update
            set producer_ts = sb_uof_cursor_merge(sb_uof_event_cursor.producer_ts, excluded.producer_ts), updated_at = now()
          where sb_uof_cursor_merge(sb_uof_event_cursor.producer_ts, excluded.producer_ts) <> sb_uof_event_cursor.producer_ts)
        insert into sb_uof_messages (key, kind, product, event_urn, ts, outcome)
        select key, kind, product, event_urn, ts, outcome from decided
        ${asyncCommit ? sql`cross join (select set_config('synchronous_commit', 'off', true)) as commit_mode` : sql``}
        on conflict (key) do nothing returning key, outcome`,
  );
  if (claimed.length !== rows.length) throw new ClaimedElsewhere('a key was claimed meanwhile');
  for (const r of claimed) out.set(r.key, r.outcome);
  return out;
}
