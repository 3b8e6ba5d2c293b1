import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import { refuseWhileOwing } from '../games/wallet/debts.service.ts';
import {
  IdempotencyConflict,
  InsufficientFunds,
  memberBalances,
  transfer,
} from '../ledger/ledger.service.ts';
import { refuseVaultWhileCashFirstBonus } from '../promotions/bonus-close.service.ts';

export type VaultDirection = 'in' | 'out';

export interface VaultBalances {
  /** Spendable cash. */
  balance: number;
  /** Cash set aside in the vault. */
  vault: number;
}

/** Cash and vault of a member, read together (the member's rows of the unique account index). */
export async function vaultBalances(db: DbOrTx, memberId: number): Promise<VaultBalances> {
  const { cash, vault } = await memberBalances(db, memberId);
  return { balance: cash, vault };
}

const notEnough = (direction: VaultDirection, available: number) =>
  errors.insufficientBalance(
    direction === 'in'
      ? 'the amount is more than the cash balance'
      : 'the amount is more than the vault holds',
    { available },
  );

/**
 * Moves cash into the vault ('in') or back out ('out') as one ledger transfer between the member's
 * own accounts: the ledger refuses to overdraw either (never below zero), and the key makes a
 * repeated request (same `code`) apply once. Without a code every call is a new movement. A move into
 * the vault is refused while the member owes a debt (refuseWhileOwing): checked in the move's
 * transaction once the transfer is known to be new, so a repeat of a move made before the debt
 * answers as it did then, and a refused move is undone with it. So is a move into the vault while a
 * cash-first bonus runs (refuseVaultWhileCashFirstBonus: that cash is staked before the bonus). Back
 * out to cash is always allowed.
 */
export async function moveVault(
  db: Db,
  member: SessionMember,
  input: { direction: VaultDirection; amount: number; code?: string | undefined },
): Promise<VaultBalances & { applied: boolean }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw errors.invalid('the amount must be a whole number above 0', undefined, { field: 'amount' });
  }
  const cash = { memberId: member.memberId, kind: 'cash' } as const;
  const vault = { memberId: member.memberId, kind: 'vault' } as const;
  try {
    return await db.transaction(async (tx) => {
      const result = await transfer(tx, {
        idempotencyKey: `vault-${input.direction}:${member.memberId}:${input.code ?? randomUUID()}`,
        from: input.direction === 'in' ? cash : vault,
        to: input.direction === 'in' ? vault : cash,
        amount: input.amount,
        kind: input.direction === 'in' ? 'vault_in' : 'vault_out',
      });
      if (result.applied && input.direction === 'in') {
        await refuseWhileOwing(tx, member.memberId, 'vault');
        await refuseVaultWhileCashFirstBonus(tx, member.memberId);
      }
      return { ...(await vaultBalances(tx, member.memberId)), applied: result.applied };
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw notEnough(input.direction, error.balance);
    if (error instanceof IdempotencyConflict) {
      throw errors.duplicate('this code was used for another amount');
    }
    throw error;
  }
}
