import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { debtOf, laterWin, wonRound } from '../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { ledgerTransfers } from '../ledger/ledger.schema.ts';
import { auditLog } from './backoffice.schema.ts';

const SECRET = 'member-debt-wallet-secret';

/**
 * An operator's actions on a member's debt: a write-off (the house absorbs it) and a collection from
 * the member's cash (instead of a debit adjustment, which is refused while a debt is open).
 */
describe.runIf(backendAvailable)('back office: writing off or collecting a member’s debt', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as, logins } = useOperators(t);

  /**
   * A member who won 310,000 (cash 400,000), set 390,000 aside in the vault, and whose win was then
   * taken back: owes 300,000, cash 0; with the vault moved back (allowed while owing), cash 390,000.
   */
  async function memberOwing300k({ keepVault = false } = {}) {
    const p = await launchedPlayer(t, 100_000);
    const round = await wonRound(t, SECRET, p.gameToken, 10_000, 310_000);
    await t.call('vault-deposit', { amount: 390_000, code: nextCode() }, { token: p.token });
    expect(await round.unsettle()).toMatchObject({ balance: 0, debt: 300_000 });
    if (!keepVault) await t.call('vault-withdraw', { amount: 390_000 }, { token: p.token });
    return { ...p, id: await memberIdOf(t.db, p.loginId) };
  }
  const writeOff = (id: number, body: object, role: Parameters<typeof as>[0] = 'owner') =>
    as(role).post(`/api/admin/members/${id}/debt/write-off`, body);
  const collect = (id: number, body: object, role: Parameters<typeof as>[0] = 'owner') =>
    as(role).post(`/api/admin/members/${id}/debt/collect`, body);
  const body = (reason = 'account closed, not recoverable') => ({ reason, key: `debt-${nextCode()}` });
  const logged = async (action: string, id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, `member:${id}`)));
  const collections = async (key: string) =>
    t.db
      .select({ amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `debt-collection:backoffice:${key}`));
  const withdraw = (token: string, amount: number) =>
    t.call('apply-user-withdraw', { balance: amount, code: nextCode() }, { token });

  it('a write-off ends the debt without touching the member’s money; the next win is paid in full, and they may withdraw', async () => {
    const p = await memberOwing300k();
    const before = await balancesOf(t, p.token);
    expect(before.cash).toBe(390_000);
    const request = body();
    const res = await writeOff(p.id, request);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      kind: 'write_off',
      amount: 300_000,
      owedBefore: 300_000,
      owedAfter: 0,
      balances: { cash: 390_000 },
    });
    expect(await debtOf(t, p.loginId)).toBe(0);
    expect(await balancesOf(t, p.token)).toEqual(before);
    // A repeat (a double click, a retry) answers as the first time and writes nothing more.
    const again = await writeOff(p.id, request);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(res.json());
    const [entry, ...more] = await logged('members.debt.write_off', p.id);
    expect(more).toEqual([]);
    const page = (await as('owner').get(`/api/admin/members/${p.id}`)).json();
    expect(entry).toMatchObject({
      operatorLogin: logins.owner,
      before: { owed: 300_000, cash: 390_000 },
      after: {
        owed: 0,
        cash: 390_000,
        amount: 300_000,
        currency: page.currency,
        reason: request.reason,
        key: request.key,
      },
    });
    // The member page: nothing owed, and the write-off among the debt's changes with who and why.
    expect(page.debt).toMatchObject({ owed: 0, openedAt: null });
    expect(page.debt.entries.map((e: { cause: string; amount: number }) => [e.cause, e.amount])).toEqual([
      ['written_off', -300_000],
      ['correction', 300_000],
    ]);
    expect(page.debt.entries[0]).toMatchObject({ reason: request.reason, operator: logins.owner });
    await expectSoundLedger(t.db);

    // The next win is the member's whole: nothing is collected for a debt written off.
    expect(await laterWin(t, SECRET, p.gameToken, 10_000, 50_000)).toMatchObject({ balance: 430_000 });
    const out = await withdraw(p.token, 100_000);
    expect(out.json(), out.body).toMatchObject({ status: 'success' });
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 330_000, held: 100_000 });
    await expectSoundLedger(t.db);
  });

  it('shows the open debt on the member page: amount, since when, and the correction that made it', async () => {
    const p = await memberOwing300k();
    const page = (await as('support').get(`/api/admin/members/${p.id}`)).json();
    expect(page.debt).toMatchObject({ owed: 300_000, openedAt: expect.any(String) });
    expect(page.debt.entries).toEqual([
      expect.objectContaining({ cause: 'correction', amount: 300_000, provider: 'house', reason: null }),
    ]);
    expect(Date.parse(page.debt.openedAt)).toBe(Date.parse(page.debt.entries[0].createdAt));
  });

  it('collects from cash what the cash holds, once, though sent twice at once; then the rest once cash comes', async () => {
    // Owes 300,000 with cash 0 (the 390,000 still in the vault); 100,000 comes in as a manual credit.
    const p = await memberOwing300k({ keepVault: true });
    const credit = await as('owner').post(`/api/admin/members/${p.id}/adjust`, {
      amount: 100_000,
      reason: 'goodwill',
      key: `adj-${nextCode()}`,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const request = body('member agreed to repay from cash');
    const [first, second] = await Promise.all([collect(p.id, request), collect(p.id, request)]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
    for (const res of [first, second]) {
      expect(res.json()).toMatchObject({
        kind: 'cash',
        amount: 100_000,
        owedBefore: 300_000,
        owedAfter: 200_000,
        balances: { cash: 0 },
      });
    }
    expect(await collections(request.key)).toEqual([{ amount: 100_000 }]);
    expect((await balancesOf(t, p.token)).cash).toBe(0);
    expect(await debtOf(t, p.loginId)).toBe(200_000);
    const [entry, ...more] = await logged('members.debt.collect', p.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      before: { owed: 300_000, cash: 100_000 },
      after: { owed: 200_000, cash: 0, amount: 100_000, currency: expect.stringMatching(/^[A-Z]{3}$/) },
    });

    // Empty cash: nothing to collect (409 balance), nothing moves.
    const empty = await collect(p.id, body());
    expect(empty.statusCode, empty.body).toBe(409);
    expect(empty.json()).toMatchObject({ status: 'balance', balance: 0, owed: 200_000 });
    expect(await debtOf(t, p.loginId)).toBe(200_000);

    // The vault's 390,000 back in cash: the remaining 200,000 is collected, 190,000 stays.
    await t.call('vault-withdraw', { amount: 390_000 }, { token: p.token });
    const rest = await collect(p.id, body());
    expect(rest.json(), rest.body).toMatchObject({
      amount: 200_000,
      owedAfter: 0,
      balances: { cash: 190_000 },
    });
    expect(await debtOf(t, p.loginId)).toBe(0);
    const page = (await as('owner').get(`/api/admin/members/${p.id}`)).json();
    expect(page.debt.owed).toBe(0);
    expect(page.debt.entries.map((e: { cause: string; amount: number }) => [e.cause, e.amount])).toEqual([
      ['collected_from_cash', -200_000],
      ['collected_from_cash', -100_000],
      ['correction', 300_000],
    ]);
    // Owing nothing, the member may withdraw again.
    const out = await withdraw(p.token, 100_000);
    expect(out.json(), out.body).toMatchObject({ status: 'success' });
    expect(await balancesOf(t, p.token)).toMatchObject({ cash: 90_000, held: 100_000 });
    await expectSoundLedger(t.db);
  });

  it.runIf(isPostgres)(
    'collects once when two copies of one request wait on the member’s cash together',
    async () => {
      const p = await memberOwing300k({ keepVault: true });
      await as('owner').post(`/api/admin/members/${p.id}/adjust`, {
        amount: 100_000,
        reason: 'goodwill',
        key: `adj-${nextCode()}`,
      });
      // Hold the member's cash row until both copies wait on it, so each reads the key before the other writes it.
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const holding = new Promise<void>((r) => {
        locked = r;
      });
      const blocker = t.db.transaction(async (tx) => {
        await tx.execute(
          sql`select id from ledger_accounts where member_id = ${p.id} and kind = 'cash' for no key update`,
        );
        locked();
        await gate;
      });
      await holding;
      const request = body('repaid from cash');
      const both = Promise.all([collect(p.id, request), collect(p.id, request)]);
      for (let i = 0; i < 200; i++) {
        const [row] = await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database()
              and wait_event_type = 'Lock' and query ilike '%ledger_accounts%'`,
        );
        if (Number(row!.n) >= 2) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      release();
      await blocker;
      const [first, second] = await both;
      expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
      expect(second.json()).toEqual(first.json());
      expect(first.json()).toMatchObject({ amount: 100_000, owedAfter: 200_000 });
      expect(await collections(request.key)).toEqual([{ amount: 100_000 }]);
      expect(await debtOf(t, p.loginId)).toBe(200_000);
      await expectSoundLedger(t.db);
    },
  );

  it('with different keys at once, collects min(cash, debt) in all, never below zero', async () => {
    // Cash 390,000 against 300,000 owed: five collections under their own keys race; together they
    // take exactly the 300,000, the rest are told nothing is owed.
    const p = await memberOwing300k();
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => collect(p.id, body())));
    const moved = results.filter((r) => r.statusCode === 200).reduce((sum, r) => sum + r.json().amount, 0);
    expect(moved).toBe(300_000);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ status: 'already', owed: 0 });
    }
    expect((await balancesOf(t, p.token)).cash).toBe(90_000);
    expect(await debtOf(t, p.loginId)).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('refuses a debit adjustment while the member owes; a credit still goes through', async () => {
    const p = await memberOwing300k();
    const adjust = (amount: number) =>
      as('owner').post(`/api/admin/members/${p.id}/adjust`, {
        amount,
        reason: 'recover the debt',
        key: `adj-${nextCode()}`,
      });
    const debit = await adjust(-300_000);
    expect(debit.statusCode, debit.body).toBe(409);
    expect(debit.json()).toMatchObject({ status: 'debt', owed: 300_000 });
    expect(debit.json().message).toMatch(/debit adjustment/);
    expect((await balancesOf(t, p.token)).cash).toBe(390_000);
    expect((await adjust(1_000)).statusCode).toBe(200);
    expect((await writeOff(p.id, body())).statusCode).toBe(200);
    expect((await adjust(-1_000)).statusCode).toBe(200);
    await expectSoundLedger(t.db);
  });

  it('refuses (4xx, with status and msg) no debt, another member’s key, an unknown member, bad input and other roles, changing nothing', async () => {
    const p = await memberOwing300k();
    const other = await memberOwing300k();
    const clean = await launchedPlayer(t, 10_000);
    const cleanId = await memberIdOf(t.db, clean.loginId);
    for (const action of [writeOff, collect]) {
      const none = await action(cleanId, body());
      expect(none.statusCode, none.body).toBe(409);
      expect(none.json()).toMatchObject({ status: 'already', owed: 0, msg: expect.any(String) });
      expect((await action(99_999_999, body())).statusCode).toBe(404);
      for (const bad of [
        {},
        { reason: 'fine reason' },
        { reason: 'fine reason', key: 'short' },
        { reason: 'fine reason', key: 'x'.repeat(65) },
        { reason: 'fine reason', key: 'has spaces in it' },
        { reason: ' ', key: `debt-${nextCode()}` },
        { reason: 'r'.repeat(501), key: `debt-${nextCode()}` },
        { reason: 42, key: `debt-${nextCode()}` },
      ]) {
        const res = await action(p.id, bad);
        expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ status: 'invalid', msg: expect.any(String) });
      }
      const badId = await as('owner').post(`/api/admin/members/abc/debt/write-off`, body());
      expect(badId.statusCode).toBe(400);
      for (const role of ['cashier', 'support', 'content', 'trading', 'compliance'] as const) {
        const res = await action(p.id, body(), role);
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ status: 'forbidden' });
      }
    }
    // One key is one action: used for a member, it is refused for another member, action or reason.
    const first = body();
    expect((await writeOff(p.id, first)).statusCode).toBe(200);
    for (const res of [
      await writeOff(other.id, first),
      await collect(p.id, first),
      await writeOff(p.id, { ...first, reason: 'another reason' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ status: 'duplicate' });
    }
    expect(await debtOf(t, other.loginId)).toBe(300_000);
    expect((await balancesOf(t, other.token)).cash).toBe(390_000);
    expect(await logged('members.debt.write_off', other.id)).toEqual([]);
    await expectSoundLedger(t.db);
  });
});
