import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';

class Rollback extends Error {
  constructor(readonly reads: { seq_scan: number; idx_scan: number }) {
    super('rollback');
  }
}

/**
 * A change of a site's time zone (sql/sites_time_zone_log.sql) or currency (sql/sites_currency_guard.sql)
 * asks whether the site has members. Without an index by site, a site nobody has joined yet read every
 * member of every site (200,000 members: 53 ms) before its settings were saved. The triggers' own reads
 * of members are counted (pg_stat_xact_user_tables, this transaction's), sequential scans off as
 * explainPlan does, since a test's tables are too small for the planner to prefer an index.
 */
describe.runIf(isPostgres)("a site's zone and currency change at scale", () => {
  const t = useTestApp();

  it('asks whether the site has members through an index, never reading every member', async () => {
    const reads = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const [site] = await queryRows<{ id: number }>(
          tx,
          sql`insert into sites (code, name, currency, settings) values ('no-members-yet', 'No members yet', 'THB',
                '{"timezone": "Asia/Bangkok"}'::jsonb) returning id`,
        );
        const before = await membersReads(tx);
        await tx.execute(
          sql`update sites set settings = settings || '{"timezone": "Asia/Seoul"}'::jsonb where id = ${site!.id}`,
        );
        await tx.execute(sql`update sites set currency = 'KRW' where id = ${site!.id}`);
        const after = await membersReads(tx);
        throw new Rollback({
          seq_scan: after.seq_scan - before.seq_scan,
          idx_scan: after.idx_scan - before.idx_scan,
        });
      })
      .catch((e) => {
        if (e instanceof Rollback) return e.reads;
        throw e;
      });
    // One look-up per trigger, each through the index.
    expect(reads).toEqual({ seq_scan: 0, idx_scan: 2 });
  });
});

async function membersReads(tx: Parameters<typeof queryRows>[0]) {
  const [row] = await queryRows<{ seq_scan: string; idx_scan: string }>(
    tx,
    sql`select coalesce(seq_scan, 0) as seq_scan, coalesce(idx_scan, 0) as idx_scan
        from pg_stat_xact_user_tables where relname = 'members'`,
  );
  return { seq_scan: Number(row?.seq_scan ?? 0), idx_scan: Number(row?.idx_scan ?? 0) };
}
