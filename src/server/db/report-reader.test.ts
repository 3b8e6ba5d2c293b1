import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { balancesOf, fund } from '../../../test/support/money.ts';
import { useOperators } from '../../../test/support/operators.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { isPostgres } from '../../../test/support/test-db.ts';
import { driverOf, openDatabase } from './client.ts';
import { reportReader } from './report-reader.ts';
import { members } from './schema.ts';

/**
 * Two real databases stand for the primary and its replica: what a screen reads shows which one
 * answered. A member exists in one of them only.
 */
describe.runIf(isPostgres)('back-office reports read the replica; money reads the primary', () => {
  const t = useTestApp({}, { replica: true });
  const { as } = useOperators(t);
  const replicaPool = () => driverOf(t.replica!.db) as pg.Pool;

  /** A member who exists only in the replica's database (a copy of a primary member's row). */
  async function memberOnlyInReplica(login: string) {
    const source = await t.register();
    const [row] = await t.db.select().from(members).where(eq(members.loginId, source.id));
    const { id: _id, ...rest } = row!;
    await t
      .replica!.db.insert(members)
      .values({ ...rest, loginId: login, nick: login, referralCode: login.slice(0, 12) });
  }

  it('searches members and shows the dashboard from the replica, with its lag', async () => {
    const onPrimary = await t.register();
    await memberOnlyInReplica('onlyreplica1');

    const found = await as('owner').get('/api/admin/members?q=onlyreplica1');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().members.map((m: { loginId: string }) => m.loginId)).toEqual(['onlyreplica1']);
    expect(found.json().readFrom).toEqual({ source: 'replica', lagSeconds: 0 });
    const missing = await as('owner').get(`/api/admin/members?q=${onPrimary.id}`);
    expect(missing.json().members).toEqual([]);

    const dashboard = await as('owner').get('/api/admin/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().readFrom).toMatchObject({ source: 'replica' });
  });

  it('never reads the replica for money: a deposit, its approval, an adjustment and the balance', async () => {
    let acquired = 0;
    const count = () => {
      acquired += 1;
    };
    replicaPool().on('acquire', count);
    try {
      const { token, member } = await t.login();
      await fund(t, token, 30_000);
      const [row] = await t.db.select({ id: members.id }).from(members).where(eq(members.loginId, member.id));
      const adjusted = await as('owner').post(`/api/admin/members/${row!.id}/adjust`, {
        amount: -5_000,
        reason: 'correction',
        key: `adj-${member.id}`,
      });
      expect(adjusted.statusCode, adjusted.body).toBe(200);
      const asked = await t.call(
        'apply-user-withdraw',
        { balance: 10_000, code: `w-${member.id}` },
        { token },
      );
      expect(asked.statusCode, asked.body).toBeLessThan(500);
      expect((await balancesOf(t, token)).cash).toBeLessThanOrEqual(25_000);
      expect(acquired).toBe(0);
      // The same counter sees a report's read, so a zero above means something.
      await as('owner').get('/api/admin/members?q=anything');
      expect(acquired).toBeGreaterThan(0);
    } finally {
      replicaPool().off('acquire', count);
    }
  });

  it('falls back to the primary when the replica is further behind than the bound, or down', async () => {
    const behind = reportReader(t.db, t.replica, -1);
    expect((await behind.pick()).readFrom).toEqual({
      source: 'primary',
      lagSeconds: 0,
      replicaLagSeconds: 0,
    });

    const down = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 });
    try {
      const reader = reportReader(t.db, down, 10);
      const picked = await reader.pick();
      expect(picked.db).toBe(t.db);
      expect(picked.readFrom).toEqual({ source: 'primary', lagSeconds: 0, replicaLagSeconds: null });
      expect(reader.replicaReads()).toBe(0);
    } finally {
      await down.close();
    }
  });
});
