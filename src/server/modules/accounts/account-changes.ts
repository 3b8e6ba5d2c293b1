import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from './accounts.schema.ts';

/** A change to a member's account that a withdrawal's reviewer should see: what, and when. */
export interface AccountChange {
  what: 'password' | 'bank';
  at: Date;
}

/**
 * How long before a withdrawal request a change still stands beside it. A session alone can set a
 * new password (the older front ends' set asks no current one) and with it change the bank account
 * withdrawals are paid to: a real member rarely does both just before cashing out, a thief always.
 */
export const RECENT_CHANGE_MS = 72 * 3_600_000;

/**
 * The last of each change of these members: the password set without the current one (the /public/
 * set, a recovery code, an operator's reset) and the bank account changed. Members with neither are absent.
 */
export async function accountChangesOf(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, AccountChange[]>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, password: members.passwordResetAt, bank: members.bankChangedAt })
    .from(members)
    .where(inArray(members.id, unique));
  const changes = new Map<number, AccountChange[]>();
  for (const row of rows) {
    const made: AccountChange[] = [];
    if (row.password) made.push({ what: 'password', at: new Date(row.password) });
    if (row.bank) made.push({ what: 'bank', at: new Date(row.bank) });
    if (made.length > 0) changes.set(row.id, made);
  }
  return changes;
}

/** The changes that stand beside a request made at `asked`: from `RECENT_CHANGE_MS` before it on. */
export const changesNear = (changes: readonly AccountChange[], asked: Date) =>
  changes.filter((c) => c.at.getTime() >= asked.getTime() - RECENT_CHANGE_MS);
