import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ClockedScore } from '../../../shared/sports/match-clock.ts';
import { createdAtColumn, idColumn, int8, timestamptz, updatedAtColumn } from '../../db/columns.ts';

/**
 * The built-in sportsbook's own records (migration 0011). Like an outside book it knows players only
 * by the wallet's player id. sport → competition → event → market → selection; prices are exact
 * fractions (decimal odds = price_num / price_den).
 */
/** Where a record came from: 'manual' (the trading desk), 'demo', or a feed's name. */
const sourceCols = () => ({
  source: text('source').notNull().default('manual'),
  externalId: text('external_id'),
});

export const sbSports = pgTable('sb_sports', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const sbCompetitions = pgTable(
  'sb_competitions',
  {
    id: idColumn(),
    sportId: int8('sport_id').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The country (a feed's category) the navigation groups leagues by; null for one without. */
    country: text('country'),
    ...sourceCols(),
  },
  (t) => [
    uniqueIndex('sb_competitions_source').on(t.source, t.externalId),
    index('sb_competitions_words').using('gin', sql`to_tsvector('simple'::regconfig, ${t.name})`),
  ],
);

export const EVENT_STATUSES = ['scheduled', 'live', 'ended', 'postponed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const sbEvents = pgTable(
  'sb_events',
  {
    id: idColumn(),
    competitionId: int8('competition_id').notNull(),
    name: text('name').notNull(),
    home: text('home'),
    away: text('away'),
    startsAt: timestamptz('starts_at').notNull(),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('scheduled'),
    /** No bet is taken from this time on (defaults to the start for pre-match-only events). */
    betStopAt: timestamptz('bet_stop_at'),
    /** Seconds a live bet waits before it is accepted; null uses the site default. */
    betDelaySeconds: integer('bet_delay_seconds'),
    score: jsonb('score').$type<{ home: number; away: number } & ClockedScore>(),
    /** When the score last changed (a goal): a live bet placed before it is refused at its confirmation. */
    scoreChangedAt: timestamptz('score_changed_at'),
    /** When the event was postponed: past the book's postponeVoidHours its undecided markets are void. */
    postponedAt: timestamptz('postponed_at'),
    ...sourceCols(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // By state in start order, ties by id: the desk's search reads each state's page from it (migration 0050).
    index('sb_events_listing').on(t.status, t.startsAt, t.id),
    index('sb_events_competition').on(t.competitionId, t.startsAt),
    // The desk's event search (desk-search.ts): prefixes of the name and the teams, and dates.
    index('sb_events_name_prefix').on(sql`lower(${t.name}) text_pattern_ops`),
    index('sb_events_home_prefix').on(sql`lower(${t.home}) text_pattern_ops`),
    index('sb_events_away_prefix').on(sql`lower(${t.away}) text_pattern_ops`),
    index('sb_events_starts').on(t.startsAt, t.id),
    // The window's search and a league's listing, over the open events only (migration 0039).
    index('sb_events_open_words')
      .using(
        'gin',
        sql`to_tsvector('simple'::regconfig, coalesce(${t.home}, '') || ' ' || coalesce(${t.away}, '') || ' ' || ${t.name})`,
      )
      .where(sql`${t.status} in ('scheduled', 'live')`),
    index('sb_events_open_competition')
      .on(t.competitionId, t.startsAt, t.id)
      .where(sql`${t.status} in ('scheduled', 'live')`),
    uniqueIndex('sb_events_source').on(t.source, t.externalId),
  ],
);

export const MARKET_STATUSES = ['open', 'suspended', 'settled', 'cancelled'] as const;
export const sbMarkets = pgTable(
  'sb_markets',
  {
    id: idColumn(),
    eventId: int8('event_id').notNull(),
    type: text('type').notNull(),
    params: jsonb('params').$type<{ line?: string; places?: number }>().notNull().default({}),
    name: text('name').notNull(),
    status: text('status', { enum: MARKET_STATUSES }).notNull().default('open'),
    /** Changes with every price move or status change: bets record the version they were accepted at. */
    version: integer('version').notNull().default(1),
    rounding: text('rounding', { enum: ['down', 'nearest'] })
      .notNull()
      .default('down'),
    /** The result: entered, then (where the site asks for it) confirmed by a second operator. */
    result: jsonb('result'),
    resultState: text('result_state', { enum: ['none', 'entered', 'confirmed'] })
      .notNull()
      .default('none'),
    resultSource: text('result_source'),
    resultAt: timestamptz('result_at'),
    resultEnteredBy: int8('result_entered_by'),
    resultConfirmedBy: int8('result_confirmed_by'),
    /** A correction of the confirmed result waiting for a second operator (the result in force stays). */
    proposedResult: jsonb('proposed_result'),
    proposedBy: int8('proposed_by'),
    proposedReason: text('proposed_reason'),
    /** The result and state a void replaced (voidMarketIn), for the feed's rollback of its cancel; null when it had none. */
    beforeVoid: jsonb('before_void'),
    /** Where a feed settles a market the desk settled otherwise: the desk's word stands, this tells the trader (feed-disagreement.ts). */
    feedDisagrees: jsonb('feed_disagrees'),
    /** When the market was last suspended: a live bet placed before it is refused at its confirmation. */
    suspendedAt: timestamptz('suspended_at'),
    /** What the feed last said (active or not); a feed market opens only while this holds and its producer is up. */
    feedActive: boolean('feed_active'),
    /** The UOF producer that last priced the market (1 live, 3 pre-match): suspended while it is down. */
    feedProducer: integer('feed_producer'),
    ...sourceCols(),
  },
  (t) => [
    index('sb_markets_event').on(t.eventId, t.id),
    uniqueIndex('sb_markets_source').on(t.source, t.externalId),
    // The desk's risk view starts from the markets still open to bets or results (migration 0050).
    index('sb_markets_unsettled').on(t.id).where(sql`${t.status} in ('open', 'suspended')`),
    // A producer down or back: the markets it priced (producers.ts; migration 0065).
    index('sb_markets_feed_producer')
      .on(t.feedProducer, t.id)
      .where(sql`${t.feedProducer} is not null and ${t.status} in ('open', 'suspended')`),
  ],
);

export const sbSelections = pgTable(
  'sb_selections',
  {
    id: idColumn(),
    marketId: int8('market_id').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    priceNum: int8('price_num').notNull(),
    priceDen: int8('price_den').notNull(),
    open: boolean('open').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sb_selections_market_key').on(t.marketId, t.key),
    check('sb_selections_price', sql`${t.priceNum} > ${t.priceDen} and ${t.priceDen} > 0`),
  ],
);

/**
 * The book's net loss if this selection wins, over bets still open, per currency (a market's liability
 * never adds baht to won). Kept under the selection's row lock (liability.ts).
 */
export const sbSelectionLiability = pgTable(
  'sb_selection_liability',
  {
    selectionId: int8('selection_id').notNull(),
    currency: text('currency').notNull(),
    liability: int8('liability').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.selectionId, t.currency] })],
);

/**
 * What a member's running bets (delayed, pending, open) stake on a selection: their maximum stake is
 * per selection across those bets (limits.ts). Kept by triggers on sb_bet_legs and sb_bets, the one
 * home of the rule (migration 0082, sql/sb_running_stakes_follow_*.sql); a total back at 0 is removed.
 */
export const sbRunningStakes = pgTable(
  'sb_running_stakes',
  {
    playerId: text('player_id').notNull(),
    selectionId: int8('selection_id').notNull(),
    stake: int8('stake').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.selectionId] })],
);

/**
 * Limits at any level, in minor units of their currency; the strictest that applies to a member's
 * currency wins. scope_id is '' for the platform, which has a row for every site currency.
 */
export const LIMIT_SCOPES = ['platform', 'sport', 'competition', 'event', 'market', 'player'] as const;
export const sbLimits = pgTable(
  'sb_limits',
  {
    id: idColumn(),
    scope: text('scope', { enum: LIMIT_SCOPES }).notNull(),
    scopeId: text('scope_id').notNull().default(''),
    currency: text('currency').notNull(),
    minStake: int8('min_stake'),
    maxStake: int8('max_stake'),
    maxPayout: int8('max_payout'),
    maxLiability: int8('max_liability'),
    /** Player scope: a multiplier of the max stake in basis points (10000 = 1×). */
    stakeFactorBp: integer('stake_factor_bp'),
  },
  (t) => [
    uniqueIndex('sb_limits_scope').on(t.scope, t.scopeId, t.currency),
    check('sb_limits_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const BET_STATUSES = [
  'delayed',
  'pending',
  'open',
  'settled',
  'void',
  'refused',
  'cashed_out',
] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
export const sbBets = pgTable(
  'sb_bets',
  {
    id: idColumn(),
    playerId: text('player_id').notNull(),
    /** The slip's own id: the same placement sent twice makes one bet. */
    requestId: text('request_id').notNull(),
    /** The slip's body, hashed: the same request id with another slip is refused. */
    requestHash: text('request_hash'),
    kind: text('kind', { enum: ['single', 'multiple', 'system'] }).notNull(),
    systemName: text('system_name'),
    sizes: jsonb('sizes').$type<number[]>().notNull(),
    lines: integer('lines').notNull(),
    unitStake: int8('unit_stake').notNull(),
    totalStake: int8('total_stake').notNull(),
    potentialReturn: int8('potential_return').notNull(),
    priceChange: text('price_change', { enum: ['none', 'better', 'any'] }).notNull(),
    /** The member's currency, as the wallet told it at placement: its stake, return and liability are in it. */
    currency: text('currency').notNull(),
    status: text('status', { enum: BET_STATUSES }).notNull(),
    refusal: text('refusal'),
    live: boolean('live').notNull().default(false),
    acceptAt: timestamptz('accept_at'),
    /** The return of the settlement in force (null while open or void). */
    settledReturn: int8('settled_return'),
    /** How many settlement records the bet has; each wallet call is keyed by it. */
    settlementSeq: integer('settlement_seq').notNull().default(0),
    /** Partial cash-outs (migration 0020): the stake they took off (total_stake is what is left) and what they paid. */
    cashoutStake: int8('cashout_stake').notNull().default(0),
    cashoutPaid: int8('cashout_paid').notNull().default(0),
    /** The member's automatic cash-out: the bet is cashed out once its value reaches this amount. */
    autoCashoutAt: int8('auto_cashout_at'),
    /** A multiple's open leg (its idx): the one selection its liability sits on (migration 0049, liability.ts). */
    liabilityLeg: smallint('liability_leg'),
    /** The address the bet was placed from (migration 0052): the same-address ticker alert reads it. */
    placedIp: text('placed_ip'),
    /**
     * A multiple's house rule for being reduced to one live leg, as the book had it when it was placed
     * (migration 0080; null: a single or system bet, or placed before the rule, which stands as a single).
     */
    reducedMultiple: text('reduced_multiple', { enum: ['single', 'void'] }),
    placedAt: timestamptz('placed_at').notNull().defaultNow(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    uniqueIndex('sb_bets_request').on(t.playerId, t.requestId),
    index('sb_bets_player').on(t.playerId, t.id),
    index('sb_bets_status').on(t.status, t.id),
    // A member's bets newest first, with a keyset cursor (placed_at, id) (migration 0016).
    index('sb_bets_player_placed').on(t.playerId, t.placedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sb_bets_auto_cashout')
      .on(t.id)
      .where(sql`${t.autoCashoutAt} is not null and ${t.status} = 'open'`),
    index('sb_bets_placed_ip').on(t.placedIp, t.placedAt).where(sql`${t.placedIp} is not null`),
    check('sb_bets_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'sb_bets_status_known',
      sql`${t.status} in ('delayed', 'pending', 'open', 'settled', 'void', 'refused', 'cashed_out')`,
    ),
  ],
);

/** A leg void's origin: the feed's bet_cancel, the desk's cancel window, the desk cancelling the bet, a member's break. */
export const LEG_VOID_SOURCES = ['feed', 'desk_window', 'desk_bet', 'break'] as const;
export type LegVoidSource = (typeof LEG_VOID_SOURCES)[number];

export const sbBetLegs = pgTable(
  'sb_bet_legs',
  {
    betId: int8('bet_id').notNull(),
    idx: integer('idx').notNull(),
    eventId: int8('event_id').notNull(),
    marketId: int8('market_id').notNull(),
    selectionId: int8('selection_id').notNull(),
    /** Frozen at acceptance: the price, the line and the market version the bet was taken against. */
    priceNum: int8('price_num').notNull(),
    priceDen: int8('price_den').notNull(),
    line: text('line'),
    marketVersion: integer('market_version').notNull(),
    label: text('label').notNull(),
    /** The desk's void of this leg ('void': counts 1.00) or its corrected price ('reprice'), for good. */
    voidKind: text('void_kind', { enum: ['void', 'reprice'] }),
    voidPriceNum: int8('void_price_num'),
    voidPriceDen: int8('void_price_den'),
    voidReason: text('void_reason'),
    voidOperatorId: int8('void_operator_id'),
    voidedAt: timestamptz('voided_at'),
    /** Who voided it, so a rollback restores only its own kind (leg-voids.ts, migration 0062). */
    voidSource: text('void_source', { enum: LEG_VOID_SOURCES }),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.idx] }),
    index('sb_bet_legs_market').on(t.marketId, t.betId),
    index('sb_bet_legs_event').on(t.eventId, t.betId),
    check(
      'sb_bet_legs_void',
      sql`(${t.voidKind} is null and ${t.voidedAt} is null)
        or (${t.voidKind} = 'void' and ${t.voidedAt} is not null)
        or (${t.voidKind} = 'reprice' and ${t.voidedAt} is not null and ${t.voidPriceDen} > 0
          and ${t.voidPriceNum} >= ${t.voidPriceDen})`,
    ),
    check(
      'sb_bet_legs_void_source',
      sql`(${t.voidKind} is null and ${t.voidSource} is null)
        or (${t.voidKind} is not null and ${t.voidSource} in ('feed', 'desk_window', 'desk_bet', 'break'))`,
    ),
  ],
);

/** 'cancel' is kept for bets voided whole before voids were per leg. */
export const SETTLEMENT_KINDS = [
  'settle',
  'unsettle',
  'resettle',
  'void',
  'cancel',
  /** A cash-out of the whole bet (it ends 'cashed_out'), or of part of its stake (it stays open). */
  'cashout',
  'cashout_partial',
] as const;
/** Every settlement and correction of a bet, never edited: the latest says what is in force. */
export const sbSettlements = pgTable(
  'sb_settlements',
  {
    id: idColumn(),
    betId: int8('bet_id').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: SETTLEMENT_KINDS }).notNull(),
    amount: int8('amount').notNull(),
    proof: jsonb('proof'),
    reason: text('reason'),
    operatorId: int8('operator_id'),
    walletTxId: text('wallet_tx_id').notNull(),
    /**
     * The wallet call that carries it: win, rollback (a refund of an unsettled bet), unsettle or resettle;
     * 'cashout': a partial cash-out's win that leaves the round open.
     */
    walletOp: text('wallet_op', { enum: ['win', 'rollback', 'unsettle', 'resettle', 'cashout'] }).notNull(),
    /** For rollback, unsettle and resettle: the wallet transaction it refers to. */
    refTxId: text('ref_tx_id'),
    /** Whether the wallet has answered the call; unanswered ones are sent again (same transaction id). */
    paid: boolean('paid').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('sb_settlements_bet_seq').on(t.betId, t.seq),
    index('sb_settlements_unpaid').on(t.id).where(sql`not ${t.paid}`),
  ],
);

/** Feed records applied: a (source, external id) keeps its highest sequence; older ones change nothing. */
export const sbFeedCursor = pgTable(
  'sb_feed_cursor',
  {
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    kind: text('kind').notNull(),
    seq: int8('seq').notNull(),
    appliedAt: timestamptz('applied_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.externalId] })],
);

/** The book's house rules (one row per key): rounding, result confirmation, bet delay, self-exclusion. */
export const sbSettings = pgTable('sb_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Durable settlement: a run over a market's bets (or listed bets), worked a page at a time (settlement-runs.ts). */
export const sbSettlementRuns = pgTable(
  'sb_settlement_runs',
  {
    id: idColumn(),
    marketId: int8('market_id'),
    betIds: int8('bet_ids').array(),
    reason: text('reason').notNull(),
    operatorId: int8('operator_id'),
    actorReason: text('actor_reason'),
    /** Asked for by a void of legs: the run also takes back the cash-outs of bets cashed out whole. */
    reopensCashouts: boolean('reopens_cashouts').notNull().default(false),
    /** Asked for by a cancel taken back: the run gives back the cash-outs that cancel took back. */
    restoresCashouts: boolean('restores_cashouts').notNull().default(false),
    afterBetId: int8('after_bet_id').notNull().default(0),
    settled: integer('settled').notNull().default(0),
    leaseUntil: timestamptz('lease_until'),
    createdAt: createdAtColumn(),
    doneAt: timestamptz('done_at'),
  },
  (t) => [
    index('sb_settlement_runs_todo').on(t.id).where(sql`${t.doneAt} is null`),
    check('sb_settlement_runs_target', sql`${t.marketId} is not null or ${t.betIds} is not null`),
  ],
);

/** What the reconciler found where the book and the wallet disagree (reconciler.ts). */
export const sbReconcileFindings = pgTable(
  'sb_reconcile_findings',
  {
    id: idColumn(),
    betId: int8('bet_id').notNull(),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull(),
    repaired: boolean('repaired').notNull(),
    foundAt: timestamptz('found_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    uniqueIndex('sb_reconcile_findings_open').on(t.betId, t.kind).where(sql`${t.resolvedAt} is null`),
    index('sb_reconcile_findings_recent').on(t.foundAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The desk's ticker alerts (migration 0050, alerts/): each stored once by its key, dismissed by a trader. */
export const sbTickerAlerts = pgTable(
  'sb_ticker_alerts',
  {
    id: idColumn(),
    key: text('key').notNull(),
    rule: text('rule').notNull(),
    betId: int8('bet_id').notNull(),
    detail: jsonb('detail').notNull(),
    createdAt: createdAtColumn(),
    dismissedAt: timestamptz('dismissed_at'),
    dismissedBy: text('dismissed_by'),
  },
  (t) => [
    uniqueIndex('sb_ticker_alerts_key').on(t.key),
    index('sb_ticker_alerts_recent').on(t.id.desc().nullsFirst()),
    index('sb_ticker_alerts_bet').on(t.betId),
    check(
      'sb_ticker_alerts_rule_known',
      sql`${t.rule} in ('big_stake', 'late_bet', 'new_account', 'same_ip')`,
    ),
  ],
);

/** Every price a selection has had, from the feed and the desk (migration 0052, price-history.ts). */
export const sbPriceHistory = pgTable(
  'sb_price_history',
  {
    id: idColumn(),
    selectionId: int8('selection_id').notNull(),
    priceNum: int8('price_num').notNull(),
    priceDen: int8('price_den').notNull(),
    source: text('source').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    index('sb_price_history_selection').on(t.selectionId, t.id.desc().nullsFirst()),
    check('sb_price_history_source_known', sql`${t.source} in ('feed', 'desk')`),
  ],
);

export const DESK_PROPOSAL_KINDS = [
  'unsettle',
  'void',
  'cancel_bet',
  'cancel_window',
  'rollback_cancel',
] as const;
/**
 * A desk action on money already settled, waiting for a second operator (migration 0069,
 * desk-proposals.ts): confirmed (then done) or rejected by another operator; the proposer may withdraw it.
 */
export const sbDeskProposals = pgTable(
  'sb_desk_proposals',
  {
    id: idColumn(),
    kind: text('kind', { enum: DESK_PROPOSAL_KINDS }).notNull(),
    /** What it acts on, as the audit log names it (`sb-market:12`, `sb-bet:5`, `sb-event:3`). */
    target: text('target').notNull(),
    marketId: int8('market_id'),
    betId: int8('bet_id'),
    eventId: int8('event_id'),
    /** The action's own terms: a cancel window's times, market, selection and corrected price; a void's source. */
    detail: jsonb('detail').notNull().default({}),
    reason: text('reason').notNull(),
    proposedBy: int8('proposed_by').notNull(),
    createdAt: createdAtColumn(),
    decision: text('decision', { enum: ['confirmed', 'rejected'] }),
    decidedBy: int8('decided_by'),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    uniqueIndex('sb_desk_proposals_one_waiting')
      .on(t.kind, t.target)
      .where(sql`${t.decidedAt} is null and ${t.kind} not in ('cancel_window', 'rollback_cancel')`),
    index('sb_desk_proposals_waiting').on(t.id).where(sql`${t.decidedAt} is null`),
    check(
      'sb_desk_proposals_kind_known',
      sql`${t.kind} in ('unsettle', 'void', 'cancel_bet', 'cancel_window', 'rollback_cancel')`,
    ),
    check(
      'sb_desk_proposals_decided',
      sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decision} is null or ${t.decision} in ('confirmed', 'rejected'))`,
    ),
  ],
);
