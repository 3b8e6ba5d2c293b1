import { sql } from 'drizzle-orm';
import type { OutcomeSettlement } from '../../../../shared/sports/markets.ts';
import { parsePrice } from '../../../../shared/sports/price.ts';
import { type Db, queryRows, type Tx } from '../../../db/client.ts';
import { abandonEventIn } from '../abandonment.ts';
import { sportsClock } from '../clock.ts';
import {
  afterFeedSettlement,
  afterFeedTakeBack,
  type FeedMarketRow,
  isDesksWord,
  setFeedDisagreement,
} from '../feed-disagreement.ts';
import { rollbackLegVoidsIn, voidWindowIn } from '../leg-voids.ts';
import { lockMarketSelections } from '../liability.ts';
import { mergeOutcomes } from '../outcome-merge.ts';
import {
  correctResultIn,
  enterResultIn,
  type ResultBy,
  restateResultIn,
  restoreBeforeVoidIn,
  unsettleToProposalIn,
  voidMarketIn,
} from '../results.service.ts';
import { MARKET_RESULT_WAITS } from '../settlement.service.ts';
import { type RunRequest, requestRun, workPendingRuns, workRun } from '../settlement-runs.ts';
import type { EventStatus } from '../sports.schema.ts';
import type { SportsWallet } from '../sports-wallet.ts';
import {
  setEventState,
  setMarketOpen,
  setPrices,
  upsertCompetition,
  upsertEvent,
  upsertMarket,
  upsertSport,
} from '../trading.service.ts';
import { bookMarketFor, bookSportCode, catalogueEntry, marketExternalId, uofSportUrn } from './catalogue.ts';
import { producerIsUp } from './producers.ts';
import { isHandedOver } from './uof-fold.ts';
import type { EventMessage, UofFixture } from './uof-messages.ts';

/**
 * Applies one UOF message about an event to the book, in one transaction with its key: once (a repeat
 * finds its key), prices in order per event and producer (an odds_change older than a message its
 * producer sent about its event is stale and changes nothing; every other kind is applied as it
 * comes), and whole (a message the book cannot apply is rejected and nothing of it stays).
 * Results, cancels and rollbacks go through the book's own paths (results.service, leg-voids), each
 * asking for its settlement run in the same transaction; the runs are worked once it commits.
 */
export const UOF_SOURCE = 'uof';
const BY: ResultBy = { source: `feed:${UOF_SOURCE}`, operatorId: null };

export type Outcome = 'applied' | 'duplicate' | 'stale' | 'rejected';
export interface Receipt {
  outcome: Outcome;
  key: string;
  kind: string;
  /** What was skipped inside an applied message (a market not in the catalogue), or why it was rejected. */
  notes?: string[];
}

/** A problem that makes the whole message unappliable: it is rejected, nothing of it written. */
export class Unappliable extends Error {}

/** UOF sport_event_status codes → the book's event status (unlisted ones leave it as it is). */
const EVENT_STATUS: Record<string, EventStatus> = {
  '0': 'scheduled',
  '1': 'live',
  '2': 'live',
  '3': 'ended',
  '4': 'ended',
  '5': 'cancelled',
  '6': 'scheduled',
  '7': 'live',
  '8': 'postponed',
  '9': 'cancelled',
};
/** UOF match_status codes of a break: half time (31), awaiting extra time (32), extra time's half time (33), awaiting penalties (34). */
const HALF_TIME = '31';
const CLOCK_BREAKS = new Set(['31', '32', '33', '34']);
const BOOK_SPORT_NAMES: Record<string, string> = {
  football: 'Football',
  basketball: 'Basketball',
  tennis: 'Tennis',
};

export interface BookEvent {
  id: number;
  sport: string;
  home: string;
  away: string;
  status: string;
}

export async function bookEventOf(db: Db | Tx, urn: string): Promise<BookEvent | undefined> {
  const [e] = await queryRows<BookEvent>(
    db,
    sql`select e.id, s.code as sport, coalesce(e.home, '') as home, coalesce(e.away, '') as away, e.status
        from sb_events e join sb_competitions c on c.id = e.competition_id join sb_sports s on s.id = c.sport_id
        where e.source = ${UOF_SOURCE} and e.external_id = ${urn}`,
  );
  return e ? { ...e, id: Number(e.id) } : undefined;
}

/** A fixture from the REST API as the book's sport, competition and event. */
export async function upsertFixture(tx: Tx, f: UofFixture): Promise<{ eventId: number; runs: boolean }> {
  const code = bookSportCode(f.tournament.sport.id);
  const sportId = await upsertSport(tx, code, BOOK_SPORT_NAMES[code] ?? f.tournament.sport.name);
  const competitionId = await upsertCompetition(tx, sportId, f.tournament.name, {
    source: UOF_SOURCE,
    externalId: f.tournament.id,
    country: f.tournament.category?.name,
  });
  const teams = f.competitors.competitor;
  const home = teams.find((c) => c.qualifier === 'home') ?? teams[0];
  const away = teams.find((c) => c.qualifier === 'away') ?? teams[1];
  if (!home || !away) throw new Unappliable(`fixture ${f.id} has no two competitors`);
  const startsAt = new Date(f.start_time ?? f.scheduled ?? '');
  if (Number.isNaN(startsAt.getTime())) throw new Unappliable(`fixture ${f.id} has no start time`);
  const eventId = await upsertEvent(tx, {
    competitionId,
    name: `${home.name} v ${away.name}`,
    home: home.name,
    away: away.name,
    startsAt,
    source: UOF_SOURCE,
    externalId: f.id,
  });
  const status =
    f.status === 'cancelled' || f.status === 'abandoned'
      ? 'cancelled'
      : f.status === 'postponed'
        ? 'postponed'
        : undefined;
  if (status) await setEventState(tx, eventId, { status });
  if (status === 'cancelled')
    return { eventId, runs: (await abandonEventIn(tx, eventId, `cancelled by ${UOF_SOURCE}`)) > 0 };
  return { eventId, runs: false };
}

async function marketIdOf(tx: Tx, urn: string, m: { id: string; specifiers?: string }) {
  const [row] = await queryRows<FeedMarketRow & { feed_producer: number | null }>(
    tx,
    sql`select id, type, params, result_state, result, result_source, result_entered_by, feed_disagrees, feed_producer
        from sb_markets where source = ${UOF_SOURCE}
          and external_id = ${marketExternalId(urn, m.id, m.specifiers)} for update`,
  );
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/**
 * Sets a feed market's status from what the feed says and its producer's health: open only while
 * both allow it. A change of status steps its version (and a suspension is dated), as the desk's does.
 */
/** A market follows the feed's last word on it, and belongs to the producer that said it (producers.ts). */
async function followFeed(
  tx: Tx,
  marketId: number,
  feed: { active: boolean; producer: number },
  producerOpen: boolean,
) {
  const status = feed.active && producerOpen ? 'open' : 'suspended';
  // A result an operator entered, or a correction proposed, waits for a second operator with the
  // market suspended, whatever the feed says.
  const next = sql`(case when ${status} = 'open' and not ${MARKET_RESULT_WAITS} then 'open' else 'suspended' end)`;
  await tx.execute(
    sql`update sb_markets set feed_active = ${feed.active}, feed_producer = ${feed.producer}, status = ${next},
          version = version + case when status <> ${next} then 1 else 0 end,
          suspended_at = case when ${next} = 'suspended' and status = 'open' then ${sportsClock.now()}::timestamptz else suspended_at end
        where id = ${marketId} and status in ('open', 'suspended')`,
  );
}

export interface Work {
  runs: number[];
  notes: string[];
  pending: boolean;
}

export async function oddsChange(
  tx: Tx,
  m: Extract<EventMessage, { kind: 'odds_change' }>,
  ev: BookEvent,
  w: Work,
) {
  const product = Number(m.product);
  const s = m.sport_event_status;
  let status = ev.status;
  if (s) {
    const next = EVENT_STATUS[s.status];
    // A match not under way has no score yet: the feed's 0–0 before kick-off is not one.
    const played = next === 'live' || next === 'ended';
    const score =
      played && s.home_score !== undefined && s.away_score !== undefined
        ? {
            home: Number(s.home_score),
            away: Number(s.away_score),
            ...(s.clock?.match_time ? { clock: s.clock.match_time } : {}),
            // The clock stands still in a break (half time, before extra time or penalties) or when the feed says so.
            ...(s.clock?.stopped === 'true' || CLOCK_BREAKS.has(s.match_status ?? '')
              ? { stopped: true }
              : {}),
            ...(s.match_status === HALF_TIME ? { halftime: true } : {}),
          }
        : undefined;
    await setEventState(tx, ev.id, { status: next, score });
    if (next === 'cancelled' && ev.status !== 'cancelled') {
      if ((await abandonEventIn(tx, ev.id, `cancelled by ${UOF_SOURCE}`)) > 0) w.pending = true;
    }
    status = next ?? status;
  }
  const open = (await producerIsUp(tx, product)) && (status === 'scheduled' || status === 'live');
  const sport = uofSportUrn(ev.sport);
  for (const market of m.odds?.market ?? []) {
    const entry = await catalogueEntry(tx, sport, Number(market.id));
    if (!entry) {
      w.notes.push(`market ${market.id} is not in the catalogue for ${sport}`);
      continue;
    }
    const keyOf = new Map(entry.outcomes.map((o) => [o.id, o.key]));
    const prices: { key: string; price: NonNullable<ReturnType<typeof parsePrice>> }[] = [];
    for (const o of market.outcome) {
      const key = keyOf.get(o.id);
      const price = o.odds ? parsePrice(o.odds, 'decimal') : undefined;
      if (key && price) prices.push({ key, price });
    }
    const feedActive = (market.status ?? '1') === '1';
    const found = await marketIdOf(tx, m.event_id, market);
    // A hand-over (pre-match to live) of a market the other producer already prices changes nothing:
    // the market is that producer's now. Otherwise it waits, suspended, for the producer taking it.
    if (isHandedOver(market) && found?.feed_producer != null && Number(found.feed_producer) !== product) {
      w.notes.push(
        `market ${market.id} ${market.specifiers ?? ''} handed over: producer ${found.feed_producer} prices it`,
      );
      continue;
    }
    let marketId = found?.id;
    let selectionsLocked = false;
    if (!marketId) {
      const book = bookMarketFor(entry, market.specifiers, ev);
      if (!book.ok) {
        w.notes.push(`market ${market.id} ${market.specifiers ?? ''} refused: ${book.reason}`);
        continue;
      }
      const priced = new Map(prices.map((p) => [p.key, p.price]));
      if (book.selections.some((sel) => !priced.has(sel.key))) {
        w.notes.push(`market ${market.id} ${market.specifiers ?? ''} waits for a price on every outcome`);
        continue;
      }
      marketId = await upsertMarket(tx, {
        eventId: ev.id,
        type: book.type,
        name: book.name,
        params: book.params,
        source: UOF_SOURCE,
        externalId: marketExternalId(m.event_id, market.id, market.specifiers),
        selections: book.selections.map((sel) => ({
          key: sel.key,
          name: sel.name,
          price: priced.get(sel.key)!,
        })),
      });
    } else if (prices.length > 0) {
      // A repricing locks the market's selections in the book's order (trading.service.ts).
      selectionsLocked = await setPrices(tx, marketId, prices, 'feed');
    }
    // An outcome already settled stays closed (closeSettledOutcomes), whatever the feed says of it.
    const settled = new Set(
      found?.result_state === 'confirmed' && found.result?.kind === 'outcomes'
        ? found.result.outcomes.map((o) => o.key)
        : [],
    );
    const active = market.outcome.flatMap((o) => {
      const key = keyOf.get(o.id);
      return key && o.active ? [{ key, open: o.active === '1' && !settled.has(key) }] : [];
    });
    if (active.length > 0) {
      if (!selectionsLocked) await lockMarketSelections(tx, marketId);
      await tx.execute(
        sql`update sb_selections s set open = x.open from jsonb_to_recordset(${JSON.stringify(active)}::jsonb) as x(key text, open boolean)
            where s.market_id = ${marketId} and s.key = x.key and s.open is distinct from x.open`,
      );
    }
    await followFeed(tx, marketId, { active: feedActive, producer: product }, open);
  }
}

/** A bet_stop: every feed market of the event stops until the feed says it is active again. */
export async function betStop(tx: Tx, ev: BookEvent) {
  await tx.execute(
    sql`update sb_markets set feed_active = false where event_id = ${ev.id} and source = ${UOF_SOURCE}`,
  );
  await setMarketOpen(tx, { eventId: ev.id }, false);
}

/** A settled outcome as the book's per-selection factors (a void factor of 0 is none), with the message's certainty. */
function outcomeOf(
  key: string,
  o: { result: string; void_factor?: string; dead_heat_factor?: string },
  certainty: string | undefined,
) {
  const out: OutcomeSettlement = { key, won: o.result === '1' };
  if (o.void_factor && Number(o.void_factor) !== 0) out.voidFactor = o.void_factor;
  if (o.dead_heat_factor) out.deadHeat = o.dead_heat_factor;
  if (certainty) out.certainty = Number(certainty);
  return out;
}

async function betSettlement(
  tx: Tx,
  m: Extract<EventMessage, { kind: 'bet_settlement' }>,
  ev: BookEvent,
  w: Work,
) {
  const sport = uofSportUrn(ev.sport);
  const by = { ...BY, reason: `bet_settlement (certainty ${m.certainty ?? '?'})` };
  for (const market of m.outcomes.market) {
    const found = await marketIdOf(tx, m.event_id, market);
    const entry = await catalogueEntry(tx, sport, Number(market.id));
    if (!found || !entry) {
      w.notes.push(`market ${market.id} ${market.specifiers ?? ''} is not in the book`);
      continue;
    }
    const keyOf = new Map(entry.outcomes.map((o) => [o.id, o.key]));
    const outcomes = market.outcome.flatMap((o) => {
      const key = keyOf.get(o.id);
      return key ? [outcomeOf(key, o, m.certainty)] : [];
    });
    // The desk's result stands: the feed's word is only shown to the trader where it differs.
    if (isDesksWord(found)) {
      const { disagrees, differing } = await afterFeedSettlement(tx, found, outcomes);
      await setFeedDisagreement(tx, found.id, disagrees);
      if (differing.length > 0)
        w.notes.push(
          `market ${market.id} ${market.specifiers ?? ''}: the desk's result stands; ${differing.join(', ')} settled otherwise (shown on the desk)`,
        );
      continue;
    }
    // A message settles only the outcomes it lists: merged into the result in force (outcome-merge.ts).
    const confirmed = found.result_state === 'confirmed';
    const merged = mergeOutcomes(confirmed ? found.result : null, outcomes);
    if (merged.overruled.length > 0)
      w.notes.push(
        `market ${market.id} ${market.specifiers ?? ''}: ${merged.overruled.join(', ')} kept (a result of higher certainty is in force)`,
      );
    if (!merged.settles) {
      if (merged.differs) await restateResultIn(tx, found.id, merged.result);
      continue;
    }
    const change = confirmed
      ? await correctResultIn(tx, found.id, merged.result, by)
      : await enterResultIn(tx, found.id, merged.result, by);
    if (typeof change === 'string') w.notes.push(`market ${market.id}: ${change}`);
    else if (change.run) {
      await closeSettledOutcomes(tx, found.id, merged.result);
      w.runs.push(await requestRun(tx, change.run));
    }
  }
}

/**
 * A market settled in part trades on (its status as the feed says) but takes no bet on an outcome
 * already settled: those are closed, and stay so whatever the feed's later odds say (oddsChange,
 * sql/sb_uof_odds_apply.sql). No bet on an outcome already known.
 */
const closeSettledOutcomes = (tx: Tx, marketId: number, result: { outcomes: OutcomeSettlement[] }) =>
  setOutcomesOpen(tx, marketId, result.outcomes, false);

async function setOutcomesOpen(tx: Tx, marketId: number, outcomes: { key: string }[], open: boolean) {
  await lockMarketSelections(tx, marketId);
  await tx.execute(
    sql`update sb_selections set open = ${open}
        where market_id = ${marketId} and open <> ${open}
          and key in (select jsonb_array_elements(${JSON.stringify(outcomes)}::jsonb)->>'key')`,
  );
}

const windowOf = (m: { start_time?: string; end_time?: string }) =>
  m.start_time || m.end_time
    ? {
        from: new Date(m.start_time ? Number(m.start_time) : 0),
        // An open end reaches every bet placed from the start on.
        to: new Date(m.end_time ? Number(m.end_time) : 8.64e15),
      }
    : undefined;

async function betCancel(tx: Tx, m: Extract<EventMessage, { kind: 'bet_cancel' }>, w: Work) {
  const window = windowOf(m);
  const by = { ...BY, reason: `bet_cancel${window ? ' (time window)' : ''}` };
  for await (const { market, found } of bookMarketsOf(tx, m, w)) {
    if (window) {
      const done = await voidWindowIn(tx, { marketId: found.id }, window.from, window.to, by, 'feed');
      if (done.runId) w.runs.push(done.runId);
    } else if (isDesksWord(found)) await deskResultStands(tx, w, market, found, 'cancel');
    else await runOrNote(tx, w, market, await voidMarketIn(tx, found.id, by));
  }
}

async function rollback(
  tx: Tx,
  m: Extract<EventMessage, { kind: 'rollback_bet_settlement' | 'rollback_bet_cancel' }>,
  w: Work,
) {
  const window = m.kind === 'rollback_bet_cancel' ? windowOf(m) : undefined;
  const actor = { operatorId: null, reason: m.kind };
  for await (const { market, found } of bookMarketsOf(tx, m, w)) {
    if (window) {
      const done = await rollbackLegVoidsIn(
        tx,
        { marketId: found.id },
        window.from,
        window.to,
        actor,
        'feed',
      );
      if (done.runId) w.runs.push(done.runId);
      continue;
    }
    if (isDesksWord(found)) {
      // The desk's result stands. A cancel the feed takes back was never applied: nothing left to show.
      if (m.kind === 'rollback_bet_settlement') await deskResultStands(tx, w, market, found, 'rollback');
      else if (found.feed_disagrees?.kind === 'cancel') await setFeedDisagreement(tx, found.id, null);
      else w.notes.push(`market ${market.id}: nothing to roll back (the desk's result stands)`);
      continue;
    }
    // A rollback of a cancel takes back only a void; of a settlement, only a result that is not one.
    const isVoid = found.result?.kind === 'void';
    if (found.result_state === 'none' || isVoid !== (m.kind === 'rollback_bet_cancel')) {
      w.notes.push(`market ${market.id}: nothing to roll back`);
      continue;
    }
    // A cancel taken back returns the market to the result it had before, if any (UOF: the bets as they were).
    // A settlement taken back leaves the desk's correction still waiting for a second operator, as the
    // result entered (results.service.ts).
    const undo = m.kind === 'rollback_bet_cancel' ? restoreBeforeVoidIn : unsettleToProposalIn;
    const undone = await undo(tx, found.id, actor);
    // The outcomes its settlement closed are no longer decided: they follow the feed's odds again.
    if (
      typeof undone !== 'string' &&
      m.kind === 'rollback_bet_settlement' &&
      found.result?.kind === 'outcomes'
    )
      await setOutcomesOpen(tx, found.id, found.result.outcomes, true);
    await runOrNote(tx, w, market, undone);
  }
}

type FeedMarket = { id: string; specifiers?: string };

/** The feed takes back or cancels what the desk settled: nothing moves, the trader is shown it. */
async function deskResultStands(
  tx: Tx,
  w: Work,
  market: FeedMarket,
  found: FeedMarketRow,
  kind: 'rollback' | 'cancel',
) {
  const disagrees = afterFeedTakeBack(found, kind);
  await setFeedDisagreement(tx, found.id, disagrees);
  w.notes.push(
    `market ${market.id} ${market.specifiers ?? ''}: the desk's result stands${disagrees?.kind === kind ? ` (the feed's ${kind} is shown on the desk)` : ''}`,
  );
}

/** The markets a cancel or a rollback names, each found (and locked) in the book; a note for one that is not. */
async function* bookMarketsOf(tx: Tx, m: { event_id: string; market: FeedMarket[] }, w: Work) {
  for (const market of m.market) {
    const found = await marketIdOf(tx, m.event_id, market);
    if (found) yield { market, found };
    else w.notes.push(`market ${market.id} ${market.specifiers ?? ''} is not in the book`);
  }
}

/** The settlement run a market's change needs, requested; or, where the book refused, why (a note). */
async function runOrNote(tx: Tx, w: Work, market: FeedMarket, run: RunRequest | string) {
  if (typeof run === 'string') w.notes.push(`market ${market.id}: ${run}`);
  else w.runs.push(await requestRun(tx, run));
}

/**
 * Claims the message's key and its place in its event's order: 'fresh', a duplicate, or stale. Only an
 * odds_change can be stale (prices: the newest state stands), and only against its own producer's
 * messages: each producer stamps them with its own clock (sb_uof_event_cursor.producer_ts, one row per
 * event). A stateful message (a settlement, a cancel, a rollback, a bet stop, a fixture change) is
 * applied whatever its time: its key makes it once-only, and a time older than the cursor is normal
 * for it (a recovery's odds sent before the outage's settlement); dropping it would leave a winner
 * unpaid.
 */
async function claim(tx: Tx, m: EventMessage, key: string): Promise<'fresh' | 'duplicate' | 'stale'> {
  const inserted = await queryRows<{ key: string }>(
    tx,
    sql`insert into sb_uof_messages (key, kind, product, event_urn, ts, outcome)
        values (${key}, ${m.kind}, ${Number(m.product)}, ${m.event_id}, ${Number(m.timestamp)}, 'applied')
        on conflict (key) do nothing returning key`,
  );
  if (inserted.length === 0) return 'duplicate';
  const product = String(Number(m.product));
  const ts = Number(m.timestamp);
  const moved = await queryRows<{ event_urn: string }>(
    tx,
    sql`insert into sb_uof_event_cursor (event_urn, producer_ts)
        values (${m.event_id}, jsonb_build_object(${product}::text, ${ts}::int8))
        on conflict (event_urn) do update
          set producer_ts = sb_uof_cursor_merge(sb_uof_event_cursor.producer_ts, excluded.producer_ts), updated_at = now()
        where coalesce((sb_uof_event_cursor.producer_ts ->> ${product}::text)::int8 <= ${ts}::int8, true)
        returning event_urn`,
  );
  if (moved.length > 0 || m.kind !== 'odds_change') return 'fresh';
  await tx.execute(sql`update sb_uof_messages set outcome = 'stale' where key = ${key}`);
  return 'stale';
}

export interface ApplyDeps {
  db: Db;
  wallet: SportsWallet;
  /** The fixture of an event the book has not seen, or of a fixture_change (from the REST API). */
  fixture: (urn: string) => Promise<UofFixture | undefined>;
}

export async function applyEventMessage(deps: ApplyDeps, m: EventMessage, key: string): Promise<Receipt> {
  const { db } = deps;
  const [seen] = await queryRows<{ outcome: string }>(
    db,
    sql`select outcome from sb_uof_messages where key = ${key}`,
  );
  if (seen) return { outcome: 'duplicate', key, kind: m.kind };
  // The fixture is read before the transaction: a slow API holds no lock.
  const known = await bookEventOf(db, m.event_id);
  const needsFixture = m.kind === 'fixture_change' || (!known && m.kind === 'odds_change');
  const fixture = needsFixture ? await deps.fixture(m.event_id) : undefined;
  const w: Work = { runs: [], notes: [], pending: false };
  let state: 'fresh' | 'duplicate' | 'stale';
  try {
    state = await db.transaction(async (tx) => {
      const claimed = await claim(tx, m, key);
      if (claimed !== 'fresh') return claimed;
      if (needsFixture) {
        if (!fixture) throw new Unappliable(`no fixture for ${m.event_id}`);
        if ((await upsertFixture(tx, fixture)).runs) w.pending = true;
      }
      const ev = await bookEventOf(tx, m.event_id);
      if (!ev) {
        // Nothing of an event the book never listed can be settled or stopped: applied as nothing.
        w.notes.push(`event ${m.event_id} is not in the book`);
        return claimed;
      }
      switch (m.kind) {
        case 'odds_change':
          await oddsChange(tx, m, ev, w);
          break;
        case 'bet_stop':
          await betStop(tx, ev);
          break;
        case 'bet_settlement':
          await betSettlement(tx, m, ev, w);
          break;
        case 'bet_cancel':
          await betCancel(tx, m, w);
          break;
        case 'rollback_bet_settlement':
        case 'rollback_bet_cancel':
          await rollback(tx, m, w);
          break;
        case 'fixture_change':
          break;
      }
      if (w.notes.length > 0)
        await tx.execute(
          sql`update sb_uof_messages set detail = ${w.notes.join('; ').slice(0, 2000)} where key = ${key}`,
        );
      return claimed;
    });
  } catch (error) {
    if (!(error instanceof Unappliable)) throw error;
    await rejectMessage(db, key, m.kind, error.message, m);
    return { outcome: 'rejected', key, kind: m.kind, notes: [error.message] };
  }
  if (state !== 'fresh') return { outcome: state, key, kind: m.kind };
  for (const run of w.runs) await workRun(deps.db, deps.wallet, run);
  if (w.pending) await workPendingRuns(deps.db, deps.wallet);
  return { outcome: 'applied', key, kind: m.kind, ...(w.notes.length ? { notes: w.notes } : {}) };
}

/** Records a message that cannot be applied: counted once, by its key. */
export async function rejectMessage(
  db: Db,
  key: string,
  kind: string,
  reason: string,
  m?: { product?: string; event_id?: string; timestamp?: string },
) {
  await db.execute(
    sql`insert into sb_uof_messages (key, kind, product, event_urn, ts, outcome, detail)
        values (${key}, ${kind.slice(0, 40)}, ${m?.product ? Number(m.product) : null}, ${m?.event_id ?? null},
          ${m?.timestamp ? Number(m.timestamp) : null}, 'rejected', ${reason.slice(0, 2000)})
        on conflict (key) do nothing`,
  );
}
