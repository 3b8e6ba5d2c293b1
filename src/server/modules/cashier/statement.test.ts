import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { approveWithdrawal } from './withdrawals.service.ts';

interface Line {
  id: number;
  kind: string;
  account: string;
  amount: number;
  createdAt: string;
}

describe.runIf(backendAvailable)('the member statement, a page at a time', () => {
  const t = useTestApp();

  /** A member with deposits and two withdrawals: each withdrawal hold is one transfer on two lines. */
  async function memberWithHistory() {
    const login = await t.login();
    for (const amount of [10_000, 20_000, 30_000]) await fund(t, login.token, amount);
    for (const amount of [10_000, 20_000]) {
      const w = await t.call('apply-user-withdraw', { balance: amount, code: nextCode() }, login);
      await approveWithdrawal(t.db, w.json().requestId, { by: 'op' });
    }
    return login;
  }

  const pageOf = async (token: string, body: object) => {
    const res = await t.call('get-user-statement', body, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { list: Line[]; next: number | null };
  };

  async function allPages(token: string, body: object) {
    const lines: Line[] = [];
    let before: number | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await pageOf(token, { ...body, ...(before ? { before } : {}) });
      lines.push(...page.list);
      if (page.next === null) return lines;
      before = page.next;
    }
    throw new Error('never ended');
  }

  it('pages through every line with no gap or repeat, and never splits the two lines of one transfer', async () => {
    const { token } = await memberWithHistory();
    const whole = await pageOf(token, { pageSize: 100 });
    // 3 deposits, 2 holds (two lines each), 2 payouts.
    expect(whole.list).toHaveLength(9);
    expect(whole.next).toBeNull();
    for (const pageSize of [1, 2, 3]) {
      const lines = await allPages(token, { pageSize });
      expect(
        lines.map((l) => [l.id, l.account]),
        `pageSize ${pageSize}`,
      ).toEqual(whole.list.map((l) => [l.id, l.account]));
    }
    // Page size 1 still keeps a hold's two lines together.
    const first = await pageOf(token, { pageSize: 1 });
    const holds = whole.list.filter((l) => l.kind === 'withdraw_hold');
    expect(holds).toHaveLength(4);
    let before: number | undefined;
    for (;;) {
      const page = await pageOf(token, { pageSize: 1, ...(before ? { before } : {}) });
      const ids = new Set(page.list.map((l) => l.id));
      expect(ids.size).toBe(1);
      if (page.list[0]!.kind === 'withdraw_hold') expect(page.list).toHaveLength(2);
      if (page.next === null) break;
      before = page.next;
    }
    expect(first.list[0]!.createdAt).toMatch(/T\d{2}:\d{2}:\d{2}/);
  });

  it('filters by kind and by date range', async () => {
    const { token } = await memberWithHistory();
    const deposits = await allPages(token, { pageSize: 2, kind: 'deposit' });
    expect(deposits.map((l) => l.amount)).toEqual([30_000, 20_000, 10_000]);
    const withdrawals = await pageOf(token, { pageSize: 20, kind: 'withdraw' });
    expect(new Set(withdrawals.list.map((l) => l.kind))).toEqual(new Set(['withdraw_hold', 'withdrawal']));
    expect((await pageOf(token, { kind: 'comp' })).list).toEqual([]);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect((await pageOf(token, { from: iso(now - 60_000), to: iso(now + 60_000) })).list).toHaveLength(9);
    expect((await pageOf(token, { from: iso(now + 60_000) })).list).toEqual([]);
    expect((await pageOf(token, { to: iso(now - 3_600_000) })).list).toEqual([]);
  });

  it('refuses a hostile cursor or filter with 400 and shows nothing of another member', async () => {
    const { token } = await memberWithHistory();
    for (const body of [
      { before: -1 },
      { before: 'x' },
      { before: 1e300 },
      { from: 'yesterday' },
      { to: "2026-01-01'; drop table members; --" },
      { kind: 'bet' },
      { pageSize: 0 },
      { pageSize: 101 },
    ]) {
      const res = await t.call('get-user-statement', body, { token });
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(res.json().status).toBe('invalid');
    }
    const other = await t.login();
    expect((await pageOf(other.token, {})).list).toEqual([]);
  });

  it("reads the member's own index ranges on a large ledger, never the whole table", async () => {
    const { member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const plans = await t.db
      .transaction(async (tx) => {
        // 200,000 other members' transfers (bets and adjustments: only the latter have a unique key), then the
        // planner's statistics.
        await tx.execute(sql`
          insert into ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, member_id)
          select 'explain-' || g, 1, 2, 1, case when g % 2 = 0 then 'bet' else 'adjustment' end, ${memberId} + 1 + g % 1000
          from generate_series(1, 200000) g`);
        await tx.execute(sql`analyze ledger_transfers`);
        const explain = async (filter: ReturnType<typeof sql>) =>
          (
            await queryRows<{ 'QUERY PLAN': string }>(
              tx,
              sql`explain select id, created_at, kind, amount from ledger_transfers
                  where member_id = ${memberId} ${filter} order by id desc limit 22`,
            )
          )
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        const result = [
          await explain(sql``),
          await explain(
            sql`and id < 1000000 and created_at >= now() - interval '7 days' and kind in ('deposit')`,
          ),
        ];
        throw new Rollback(result);
      })
      .catch((e) => {
        if (e instanceof Rollback) return e.plans;
        throw e;
      });
    for (const plan of plans) {
      expect(plan).toContain('ledger_transfers_member');
      expect(plan).not.toContain('Seq Scan');
    }
  });
});

class Rollback extends Error {
  constructor(readonly plans: string[]) {
    super('rollback');
  }
}
