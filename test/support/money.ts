import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { members, sites } from '../../src/server/db/schema.ts';
import { approveDeposit } from '../../src/server/modules/cashier/deposits.service.ts';
import { auditLedger } from '../../src/server/modules/ledger/ledger.audit.ts';
import type { CompSettings } from '../../src/server/modules/sites/sites.schema.ts';
import type { CallOptions, TestApp } from './test-app.ts';

/** A ledger transfer as the tests read it back, its columns named as a posting names them. */
export interface TransferRead<Member> {
  key: string;
  from: number;
  to: number;
  amount: number;
  kind: string;
  ref: unknown;
  member: Member;
}

export async function memberIdOf(db: Db, loginId: string): Promise<number> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  if (!row) throw new Error(`no member ${loginId}`);
  return row.id;
}

let codes = 0;
/** A fresh page `code` (the product sends a timestamp). */
export const nextCode = () => `${Date.now()}${String(++codes).padStart(4, '0')}`;

/**
 * Funds a member the way the product does: a deposit request, approved by an operator. `session` is
 * a token, or a session's call options on its own site's host.
 */
export async function fund(t: TestApp, session: string | CallOptions, amount: number): Promise<void> {
  const options = typeof session === 'string' ? { token: session } : session;
  const res = await t.call('apply-user-deposit', { balance: amount, code: nextCode() }, options);
  if (res.statusCode !== 200) throw new Error(`deposit request failed: ${res.body}`);
  await approveDeposit(t.db, res.json().requestId, { by: 'test-operator' });
}

/** The balances the header shows, read through the health check. */
export async function balancesOf(t: TestApp, token: string) {
  const res = await t.call('user-health-check', {}, { token });
  const { balance, in_balance, rolling } = res.json().user;
  return { cash: balance as number, held: in_balance as number, comp: rolling as number };
}

/**
 * Every transfer balances within one currency, the accounts of each currency sum to zero, and stored
 * balances equal their transfers.
 */
export async function expectSoundLedger(db: Db): Promise<void> {
  const audit = await auditLedger(db);
  expect(audit.driftedAccounts).toEqual([]);
  expect(audit.totalBalance).toBe(0);
  for (const [currency, total] of Object.entries(audit.totalsByCurrency)) {
    expect({ currency, total }).toEqual({ currency, total: 0 });
  }
  expect(audit.crossCurrencyTransfers).toBe(0);
  expect(audit.negativeMemberAccounts).toBe(0);
  expect(audit.malformedTransfers).toBe(0);
  expect(audit.strayBonusTransfers).toBe(0);
  expect(audit.jackpot.problems).toEqual([]);
  expect(audit.promotions.problems).toEqual([]);
  expect(audit.cashier.problems).toEqual([]);
}

/** Sets the default site's comp rates and exchange minimum (what wallet_win accrues by). */
export async function setCompSettings(t: TestApp, comp: CompSettings): Promise<void> {
  const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
  if (!site) throw new Error('no default site');
  await t.db
    .update(sites)
    .set({ settings: { ...site.settings, comp } })
    .where(eq(sites.id, site.id));
  t.app.sites.invalidate();
}
