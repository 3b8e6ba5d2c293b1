import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import {
  type HouseAccountKind,
  ledgerAccounts,
  ledgerTransfers,
  MEMBER_ACCOUNT_KINDS,
  type MemberAccountKind,
} from './ledger.schema.ts';

/** House accounts per kind; a transfer picks one by hash so concurrent bets spread over rows. */
export const HOUSE_SHARDS = 8;

export type AccountRef = { memberId: number; kind: MemberAccountKind } | { house: HouseAccountKind };

export interface TransferInput {
  idempotencyKey: string;
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: string;
  reference?: Record<string, string | number>;
  reversesId?: number;
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

/** Opens cash, comp and held accounts for a new member (inside the registration transaction). */
export async function openMemberAccounts(tx: DbOrTx, memberId: number): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(MEMBER_ACCOUNT_KINDS.map((kind) => ({ memberId, kind })))
    .onConflictDoNothing();
}

function shardOf(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % HOUSE_SHARDS;
}

async function accountId(db: DbOrTx, ref: AccountRef, shardKey: string): Promise<number> {
  const where =
    'house' in ref
      ? and(
          isNull(ledgerAccounts.memberId),
          eq(ledgerAccounts.kind, ref.house),
          eq(ledgerAccounts.shard, shardOf(shardKey)),
        )
      : and(eq(ledgerAccounts.memberId, ref.memberId), eq(ledgerAccounts.kind, ref.kind));
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (!row) throw new Error(`ledger account missing: ${JSON.stringify(ref)}`);
  return row.id;
}

interface TransferRow {
  id: number | null;
  from_balance: number | null;
  to_balance: number | null;
  from_before: number | null;
}

/**
 * Moves money between two accounts in one statement: locks both rows in id order, refuses to
 * overdraw a member account, records the transfer under its idempotency key and updates both
 * balances. A repeated key returns the first result; the same key with another body is refused.
 */
export async function transfer(db: DbOrTx, input: TransferInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`transfer amount must be a positive integer, got ${input.amount}`);
  }
  const [fromId, toId] = await Promise.all([
    accountId(db, input.from, input.idempotencyKey),
    accountId(db, input.to, input.idempotencyKey),
  ]);
  const reference = JSON.stringify(input.reference ?? {});
  const [row] = await queryRows<TransferRow>(
    db,
    sql`
    with locked as (
      select id, member_id, balance from ledger_accounts
      where id in (${fromId}, ${toId}) order by id for update
    ), ins as (
      insert into ledger_transfers
        (idempotency_key, from_account_id, to_account_id, amount, kind, reference, reverses_id)
      select ${input.idempotencyKey}, ${fromId}, ${toId}, ${input.amount}, ${input.kind},
             ${reference}::jsonb, ${input.reversesId ?? null}::bigint
      where exists (select 1 from locked where id = ${fromId}
                    and (member_id is null or balance >= ${input.amount}))
        and (select count(*) from locked) = 2
      on conflict (idempotency_key) do nothing
      returning id
    ), debit as (
      update ledger_accounts a set balance = a.balance - ${input.amount}
      from ins where a.id = ${fromId} returning a.balance
    ), credit as (
      update ledger_accounts a set balance = a.balance + ${input.amount}
      from ins where a.id = ${toId} returning a.balance
    )
    select (select id from ins) as id,
           (select balance from debit) as from_balance,
           (select balance from credit) as to_balance,
           (select balance from locked where id = ${fromId}) as from_before`,
  );
  if (row?.id != null) {
    return { transferId: row.id, applied: true, fromBalance: row.from_balance, toBalance: row.to_balance };
  }
  const [existing] = await db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
  if (existing) {
    const same =
      existing.fromAccountId === fromId && existing.toAccountId === toId && existing.amount === input.amount;
    if (!same) throw new IdempotencyConflict(input.idempotencyKey);
    return { transferId: existing.id, applied: false, fromBalance: null, toBalance: null };
  }
  throw new InsufficientFunds(row?.from_before ?? 0);
}

export interface MemberBalances {
  cash: number;
  comp: number;
  held: number;
}

export async function memberBalances(db: DbOrTx, memberId: number): Promise<MemberBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.memberId, memberId), inArray(ledgerAccounts.kind, [...MEMBER_ACCOUNT_KINDS])),
    );
  const balances: MemberBalances = { cash: 0, comp: 0, held: 0 };
  for (const row of rows) balances[row.kind as MemberAccountKind] = row.balance;
  return balances;
}
