import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';

describe.runIf(isPostgres)('a break set while deposits race (PostgreSQL)', () => {
  const t = useTestApp({}, { seedDemo: true });

  it('accepts no deposit request that commits after the break commits', async () => {
    let accepted = 0;
    let refused = 0;
    for (let round = 0; round < 24; round++) {
      const { token, member } = await t.login();
      const id = await memberIdOf(t.db, member.id);
      // Even rounds: the break is sent first and the deposits 0–3 ms after it. Odd rounds: the
      // deposits first and the break 1–7 ms after them. Each side usually wins where it starts first,
      // and the two race at the edges.
      const breakFirst = round % 2 === 0;
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const brk = (breakFirst ? Promise.resolve() : later(round % 8)).then(() =>
        t.call('set-protection', { kind: 'break', days: 1, confirm: true }, { token }),
      );
      const deposits = Array.from({ length: 12 }, (_, i) =>
        later(breakFirst ? i % 4 : 0).then(() =>
          t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token }),
        ),
      );
      const replies = await Promise.all(deposits);
      expect((await brk).statusCode).toBe(200);
      for (const r of replies) {
        if (r.statusCode === 200) accepted += 1;
        else if (r.json().status === 'excluded') refused += 1;
        else expect(r.json().status).toBe('wait'); // another request of this member is pending
      }
      const late = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from cash_requests c, protection_periods p
            where c.member_id = ${id} and p.member_id = ${id}
              and pg_xact_commit_timestamp(c.xmin) >= pg_xact_commit_timestamp(p.xmin)`,
      );
      expect(late[0]!.n, `round ${round}`).toBe(0);
      // After the break's commit, every new request is refused.
      const after = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
      expect(after.json().status).toBe('excluded');
    }
    // Both outcomes happened: the race was real.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('lifts once when many requests arrive together after the cooling day: no deadlock, no 5xx', async () => {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await t.call('set-protection', { kind: 'break', days: 1, confirm: true }, { token });
    const hour = 3_600_000;
    await t.db.execute(sql`update protection_periods set started_at = now() - interval '3 days',
      ends_at = now() - interval '2 days' where member_id = ${id}`);
    expect((await t.call('ask-lift-protection', {}, { token })).statusCode).toBe(200);
    await t.db.execute(sql`update protection_periods set lift_requested_at = ${new Date(Date.now() - 25 * hour)}
      where member_id = ${id}`);
    const game = { code: 'lucky-sevens', company: 'royal-slots' };
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0 ? t.call('open-game', game, { token }) : t.call('get-protection', {}, { token }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    const audits = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where target = ${`member:${id}`} and action = 'protection.lifted'`,
    );
    expect(audits[0]!.n).toBe(1);
  });
});
