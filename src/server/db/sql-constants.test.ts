import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backendAvailable, useTestDatabase } from '../../../test/support/test-db.ts';
import { houseShardOf } from '../modules/ledger/house-shards.ts';
import { siteTimeZone } from '../modules/sites/site-settings.ts';
import { queryRows } from './client.ts';
import {
  DEFAULT_TIME_ZONE,
  HOUSE_SHARDS,
  LIVE_CHANNEL,
  PAYMENT_REVERSAL_PREFIX,
  RUNNING_BET_STATUSES,
} from './constants.ts';

/** The SQL side of constants.ts (the generated functions) answers what the TypeScript side does. */
describe.runIf(backendAvailable)('constants.ts as the SQL functions read it', () => {
  const t = useTestDatabase();

  it('house_shards(), default_time_zone() and live_channel() are the TypeScript constants', async () => {
    expect(
      await queryRows(
        t.database.db,
        sql`select house_shards() as shards, default_time_zone() as zone, live_channel() as channel`,
      ),
    ).toEqual([{ shards: HOUSE_SHARDS, zone: DEFAULT_TIME_ZONE, channel: LIVE_CHANNEL }]);
  });

  it('house_shard(member) is houseShardOf(member), and each house kind has exactly those shards', async () => {
    const members = [1, 2, 63, 64, 65, 127, 128, 1_000_003, 9_007_199_254_740_991];
    const rows = await queryRows<{ member: string; shard: number }>(
      t.database.db,
      sql`select m::text as member, house_shard(m) as shard
          from unnest(${`{${members.join(',')}}`}::bigint[]) m`,
    );
    expect(rows.map((r) => r.shard)).toEqual(members.map((m) => houseShardOf(m)));
    const kinds = await queryRows<{ kind: string; shards: number }>(
      t.database.db,
      sql`select kind, count(*)::int as shards from ledger_accounts where member_id is null and kind <> 'jackpot_seed'
          group by kind having count(*) <> house_shards() or max(shard) <> house_shards() - 1`,
    );
    expect(kinds).toEqual([]);
  });

  it('sb_bet_running(status) holds for RUNNING_BET_STATUSES and no other status a bet can have', async () => {
    const statuses = ['delayed', 'pending', 'open', 'settled', 'void', 'refused', 'cashed_out'];
    const rows = await queryRows<{ status: string; running: boolean }>(
      t.database.db,
      sql`select s as status, sb_bet_running(s) as running from unnest(${`{${statuses.join(',')}}`}::text[]) s`,
    );
    expect(rows.filter((r) => r.running).map((r) => r.status)).toEqual([...RUNNING_BET_STATUSES]);
  });

  it('payment_reversal_debt(provider) holds for the chargeback prefix only', async () => {
    const providers = [`${PAYMENT_REVERSAL_PREFIX}sandbox`, 'house', 'sports', 'payment'];
    const rows = await queryRows<{ provider: string; reversal: boolean }>(
      t.database.db,
      sql`select p as provider, payment_reversal_debt(p) as reversal from unnest(${`{${providers.join(',')}}`}::text[]) p`,
    );
    expect(rows.filter((r) => r.reversal).map((r) => r.provider)).toEqual([
      `${PAYMENT_REVERSAL_PREFIX}sandbox`,
    ]);
  });

  it('site_time_zone(settings) is siteTimeZone(settings)', async () => {
    for (const settings of [{}, { timezone: '' }, { timezone: 'Asia/Seoul' }]) {
      const [row] = await queryRows<{ zone: string }>(
        t.database.db,
        sql`select site_time_zone(${JSON.stringify(settings)}::jsonb) as zone`,
      );
      expect(row!.zone).toBe(siteTimeZone(settings));
    }
  });

  it('is inlined where it is called: a house shard is found by an index look-up on the literal shard', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from ledger_accounts
            where member_id is null and kind = 'game_revenue' and shard = house_shard(130)`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan/);
    expect(plan).toMatch(new RegExp(`shard = '?${130 % HOUSE_SHARDS}'?(::smallint)?\\)`)); // folded to a constant
    expect(plan).not.toContain('house_shard');
  });
});
