import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TransferKind } from '../../../shared/vocabulary.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { notifyMembers } from '../live/live.notify.ts';
import { houseShardOf } from './house-shards.ts';
import {
  type HouseAccountKind,
  ledgerAccounts,
  ledgerTransfers,
  MEMBER_ACCOUNT_KINDS,
  type MemberAccountKind,
} from './ledger.schema.ts';

export type AccountRef = { memberId: number; kind: MemberAccountKind } | { house: HouseAccountKind };

export interface TransferInput {
  idempotencyKey: string;
  from: AccountRef;
  to: AccountRef;
  amount: number;
  /** One of the vocabulary's transfer kinds: each has its name on the member's statement. */
  kind: TransferKind;
  reference?: Record<string, string | number>;
  reversesId?: number;
  /** A transfer between two house accounts: the member whose shard and currency both legs take. */
  onBehalfOf?: number;
}

export interface TransferResult {
  transferId: number;
  /** False when the key had already been applied and this is its first result again. */
  applied: boolean;
  fromBalance: number | null;
  toBalance: number | null;
}

export class InsufficientFunds extends Error {
  constructor(readonly balance: number) {
    super('insufficient funds');
  }
}

export class IdempotencyConflict extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used for a different transfer`);
  }
}

/**
 * Opens cash, comp, held, vault and bonus accounts for a new member (inside the registration transaction), in
 * the currency of the member's site.
 */
export async function openMemberAccounts(tx: DbOrTx, memberId: number, currency: string): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(MEMBER_ACCOUNT_KINDS.map((kind) => ({ memberId, kind, currency })))
    .onConflictDoNothing();
}

/**
 * The account a reference names, as a sub-select: a house account by the house-shard rule, in the
 * currency of the member on the other side (the house keeps one set of accounts per currency).
 */
export function accountIdSql(ref: AccountRef, member: number) {
  return 'house' in ref
    ? sql`(select id from ledger_accounts where member_id is null and kind = ${ref.house}
            and shard = ${houseShardOf(member)}
            and currency = (select currency from ledger_accounts where member_id = ${member} and kind = 'cash'))`
    : sql`(select id from ledger_accounts where member_id = ${ref.memberId} and kind = ${ref.kind})`;
}

/** The member a transfer is about: its house leg follows them (shard and currency). */
function memberOf(input: TransferInput): number {
  const member = 'memberId' in input.from ? input.from : 'memberId' in input.to ? input.to : undefined;
  if (member) return member.memberId;
  if (input.onBehalfOf === undefined) throw new RangeError('a transfer names a member account or onBehalfOf');
  return input.onBehalfOf;
}

interface TransferRow {
  transfer_id: number | null;
  outcome: 'applied' | 'replay' | 'conflict' | 'insufficient';
  from_balance: number | null;
  to_balance: number | null;
}

/**
 * Moves money between two accounts in one round trip, through the database's ledger_transfer
 * (migration 0002), which the wallet uses too: both rows locked in id order, a member account
 * never overdrawn, the transfer recorded under its idempotency key. A repeated key returns the
 * first transfer; the same key with another amount or other accounts is refused.
 */
export async function transfer(db: DbOrTx, input: TransferInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`transfer amount must be a positive integer, got ${input.amount}`);
  }
  const member = memberOf(input);
  const [row] = await queryRows<TransferRow>(
    db,
    sql`select * from ledger_transfer(${input.idempotencyKey}, ${accountIdSql(input.from, member)},
          ${accountIdSql(input.to, member)}, ${input.amount}::int8, ${input.kind},
          ${JSON.stringify(input.reference ?? {})}::jsonb, ${input.reversesId ?? null}::int8)`,
  );
  switch (row?.outcome) {
    case 'applied':
      await notifyMembers(db, membersOf(input));
      return {
        transferId: row.transfer_id!,
        applied: true,
        fromBalance: row.from_balance,
        toBalance: row.to_balance,
      };
    case 'replay':
      return { transferId: row.transfer_id!, applied: false, fromBalance: null, toBalance: null };
    case 'conflict':
      throw new IdempotencyConflict(input.idempotencyKey);
    case 'insufficient':
      throw new InsufficientFunds(row.from_balance ?? 0);
    default:
      throw new Error(`ledger_transfer returned ${JSON.stringify(row)}`);
  }
}

/**
 * Locks a member's cash row until the transaction ends, in the mode every move of that cash takes
 * (FOR NO KEY UPDATE: ledger_move's update, the wallet's corrections): what is read after it about
 * that cash (a debt a correction records) cannot change before this transaction commits.
 */
export async function lockMemberCash(tx: Tx, memberId: number): Promise<void> {
  await queryRows(
    tx,
    sql`select id from ledger_accounts where member_id = ${memberId} and kind = 'cash' for no key update`,
  );
}

/**
 * Locks a member's cash row and their shard of one or more house kinds, in one statement in ascending
 * id order (the order wallet_bet takes them, through promo_stake_split, and ledger_move): a transaction
 * that then moves money between those house accounts and the member's accounts queues behind a bet or
 * a cashback of theirs and never deadlocks with it.
 */
export async function lockMemberCashAndHouse(
  tx: Tx,
  memberId: number,
  house: HouseAccountKind | readonly HouseAccountKind[],
): Promise<void> {
  const houses = (typeof house === 'string' ? [house] : house).map((kind) =>
    accountIdSql({ house: kind }, memberId),
  );
  await queryRows(
    tx,
    sql`select id from ledger_accounts where id in (${accountIdSql({ memberId, kind: 'cash' }, memberId)},
          ${sql.join(houses, sql`, `)}) order by id for no key update`,
  );
}

/** The transfer recorded under an idempotency key (the amount it moved and what it said it was for), if any. */
async function transferUnderKey(db: DbOrTx, idempotencyKey: string) {
  const [row] = await db
    .select({ amount: ledgerTransfers.amount, reference: ledgerTransfers.reference })
    .from(ledgerTransfers)
    // The unique index's predicate (migration 0055), so that the look-up uses it.
    .where(
      and(
        eq(ledgerTransfers.idempotencyKey, idempotencyKey),
        notInArray(ledgerTransfers.kind, ['bet', 'win', 'jackpot_contribution']),
      ),
    );
  return row;
}

/** What a transfer recorded under an idempotency key said it was for (its reference), if there is one. */
export async function referenceOfTransfer(
  db: DbOrTx,
  idempotencyKey: string,
): Promise<Record<string, string | number> | undefined> {
  return (await transferUnderKey(db, idempotencyKey))?.reference;
}

/** The amount a transfer recorded under an idempotency key moved, if there is one. */
export async function amountOfTransfer(db: DbOrTx, idempotencyKey: string): Promise<number | undefined> {
  return (await transferUnderKey(db, idempotencyKey))?.amount;
}

/** The members whose balances a transfer moves (their live streams re-read them). */
function membersOf(input: TransferInput): number[] {
  return [input.from, input.to].flatMap((ref) => ('memberId' in ref ? [ref.memberId] : []));
}

/** The currency a house kind's accounts are in (the jackpot pool's: one currency), if it has any. */
export async function houseCurrency(db: DbOrTx, kind: string): Promise<string | undefined> {
  const [row] = await queryRows<{ currency: string }>(
    db,
    sql`select currency from ledger_accounts where member_id is null and kind = ${kind} limit 1`,
  );
  return row?.currency;
}

/** Each member's currency (their accounts', their site's). */
export async function memberCurrencies(db: DbOrTx, memberIds: number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ memberId: ledgerAccounts.memberId, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.memberId, memberIds), eq(ledgerAccounts.kind, 'cash')));
  return new Map(rows.map((r) => [r.memberId!, r.currency]));
}

export interface MemberBalances {
  cash: number;
  comp: number;
  held: number;
  vault: number;
  bonus: number;
}

export async function memberBalances(db: DbOrTx, memberId: number): Promise<MemberBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.memberId, memberId), inArray(ledgerAccounts.kind, [...MEMBER_ACCOUNT_KINDS])),
    );
  const balances: MemberBalances = { cash: 0, comp: 0, held: 0, vault: 0, bonus: 0 };
  for (const row of rows) balances[row.kind as MemberAccountKind] = row.balance;
  return balances;
}

/**
 * The balance of a house account kind (the ledger's own, or another module's such as the jackpot pool):
 * the sum of its shard rows (an index range on ledger_accounts_house_kind), never the transfers.
 */
export async function houseBalance(db: DbOrTx, kind: string): Promise<number> {
  const [row] = await queryRows<{ amount: number }>(
    db,
    sql`select coalesce(sum(balance), 0)::int8 as amount from ledger_accounts
        where member_id is null and kind = ${kind}`,
  );
  return Number(row?.amount ?? 0);
}
