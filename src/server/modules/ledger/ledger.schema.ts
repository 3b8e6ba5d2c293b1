import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, int8 } from '../../db/columns.ts';
import { members } from '../accounts/accounts.schema.ts';

/**
 * Per member: spendable cash, comp (rolling), cash held for a pending withdrawal, the vault
 * (cash the member set aside: not playable, not withdrawable until moved back; migration 0012), and
 * bonus money (granted by a promotion, never withdrawable; it becomes cash only by conversion once its
 * wagering is done; migration 0030).
 */
export const MEMBER_ACCOUNT_KINDS = ['cash', 'comp', 'held', 'vault', 'bonus'] as const;
/** House side of every movement; may go negative (a source of funds). */
export const HOUSE_ACCOUNT_KINDS = [
  'house_deposits',
  'house_payouts',
  'game_revenue',
  'comp_expense',
  'adjustments',
  /** Where bonus money comes from and returns to when forfeited or expired (modules/promotions). */
  'promo_expense',
] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: int8('member_id').references(() => members.id),
    kind: text('kind').notNull(),
    /** House accounts are split into shards so concurrent bets do not queue on one row. */
    shard: smallint('shard').notNull().default(0),
    /** Minor units of the account's currency. */
    balance: int8('balance').notNull().default(0),
    /**
     * ISO 4217: a member's accounts are in their site's currency; the house has one set per currency
     * (migration 0020). ledger_move and ledger_post_many refuse a transfer between two currencies.
     */
    currency: text('currency').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_member_kind').on(t.memberId, t.kind).where(sql`${t.memberId} is not null`),
    uniqueIndex('ledger_accounts_house_kind')
      .on(t.kind, t.shard, t.currency)
      .where(sql`${t.memberId} is null`),
    check('ledger_member_never_negative', sql`${t.memberId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * Immutable: a transfer moves `amount` from one account to another. Corrections are new transfers.
 * Two index entries per transfer at most (issue 34, migration 0055): its idempotency key, and
 * (member_id, id) for a transfer a member is in; `id` numbers the rows in the order written, with no
 * index of its own.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    // No foreign keys: its only writers, ledger_move and ledger_post_many (sql/), update both accounts'
    // rows in the same transaction and refuse a transfer if either is missing, and accounts are never
    // deleted.
    // Each foreign key cost a look-up and a row lock per transfer on the wallet's hot path.
    fromAccountId: int8('from_account_id').notNull(),
    toAccountId: int8('to_account_id').notNull(),
    /**
     * The member whose account(s) it moves, null between two house accounts: a transfer moves at most
     * one member's money (ledger_move and ledger_post_many refuse one between two members).
     */
    memberId: int8('member_id'),
    amount: int8('amount').notNull(),
    kind: text('kind').notNull(),
    /** What caused it (request id, round id, operator ...), for statements and audits. */
    reference: jsonb('reference').$type<Record<string, string | number>>().notNull().default({}),
    reversesId: int8('reverses_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // One transfer per key, but for a wallet call's own postings: the call's key in wallet_transactions,
    // written in the same transaction, makes them exactly-once (migration 0055). A look-up by key names
    // the predicate, so that it can use this index.
    uniqueIndex('ledger_transfers_idempotency')
      .on(t.idempotencyKey)
      .where(sql`${t.kind} not in ('bet', 'win', 'jackpot_contribution')`),
    // Every statement read: a member's transfers newest or oldest first.
    index('ledger_transfers_member').on(t.memberId, t.id).where(sql`${t.memberId} is not null`),
    check('ledger_transfer_positive', sql`${t.amount} > 0`),
    check('ledger_transfer_two_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
  ],
);
