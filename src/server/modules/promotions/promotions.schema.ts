import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  BonusStatus,
  CASHBACK_OUTCOMES,
  CASHBACK_PAID_AS,
  CampaignTerms,
  CampaignType,
  PERSON_FLAG_REASONS,
  PERSON_FLAG_STATUSES,
  STAKE_ORDERS,
  WAGERING_BASES,
} from '../../../shared/promotions.ts';
import { createdAtColumn, idColumn, int8, timestamptz, updatedAtColumn } from '../../db/columns.ts';
import { memberIdColumn, members } from '../accounts/accounts.schema.ts';
import { sites } from '../sites/sites.schema.ts';

/**
 * A promotion an operator runs (migration 0031). Amounts are minor units of `currency`: a campaign is
 * offered only to members whose accounts are in it. Percentages and contributions are basis points.
 */
export const promoCampaigns = pgTable(
  'promo_campaigns',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type').$type<CampaignType>().notNull(),
    currency: text('currency').notNull(),
    /** A code campaign's code, upper case; members claim it by this. */
    code: text('code'),
    percentBps: integer('percent_bps').notNull().default(0),
    /** A code campaign's fixed bonus (deposit campaigns give percent of the deposit). */
    fixedAmount: int8('fixed_amount').notNull().default(0),
    /** The largest bonus one grant gives; null: no cap. */
    cap: int8('cap'),
    minDeposit: int8('min_deposit').notNull().default(0),
    /** Member levels it is offered to; empty: every level. */
    levels: integer('levels').array().notNull().default(sql`'{}'::integer[]`),
    /** Sites it is offered on; empty: every site (of its currency). */
    siteIds: int8('site_ids').array().notNull().default(sql`'{}'::bigint[]`),
    newMembersOnly: boolean('new_members_only').notNull().default(false),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    wageringMultiple: integer('wagering_multiple').notNull().default(0),
    wageringBase: text('wagering_base').$type<(typeof WAGERING_BASES)[number]>().notNull().default('bonus'),
    slotsBps: integer('slots_bps').notNull().default(10000),
    tablesBps: integer('tables_bps').notNull().default(1000),
    sportsBps: integer('sports_bps').notNull().default(10000),
    /** The least odds a sports bet needs to count, as an exact fraction (3/2 is 1.50). */
    sportsMinOddsNum: integer('sports_min_odds_num').notNull().default(3),
    sportsMinOddsDen: integer('sports_min_odds_den').notNull().default(2),
    /** The largest stake accepted while the bonus is wagering; null: no limit. */
    maxStake: int8('max_stake'),
    expiryDays: integer('expiry_days').notNull().default(30),
    /** The most bonus money that converts to cash; the rest returns to the expense. null: no cap. */
    conversionCap: int8('conversion_cap'),
    stakeOrder: text('stake_order').$type<(typeof STAKE_ORDERS)[number]>().notNull().default('cash_first'),
    /** A cashback campaign's period, in the member's local days from its start (migration 0040). */
    cashbackPeriodDays: integer('cashback_period_days').notNull().default(7),
    /** Whether cashback is paid as cash or as a bonus under the campaign's wagering. */
    cashbackPaidAs: text('cashback_paid_as')
      .$type<(typeof CASHBACK_PAID_AS)[number]>()
      .notNull()
      .default('cash'),
    /** A free_spins campaign: how many spins, the stake of each (minor units), and which built-in slot (migration 0045). */
    freeSpinCount: integer('free_spin_count').notNull().default(0),
    freeSpinStake: int8('free_spin_stake').notNull().default(0),
    freeSpinGame: text('free_spin_game'),
    terms: jsonb('terms').$type<CampaignTerms>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('promo_campaigns_code').on(t.code).where(sql`${t.code} is not null`),
    check(
      'promo_campaigns_type',
      sql`${t.type} in ('first_deposit', 'every_deposit', 'code', 'cashback', 'free_spins', 'level_up')`,
    ),
    check('promo_campaigns_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'promo_campaigns_amounts',
      sql`${t.percentBps} >= 0 and ${t.fixedAmount} >= 0 and ${t.minDeposit} >= 0`,
    ),
    check('promo_campaigns_period', sql`${t.endsAt} > ${t.startsAt}`),
    check('promo_campaigns_wagering_base', sql`${t.wageringBase} in ('bonus', 'bonus_deposit')`),
    check('promo_campaigns_stake_order', sql`${t.stakeOrder} in ('cash_first', 'bonus_first')`),
    check(
      'promo_campaigns_contributions',
      sql`${t.slotsBps} between 0 and 10000 and ${t.tablesBps} between 0 and 10000 and ${t.sportsBps} between 0 and 10000`,
    ),
    check('promo_campaigns_min_odds', sql`${t.sportsMinOddsNum} > 0 and ${t.sportsMinOddsDen} > 0`),
    check(
      'promo_campaigns_free_spins',
      sql`${t.freeSpinCount} between 0 and 1000 and ${t.freeSpinStake} >= 0`,
    ),
    check(
      'promo_campaigns_cashback',
      sql`${t.cashbackPeriodDays} between 1 and 31 and ${t.cashbackPaidAs} in ('cash', 'bonus')`,
    ),
  ],
);

/**
 * One bonus granted to a member. Its money is in the member's `bonus` ledger account; this row says
 * which grant it came from, what wagering it needs and how it ended. `grant_key` makes each grant happen
 * once (`deposit:<request>`, `welcome:<member>`, `code:<campaign>:<member>`); a member has at most one
 * active bonus, so the bonus account's balance is that bonus's money.
 */
export const promoBonuses = pgTable(
  'promo_bonuses',
  {
    id: idColumn(),
    campaignId: int8('campaign_id')
      .notNull()
      .references(() => promoCampaigns.id),
    memberId: memberIdColumn(),
    grantKey: text('grant_key').notNull(),
    depositRequestId: int8('deposit_request_id'),
    amount: int8('amount').notNull(),
    depositAmount: int8('deposit_amount').notNull().default(0),
    wageringRequired: int8('wagering_required').notNull(),
    wageringDone: int8('wagering_done').notNull().default(0),
    /** Ten-thousandths of a minor unit of progress not yet whole (stake × basis points, migration 0032). */
    wageringRest: integer('wagering_rest').notNull().default(0),
    /** The campaign's numbers at the grant: what this bonus plays under whatever the campaign becomes. */
    maxStake: int8('max_stake'),
    conversionCap: int8('conversion_cap'),
    slotsBps: integer('slots_bps').notNull().default(0),
    tablesBps: integer('tables_bps').notNull().default(0),
    sportsBps: integer('sports_bps').notNull().default(0),
    sportsMinOddsNum: integer('sports_min_odds_num').notNull().default(1),
    sportsMinOddsDen: integer('sports_min_odds_den').notNull().default(1),
    /** Which money a stake takes first (migration 0033). */
    stakeOrder: text('stake_order').$type<(typeof STAKE_ORDERS)[number]>().notNull().default('cash_first'),
    status: text('status').$type<BonusStatus>().notNull().default('active'),
    expiresAt: timestamptz('expires_at').notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
    /** Bonus money paid out as cash at conversion. */
    converted: int8('converted').notNull().default(0),
    /** Bonus money returned to the expense (forfeiture, expiry, above the conversion cap). */
    returned: int8('returned').notNull().default(0),
    /** Cash taken back from the member by corrections of bonus-funded wins after conversion (migration 0048). */
    clawedBack: int8('clawed_back').notNull().default(0),
  },
  (t) => [
    uniqueIndex('promo_bonuses_grant_key').on(t.grantKey),
    uniqueIndex('promo_bonuses_one_active').on(t.memberId).where(sql`${t.status} = 'active'`),
    index('promo_bonuses_member').on(t.memberId, t.id),
    index('promo_bonuses_campaign').on(t.campaignId, t.status),
    index('promo_bonuses_expiring').on(t.expiresAt).where(sql`${t.status} = 'active'`),
    check('promo_bonuses_status', sql`${t.status} in ('active', 'converted', 'forfeited', 'expired')`),
    check(
      'promo_bonuses_amounts',
      sql`${t.amount} >= 0 and ${t.wageringRequired} >= 0 and ${t.wageringDone} >= 0 and ${t.converted} >= 0 and ${t.returned} >= 0`,
    ),
    check('promo_bonuses_wagering_rest', sql`${t.wageringRest} between 0 and 9999`),
    check('promo_bonuses_clawed_back', sql`${t.clawedBack} between 0 and ${t.converted}`),
    check('promo_bonuses_stake_order', sql`${t.stakeOrder} in ('cash_first', 'bonus_first')`),
  ],
);

/**
 * What each sports bet counted towards a bonus's wagering (migration 0060): the stake still counted, taken
 * back by a void of the bet or a cash-out of part or all of it (promo_unwager_sports).
 */
export const promoSportsWagers = pgTable(
  'promo_sports_wagers',
  {
    betId: int8('bet_id').primaryKey(),
    bonusId: int8('bonus_id')
      .notNull()
      .references(() => promoBonuses.id),
    stake: int8('stake').notNull(),
    /** Ten-thousandths of a minor unit the stake really added to the wagering (less at the requirement's cap). */
    units: int8('units').notNull(),
    /** The bet is not settled (pending, open): its count is not the member's yet (promo_sports_bets_settled). */
    open: boolean('open').notNull().default(true),
  },
  (t) => [
    index('promo_sports_wagers_open').on(t.bonusId).where(sql`${t.stake} > 0 and ${t.open}`),
    check('promo_sports_wagers_amounts', sql`${t.stake} >= 0 and ${t.units} >= 0`),
  ],
);

/**
 * What each casino stake counted towards a bonus's wagering (migration 0063), keyed by the wallet's bet:
 * the ten-thousandths it really added (less at the requirement's cap). Its rollback takes exactly that back
 * (promo_unwager); a conversion leaves out the stakes of rounds still open (promo_open_wagering).
 */
export const promoCasinoWagers = pgTable(
  'promo_casino_wagers',
  {
    provider: text('provider').notNull(),
    txId: text('tx_id').notNull(),
    roundId: text('round_id').notNull(),
    bonusId: int8('bonus_id')
      .notNull()
      .references(() => promoBonuses.id),
    units: int8('units').notNull(),
  },
  (t) => [
    primaryKey({ name: 'promo_casino_wagers_pk', columns: [t.provider, t.txId] }),
    index('promo_casino_wagers_bonus').on(t.bonusId),
    check('promo_casino_wagers_units', sql`${t.units} > 0`),
  ],
);

/** A member's opt-in at deposit request: the campaign the deposit's approval grants (at most one per request). */
export const promoDepositClaims = pgTable('promo_deposit_claims', {
  requestId: int8('request_id').primaryKey(),
  campaignId: int8('campaign_id')
    .notNull()
    .references(() => promoCampaigns.id),
  memberId: memberIdColumn(),
  createdAt: createdAtColumn(),
});

/**
 * The bonus money a wallet bet staked (migration 0033), one row per bet that took any: its win pays the
 * round's bonus share back to the bonus (wins follow the stake's source), its rollback refunds it there.
 */
export const promoBetStakes = pgTable(
  'promo_bet_stakes',
  {
    provider: text('provider').notNull(),
    txId: text('tx_id').notNull(),
    roundId: text('round_id').notNull(),
    bonusId: int8('bonus_id')
      .notNull()
      .references(() => promoBonuses.id),
    memberId: memberIdColumn(),
    amount: int8('amount').notNull(),
    fromBonus: int8('from_bonus').notNull(),
    rolledBack: boolean('rolled_back').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'promo_bet_stakes_pk', columns: [t.provider, t.txId] }),
    index('promo_bet_stakes_round').on(t.provider, t.roundId),
    check('promo_bet_stakes_amounts', sql`${t.fromBonus} > 0 and ${t.fromBonus} <= ${t.amount}`),
  ],
);

/**
 * One cashback decision per campaign, member and period (migration 0040): the unique key makes a payout
 * happen once whatever runs it concurrently. `paid`: `amount` moved (cash: one transfer keyed
 * `cashback:<id>`; bonus: the grant of `bonus_id`); `protected`: the member was on a break, excluded or
 * at a limit when it ran, and gets nothing for that period.
 */
export const promoCashbackPayments = pgTable(
  'promo_cashback_payments',
  {
    id: idColumn(),
    campaignId: int8('campaign_id')
      .notNull()
      .references(() => promoCampaigns.id),
    memberId: memberIdColumn(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    netLoss: int8('net_loss').notNull(),
    amount: int8('amount').notNull(),
    paidAs: text('paid_as').$type<(typeof CASHBACK_PAID_AS)[number]>().notNull(),
    outcome: text('outcome').$type<(typeof CASHBACK_OUTCOMES)[number]>().notNull(),
    bonusId: int8('bonus_id').references(() => promoBonuses.id),
    /** The campaign's percentage and cap the decision was taken under (migration 0088): its recomputation keeps them. */
    percentBps: integer('percent_bps').notNull(),
    cap: int8('cap'),
    /**
     * The instants the decision covered: the period's days in the site's zone when it was taken (migration
     * 0067). A later period leaves out the rounds opened in them, so a zone moved east pays no hour twice.
     */
    coversFrom: timestamptz('covers_from').notNull(),
    coversUntil: timestamptz('covers_until').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('promo_cashback_payments_once').on(t.campaignId, t.memberId, t.periodStart),
    index('promo_cashback_payments_member').on(t.memberId, t.id),
    check(
      'promo_cashback_payments_amounts',
      sql`${t.netLoss} > 0 and ${t.amount} >= 0 and ${t.periodEnd} > ${t.periodStart}`,
    ),
    check('promo_cashback_payments_paid_as', sql`${t.paidAs} in ('cash', 'bonus')`),
    check('promo_cashback_payments_outcome', sql`${t.outcome} in ('paid', 'protected')`),
    check('promo_cashback_payments_covers', sql`${t.coversUntil} > ${t.coversFrom}`),
  ],
);

/**
 * A cashback decision recomputed after a correction of its rounds (migration 0087): each difference is a
 * new row and a new transfer (cash: `cashback-correction:<id>`, kind `cashback_correction`; bonus: a
 * grant of `bonus_id` for a top-up), never an edit of the payment. `amount` is the change of what the
 * member is owed, `debt` what cash did not hold of a take-back, `written_off` what a bonus-paid cashback
 * leaves with the member.
 */
export const promoCashbackCorrections = pgTable(
  'promo_cashback_corrections',
  {
    id: idColumn(),
    paymentId: int8('payment_id')
      .notNull()
      .references(() => promoCashbackPayments.id),
    seq: integer('seq').notNull(),
    netLoss: int8('net_loss').notNull(),
    amount: int8('amount').notNull(),
    debt: int8('debt').notNull().default(0),
    writtenOff: int8('written_off').notNull().default(0),
    bonusId: int8('bonus_id').references(() => promoBonuses.id),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('promo_cashback_corrections_once').on(t.paymentId, t.seq),
    check(
      'promo_cashback_corrections_amounts',
      sql`${t.amount} <> 0 and ${t.debt} >= 0 and ${t.writtenOff} >= 0`,
    ),
  ],
);

/**
 * The paid decisions a correction of one of their rounds may have changed (migration 0087), queued by
 * the correction (promo_cashback_recheck) and taken off by the recompute (correctCashback).
 */
export const promoCashbackRechecks = pgTable(
  'promo_cashback_rechecks',
  {
    paymentId: int8('payment_id')
      .primaryKey()
      .references(() => promoCashbackPayments.id),
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
  },
  (t) => [index('promo_cashback_rechecks_queued').on(t.queuedAt, t.paymentId)],
);

/**
 * The cashback sweep's finished runs (migration 0046): a (campaign, site, period) whose every member was
 * decided, none waiting on open rounds or another bonus, and none failing; the sweep skips it.
 */
export const promoCashbackRuns = pgTable(
  'promo_cashback_runs',
  {
    campaignId: int8('campaign_id')
      .notNull()
      .references(() => promoCampaigns.id),
    siteId: int8('site_id')
      .notNull()
      .references(() => sites.id),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** The period's end too: an edit of the campaign's end changes its last period. */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    finishedAt: timestamptz('finished_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'promo_cashback_runs_pk',
      columns: [t.campaignId, t.siteId, t.periodStart, t.periodEnd],
    }),
  ],
);

/**
 * Per round, the bonus share a correction could not take back because the bonus no longer held it
 * (migration 0048): a later correction upward pays only what goes beyond it; and the cash a cut took
 * back once the bonus converted (`clawed`), which only the same round's later share gives back.
 */
export const promoRoundShareGaps = pgTable(
  'promo_round_share_gaps',
  {
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    amount: int8('amount').notNull(),
    /** The cash a correction took back from a converted bonus for this round (migration 0051). */
    clawed: int8('clawed').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'promo_round_share_gaps_pk', columns: [t.provider, t.roundId] }),
    check('promo_round_share_gaps_amount', sql`${t.amount} >= 0`),
    check('promo_round_share_gaps_clawed', sql`${t.clawed} >= 0`),
  ],
);

/** What each level of a site needs in total wagered, minor units of the site's currency (migration 0041). */
export const promoVipLevels = pgTable(
  'promo_vip_levels',
  {
    siteId: int8('site_id')
      .notNull()
      .references(() => sites.id),
    level: integer('level').notNull(),
    wagered: int8('wagered').notNull(),
  },
  (t) => [
    primaryKey({ name: 'promo_vip_levels_pk', columns: [t.siteId, t.level] }),
    check('promo_vip_levels_valid', sql`${t.level} between 2 and 20 and ${t.wagered} > 0`),
  ],
);

/**
 * Each level a member rose to by their wagering, once (migration 0041), with the level-up bonus granted
 * for it; `bonus_id` null: none yet (no live level-up campaign, or another bonus running: retried).
 */
export const promoLevelUps = pgTable(
  'promo_level_ups',
  {
    memberId: memberIdColumn(),
    level: integer('level').notNull(),
    fromLevel: integer('from_level').notNull(),
    wagered: int8('wagered').notNull(),
    bonusId: int8('bonus_id').references(() => promoBonuses.id),
    /** No live level-up campaign rewarded this level for the member when it was looked at (migration 0047). */
    noBonus: boolean('no_bonus').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'promo_level_ups_pk', columns: [t.memberId, t.level] }),
    index('promo_level_ups_waiting').on(t.memberId).where(sql`${t.bonusId} is null and not ${t.noBonus}`),
  ],
);

/**
 * A member granted the welcome bonus who shares a bank account number, a phone, or a device and address
 * (a session's user agent and IP) with another member who had one (migration 0042): one row per pair and
 * reason, for an operator to clear or confirm. The grant itself stands.
 */
export const promoPersonFlags = pgTable(
  'promo_person_flags',
  {
    id: idColumn(),
    memberId: memberIdColumn(),
    otherMemberId: int8('other_member_id')
      .notNull()
      .references(() => members.id),
    reason: text('reason').$type<(typeof PERSON_FLAG_REASONS)[number]>().notNull(),
    bonusId: int8('bonus_id')
      .notNull()
      .references(() => promoBonuses.id),
    status: text('status').$type<(typeof PERSON_FLAG_STATUSES)[number]>().notNull().default('open'),
    createdAt: createdAtColumn(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: text('decided_by'),
    /** Why the operator cleared or confirmed it (migration 0045). */
    decisionReason: text('decision_reason'),
  },
  (t) => [
    uniqueIndex('promo_person_flags_once').on(t.memberId, t.otherMemberId, t.reason),
    index('promo_person_flags_open').on(t.id).where(sql`${t.status} = 'open'`),
    check('promo_person_flags_reason', sql`${t.reason} in ('bank', 'phone', 'device')`),
    check('promo_person_flags_status', sql`${t.status} in ('open', 'cleared', 'confirmed')`),
    check('promo_person_flags_pair', sql`${t.memberId} <> ${t.otherMemberId}`),
  ],
);

/**
 * The spins of a free_spins grant (migration 0045): one row per grant, beside its bonus, whose amount is
 * what the spins won. `played` counts the spins taken; a spin is played only while played < granted,
 * by one conditional update, so concurrent spins never take more than were granted.
 */
export const promoFreeSpins = pgTable(
  'promo_free_spins',
  {
    bonusId: int8('bonus_id')
      .primaryKey()
      .references(() => promoBonuses.id),
    memberId: memberIdColumn(),
    gameCode: text('game_code').notNull(),
    stake: int8('stake').notNull(),
    granted: integer('granted').notNull(),
    played: integer('played').notNull().default(0),
    won: int8('won').notNull().default(0),
    /** The campaign's wagering multiple at the grant: each win needs that many times itself (migration 0061). */
    wageringMultiple: integer('wagering_multiple').notNull(),
  },
  (t) => [
    index('promo_free_spins_member').on(t.memberId),
    check(
      'promo_free_spins_counts',
      sql`${t.granted} > 0 and ${t.played} between 0 and ${t.granted} and ${t.stake} > 0 and ${t.won} >= 0`,
    ),
  ],
);
