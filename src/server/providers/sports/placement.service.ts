import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type BetKind, sizesFor } from '../../../shared/sports/bet-types.ts';
import { cmp, type Fraction, frac } from '../../../shared/sports/fraction.ts';
import type { PriceChangeChoice, Refusal } from '../../../shared/sports/refusals.ts';
import { betRounding, lineCount, potentialReturn } from '../../../shared/sports/settlement.ts';
import { type Db, preparedQuery, queryRows, type Tx } from '../../db/client.ts';
import { runAgainOnRace } from '../../db/run-again.ts';
import { intArray, intOrNullArray } from '../../db/sql-array.ts';
import { sqlStateOf } from '../../db/sql-state.ts';
import type { TakenBet } from './alerts/alert-types.ts';
import { sportsClock } from './clock.ts';
import { openLeg } from './liability.ts';
import {
  effectiveLimits,
  type HeldOnSelection,
  heldOnSelections,
  type LimitRow,
  type SelectionCaps,
  selectionCaps,
  stakeRefusal,
} from './limits.ts';
import { type SlipToTake, takeTogether } from './placement-batch.ts';
import type { BookSettings } from './settings.ts';
import { readSlip, type SlipRead } from './slip-reads.ts';

export interface PlaceRequest {
  playerId: string;
  /** The member's currency, from the wallet: the limits and liability the bet meets are in it. */
  currency: string;
  requestId: string;
  kind: BetKind;
  systemName?: string;
  sizes?: number[];
  unitStake: number;
  priceChange: PriceChangeChoice;
  legs: { selectionId: number; price: Fraction }[];
  /** The address the slip came from (the same-address ticker alert reads it). */
  ip?: string;
  /**
   * The stake will commit in this database after the bet (the wallet is this database's): the bet's
   * commit may then leave its flush to the stake's. Unset, the bet waits for the disk.
   */
  stakeHere?: boolean;
  /** The slip's read, when it was read with the player (slip-reads.ts): the first attempt checks it. */
  read?: SlipRead;
}

export type Placed =
  | {
      ok: true;
      betId: number;
      status: 'pending' | 'delayed';
      acceptAt?: Date;
      fresh: boolean;
      /** A bet this call made: its total stake (the charge need not read it back). */
      totalStake?: number;
      /** A bet this call made, as its alerts read it, and the settings it was checked by. */
      taken?: { bet: TakenBet; settings: BookSettings };
    }
  | { ok: false; refusal: Refusal; message: string };

export interface LegRow {
  selection_id: number;
  key: string;
  selection_name: string;
  price_num: number;
  price_den: number;
  selection_open: boolean;
  liability: number;
  market_id: number;
  market_status: string;
  market_version: number;
  market_name: string;
  params: { line?: string };
  rounding: 'down' | 'nearest';
  event_id: number;
  event_name: string;
  event_status: string;
  starts_at: Date;
  bet_stop_at: Date | null;
  bet_delay_seconds: number | null;
  /** When the market was last suspended, and the event's score last changed (a live bet's delay checks both). */
  suspended_at: Date | null;
  score_changed_at: Date | null;
  competition_id: number;
  sport_id: number;
  /** Its market has a result deciding this selection, confirmed or waiting for a second operator (sb_read_legs.sql). */
  result_known: boolean;
}

const refuse = (refusal: Refusal, message: string): Placed => ({ ok: false, refusal, message });

/**
 * When no more bets are taken on an event: in play its bet-stop (if any); before, its bet-stop or its
 * start, whichever comes first: a bet stop set after the start never lets a pre-match bet in once the
 * match has started (its status may lag behind the clock).
 */
export function betStopOf(e: {
  event_status: string;
  starts_at: Date;
  bet_stop_at: Date | null;
}): Date | null {
  if (e.event_status === 'live') return e.bet_stop_at;
  return e.bet_stop_at && e.bet_stop_at < e.starts_at ? e.bet_stop_at : e.starts_at;
}

/**
 * Takes a bet into the book (before the stake moves): checks the slip against the markets, locked
 * in id order so liability never overshoots its limit, and records the bet with the prices, lines and
 * market versions it was accepted at. A live bet is recorded 'delayed' and confirmed after the delay.
 */
export async function takeBet(db: Db, req: PlaceRequest): Promise<Placed> {
  const sizes = sizesFor(req.kind, req.legs.length, { sizes: req.sizes, name: req.systemName });
  if (typeof sizes === 'string') return refuse('invalid_bet', sizes);
  if (!Number.isSafeInteger(req.unitStake) || req.unitStake <= 0)
    return refuse('invalid_bet', 'stake must be positive');
  const hash = slipHash(req);
  const selectionIds = req.legs.map((l) => l.selectionId);
  try {
    // Placed again from the start when PostgreSQL broke a lock wait off as a deadlock (with the
    // feed's updates of a market, say): nothing of it was kept.
    let readWithPlayer = req.read;
    return await runAgainOnRace(async () => {
      // Read before the markets are locked, in one statement: the lock is held only for what must be
      // exact under it. Checked first without any lock, then taken in one call under the markets' locks
      // if what the checks read still holds (sb_take_batch); otherwise checked again under the locks.
      // Placed again after a deadlock, it reads afresh.
      const { settings, limitRows, legs } =
        readWithPlayer ??
        (await readSlip(db, { playerId: req.playerId, currency: req.currency, selectionIds }));
      readWithPlayer = undefined;
      const read = legsOf(legs);
      const quick = judgeSlip(req, sizes, settings, limitRows, hash, read.rows);
      const placed = quick.ok
        ? await takeJudged(db, req, sizes, settings, limitRows, hash, quick.plan, read.raw)
        : quick.refused;
      if (placed.ok) return placed;
      // No look-up of the request id before the bet (a round trip on every placement): a repeat of a
      // slip that made a bet meets the bet's unique index on insert (below), or is refused here first
      // and answered as the bet it made.
      return (await findByRequest(db, req.playerId, req.requestId, hash)) ?? placed;
    });
  } catch (error) {
    // The same slip sent again, or twice at once: the bet its request id made answers.
    if (sqlStateOf(error) === '23505') {
      const again = await findByRequest(db, req.playerId, req.requestId, hash);
      if (again) return again;
    }
    throw error;
  }
}

/** Records a slip that passed its checks as read: at once if they still hold, else checked again under the locks. */
async function takeJudged(
  db: Db,
  req: PlaceRequest,
  sizes: number[],
  settings: BookSettings,
  limitRows: LimitRow[],
  hash: string,
  plan: BetPlan,
  read: RawLeg[],
): Promise<Placed> {
  const id = await takeTogether(db, slipToTake(req, plan, read));
  if (id !== null) return placedOf(Number(id), plan);
  return db.transaction(async (tx) => {
    const selectionIds = req.legs.map((l) => l.selectionId);
    const locked = await lockLegs(tx, selectionIds, req.currency);
    // Under the selections' locks: what the member's running bets hold on them, exact.
    const held = await heldOnSelections(tx, req.playerId, selectionIds);
    const careful = judgeSlip(req, sizes, settings, limitRows, hash, locked.rows, held);
    if (!careful.ok) return careful.refused;
    // Checked under the locks: only the liability is checked again (it cannot have moved).
    const taken = await recordBet(tx, req, careful.plan, null);
    if (taken === null) throw new Error('sb_take_bet: a liability moved under its lock');
    return placedOf(taken, careful.plan);
  });
}

/** The slip as the member sent it, hashed: what the same request id must carry again to be a repeat. */
export function slipHash(req: PlaceRequest): string {
  const slip = {
    kind: req.kind,
    systemName: req.systemName ?? null,
    sizes: req.sizes ?? null,
    unitStake: req.unitStake,
    priceChange: req.priceChange,
    legs: req.legs.map((l) => [l.selectionId, l.price.num.toString(), l.price.den.toString()]),
  };
  return createHash('sha256').update(JSON.stringify(slip)).digest('base64url');
}

async function findByRequest(
  db: Db,
  playerId: string,
  requestId: string,
  hash: string,
): Promise<Placed | undefined> {
  const [row] = await queryRows<{
    id: number;
    status: string;
    accept_at: Date | null;
    refusal: string | null;
    request_hash: string | null;
  }>(
    db,
    sql`select id, status, accept_at, refusal, request_hash from sb_bets where player_id = ${playerId} and request_id = ${requestId}`,
  );
  if (!row) return undefined;
  // The same id with another slip is not a repeat: refused, as the wallet refuses a reused transaction id.
  if (row.request_hash !== null && row.request_hash !== hash)
    return refuse('duplicate', 'this request id was already used for a different slip');
  if (row.status === 'refused')
    return refuse((row.refusal ?? 'invalid_bet') as Refusal, 'this slip was refused');
  return {
    ok: true,
    betId: row.id,
    status: row.status === 'delayed' ? 'delayed' : 'pending',
    acceptAt: row.accept_at ?? undefined,
    fresh: false,
  };
}

export type RawLeg = Omit<LegRow, 'starts_at'> & { starts_at: string };

/** The legs as the database gave them (compared again under the lock) and as the checks read them. */
interface ReadLegs {
  raw: RawLeg[];
  rows: LegRow[];
}

function legsOf(raw: RawLeg[]): ReadLegs {
  // Timestamps arrive as JSON text; the ids and amounts as JSON numbers (all within 2^53).
  const at = (t: unknown) => (t === null ? null : new Date(t as string));
  const rows = raw.map((r) => ({
    ...r,
    liability: Number(r.liability),
    starts_at: new Date(r.starts_at),
    bet_stop_at: at(r.bet_stop_at),
    suspended_at: at(r.suspended_at),
    score_changed_at: at(r.score_changed_at),
  }));
  return { raw, rows };
}

/** The legs, each with its selection's liability in this currency, read without a lock (sb_read_legs). */
export async function readLegs(db: Db | Tx, selectionIds: number[], currency: string): Promise<ReadLegs> {
  const rows = await queryRows<{ leg: RawLeg }>(
    db,
    sql`select sb_read_legs(${intArray(selectionIds)}::int8[], ${currency}) as leg`,
  );
  return legsOf(rows.map((r) => r.leg));
}

/** The legs locked, each with its selection's liability in this currency. */
export async function lockLegs(tx: Tx, selectionIds: number[], currency: string): Promise<ReadLegs> {
  // One round trip (sql/sb_lock_legs.sql): the markets and selections locked in id order, then read by
  // a statement of their own once the locks are held, with the liability in the member's currency.
  const rows = await queryRows<{ leg: RawLeg }>(
    tx,
    sql`select sb_lock_legs(${intArray(selectionIds)}::int8[], ${currency}) as leg`,
  );
  return legsOf(rows.map((r) => r.leg));
}

/** Why a leg cannot be bet on now, or undefined. */
export function legRefusal(row: LegRow, now: Date): [Refusal, string] | undefined {
  if (row.event_status === 'ended' || row.event_status === 'cancelled' || row.event_status === 'postponed')
    return ['event_started', 'the event is over'];
  const stop = betStopOf(row);
  if (stop && now >= stop) return ['event_started', `no more bets on ${row.event_name}`];
  if (row.market_status !== 'open' || !row.selection_open)
    return ['market_suspended', `${row.market_name} is suspended`];
  // Whatever reopened the market: no bet on a selection whose result is already in.
  if (row.result_known) return ['market_suspended', `${row.market_name} has its result`];
  return undefined;
}

/** What a slip that passes its checks records: the bet's columns, its legs and the liability it adds. */
interface BetPlan {
  bet: Record<string, unknown>;
  legs: Record<string, unknown>[];
  /** The selections whose liability grows by the exposure, and the most each may hold before (null: no limit). */
  holders: number[];
  ceilings: (number | null)[];
  exposure: number;
  acceptAt: Date | null;
  /** The bet as its ticker alerts read it (its id once recorded), and the settings it was checked by. */
  alertBet: Omit<TakenBet, 'id'>;
  settings: BookSettings;
  /** Each leg's selection's maximum stake and payout for the member, for the take to check under its locks. */
  caps: SelectionCaps[];
}

type Judged = { ok: true; plan: BetPlan } | { ok: false; refused: Placed };

/**
 * The slip checked against its legs as read (prices, statuses, limits and liability): a refusal, or the
 * bet to record. `held`: what the member's running bets hold on each leg's selection, when read under
 * the locks (the careful path); without it the take checks that itself (sql/sb_take_batch.sql).
 */
function judgeSlip(
  req: PlaceRequest,
  sizes: number[],
  settings: BookSettings,
  limitRows: LimitRow[],
  hash: string,
  rows: LegRow[],
  held?: HeldOnSelection[],
): Judged {
  const no = (refusal: Refusal, message: string): Judged => ({
    ok: false,
    refused: refuse(refusal, message),
  });
  const ids = req.legs.map((l) => l.selectionId);
  const byId = new Map(rows.map((r) => [Number(r.selection_id), r]));
  if (rows.length !== new Set(ids).size || ids.length !== new Set(ids).size)
    return no('unknown_selection', 'unknown or repeated selection');
  const legs = req.legs.map((l) => ({ ...l, row: byId.get(l.selectionId)! }));
  if (new Set(legs.map((l) => Number(l.row.event_id))).size !== legs.length)
    return no('same_event', 'one selection per event');
  const now = sportsClock.now();
  for (const leg of legs) {
    const why = legRefusal(leg.row, now);
    if (why) return no(...why);
    const current = frac(BigInt(leg.row.price_num), BigInt(leg.row.price_den));
    const c = cmp(current, leg.price);
    if ((req.priceChange === 'none' && c !== 0) || (req.priceChange === 'better' && c < 0))
      return no(
        'price_changed',
        `the price of ${leg.row.selection_name} is now ${current.num}/${current.den}`,
      );
  }
  const prices = legs.map((l) => frac(BigInt(l.row.price_num), BigInt(l.row.price_den)));
  const lines = lineCount(legs.length, sizes);
  const totalStake = req.unitStake * lines;
  const rounding = betRounding(
    settings.rounding,
    legs.map((l) => l.row.rounding),
  );
  const potential = Number(potentialReturn({ unitStake: BigInt(req.unitStake), sizes, prices, rounding }));
  const scopes = legs.map((l) => ({
    marketId: Number(l.row.market_id),
    eventId: Number(l.row.event_id),
    competitionId: Number(l.row.competition_id),
    sportId: Number(l.row.sport_id),
  }));
  const limits = effectiveLimits(limitRows, scopes);
  // Each selection's own maximum stake and payout for the member, which what they hold on it counts towards.
  const caps = selectionCaps(limitRows, scopes);
  const exposure = potential - totalStake;
  // A multiple's liability sits on its open leg only (liability.ts): the limits see it there alone.
  const liabilityLeg =
    req.kind === 'multiple'
      ? openLeg(legs.map((l, idx) => ({ idx, startsAt: l.row.starts_at, decided: false })))
      : null;
  const holders = liabilityLeg === null ? legs : [legs[liabilityLeg]!];
  const why = stakeRefusal(limits, {
    totalStake,
    potential,
    legs: holders.map((l) => ({ marketId: Number(l.row.market_id), liability: Number(l.row.liability) })),
    held: held?.map((h, i) => ({ ...h, ...caps[i]! })),
  });
  if (why?.[0] === 'liability_reached') {
    const leg = legs.find((l) => String(l.row.market_id) === why[1])!;
    return no('liability_reached', `${leg.row.market_name} takes no more on ${leg.row.selection_name}`);
  }
  if (why) return no(...why);
  const live = legs.some((l) => l.row.event_status === 'live');
  const delay = live ? Math.max(...legs.map((l) => l.row.bet_delay_seconds ?? settings.betDelaySeconds)) : 0;
  const acceptAt = live && delay > 0 ? new Date(now.getTime() + delay * 1000) : null;
  return {
    ok: true,
    plan: {
      bet: {
        player_id: req.playerId,
        request_id: req.requestId,
        request_hash: hash,
        kind: req.kind,
        system_name: req.systemName ?? null,
        sizes,
        lines,
        unit_stake: req.unitStake,
        total_stake: totalStake,
        potential_return: potential,
        price_change: req.priceChange,
        status: acceptAt ? 'delayed' : 'pending',
        live,
        accept_at: acceptAt?.toISOString() ?? null,
        placed_at: now.toISOString(),
        liability_leg: liabilityLeg,
        placed_ip: req.ip ?? null,
        // The house rule it is placed under: a later change of the book's setting does not reach it.
        reduced_multiple: req.kind === 'multiple' ? settings.reducedMultiple : null,
      },
      // int8 columns as text in the JSON: exact whatever type the driver handed them over as.
      legs: legs.map((leg, idx) => ({
        idx,
        event_id: String(leg.row.event_id),
        market_id: String(leg.row.market_id),
        selection_id: String(leg.selectionId),
        price_num: String(leg.row.price_num),
        price_den: String(leg.row.price_den),
        line: leg.row.params.line ?? null,
        market_version: Number(leg.row.market_version),
        label: `${leg.row.event_name} · ${leg.row.market_name} · ${leg.row.selection_name}`,
      })),
      holders: holders.map((l) => l.selectionId),
      // The liability each holder may have before this bet: its market's limit less the bet's exposure.
      ceilings: holders.map((l) => {
        const limit = limits.maxLiability.get(Number(l.row.market_id)) ?? null;
        return limit === null ? null : limit - exposure;
      }),
      exposure,
      acceptAt,
      alertBet: {
        playerId: req.playerId,
        currency: req.currency,
        totalStake,
        live,
        placedAt: now,
        placedIp: req.ip ?? null,
        legs: legs.map((l) => ({ selectionId: l.selectionId, startsAt: l.row.starts_at })),
      },
      settings,
      caps,
    },
  };
}

/**
 * Records the bet under its markets' locks if its legs are still as `expected` (null: read and checked
 * under these locks already) and its liability within its limits (sql/sb_take_bet.sql):
 * its id, or null when something it was checked against changed. A bet about to be charged commits
 * without waiting for the disk (the charge's commit flushes it first).
 */
async function recordBet(
  db: Db | Tx,
  req: PlaceRequest,
  plan: BetPlan,
  expected: RawLeg[] | null,
): Promise<number | null> {
  const [row] = await preparedQuery<{ id: number | null }>(
    db,
    'sb_take_bet',
    sql`select sb_take_bet(${intArray(req.legs.map((l) => l.selectionId))}::int8[], ${req.currency},
          ${expected === null ? null : JSON.stringify(expected)}::jsonb, ${intArray(plan.holders)}::int8[],
          ${intOrNullArray(plan.ceilings)}::int8[],
          ${plan.exposure}::int8, ${JSON.stringify(plan.bet)}::jsonb, ${JSON.stringify(plan.legs)}::jsonb,
          ${flushLater(req, plan)}) as id`,
  );
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** A checked slip as sb_take_batch takes it (int8s as text). */
function slipToTake(req: PlaceRequest, plan: BetPlan, read: RawLeg[]): SlipToTake {
  return {
    x: read,
    f: flushLater(req, plan),
    s: req.legs.map((l) => String(l.selectionId)),
    c: req.currency,
    ho: plan.holders.map(String),
    ce: plan.ceilings,
    e: plan.exposure,
    b: plan.bet,
    l: plan.legs,
    ms: plan.caps.map((c) => c.maxStake),
  };
}

/**
 * Whether a bet's commit may skip waiting for the disk: a bet about to be charged in this database,
 * whose stake's commit (synchronous) flushes it first; a crash before that loses a bet that moved no
 * money and was never answered. Not a delayed live bet (answered at once), nor one whose stake
 * commits in another database (a wallet on another host), which flushes nothing here.
 */
const flushLater = (req: PlaceRequest, plan: BetPlan) => plan.acceptAt === null && req.stakeHere === true;

const placedOf = (betId: number, plan: BetPlan): Placed => ({
  ok: true,
  betId,
  status: plan.acceptAt ? 'delayed' : 'pending',
  acceptAt: plan.acceptAt ?? undefined,
  fresh: true,
  totalStake: Number(plan.bet.total_stake),
  taken: { bet: { ...plan.alertBet, id: betId }, settings: plan.settings },
});
