import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { launchGame, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { hashGameToken } from '../games/launch.service.ts';
import { limitUsageQuery } from './limits.service.ts';

const SECRET = 'test-wallet-secret';

describe.runIf(isPostgres)('limits under concurrency (PostgreSQL)', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });

  /** The member's net loss today as the ledger has it: stakes less refunds and wins. */
  const ledgerLoss = async (memberId: number) =>
    (
      await queryRows<{ loss: number }>(
        t.db,
        sql`with cash as (select id from ledger_accounts where member_id = ${memberId} and kind = 'cash')
            select (coalesce((select sum(amount) from ledger_transfers where from_account_id = (select id from cash)
                      and kind = 'bet'), 0)
                  - coalesce((select sum(amount) from ledger_transfers where to_account_id = (select id from cash)
                      and kind in ('win', 'bet_rollback')), 0))::int8 as loss`,
      )
    )[0]!.loss;

  it('32 clients racing one loss limit through the wallet API never pass it, and reach it exactly', async () => {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await fund(t, token, 1_000_000);
    await t.call('set-limit', { kind: 'loss', period: 'day', amount: 10_000 }, { token });
    const games = await Promise.all(Array.from({ length: 4 }, () => launchGame(t, token)));
    // Stakes of 700 and wins of 200 racing: every accepted stake must leave the loss within 10,000.
    const replies = await Promise.all(
      Array.from({ length: 32 }, async (_, i) => {
        const round = walletIds();
        const bet = await walletRequest(t, 'bet', { ...round, token: games[i % 4], amount: 700 }, SECRET);
        if (bet.json().status === 'success' && i % 3 === 0) {
          await walletRequest(
            t,
            'win',
            { txId: `${round.txId}-w`, roundId: round.roundId, amount: 200 },
            SECRET,
          );
        }
        return bet.json().status as string;
      }),
    );
    expect(replies.filter((s) => s !== 'success' && s !== 'limit')).toEqual([]);
    expect(replies.filter((s) => s === 'limit').length).toBeGreaterThan(0);
    const loss = await ledgerLoss(id);
    expect(loss).toBeLessThanOrEqual(10_000);
    // What is left of the limit can still be staked, to the unit, and not one unit more.
    const rest = 10_000 - loss;
    if (rest > 0) {
      const last = await walletRequest(t, 'bet', { ...walletIds(), token: games[0], amount: rest }, SECRET);
      expect(last.json().status).toBe('success');
    }
    const over = await walletRequest(t, 'bet', { ...walletIds(), token: games[1], amount: 1 }, SECRET);
    expect(over.json()).toMatchObject({ status: 'limit', used: 10_000 });
    const [day] = await queryRows<{ loss: number }>(
      t.db,
      sql`select (stakes - wins)::int8 as loss from member_play_days where member_id = ${id}`,
    );
    expect(day!.loss).toBe(10_000);
    expect(await ledgerLoss(id)).toBe(10_000);
    await expectSoundLedger(t.db);
  });

  it('32 database connections calling wallet_batch at once for one member stop exactly at the limit', async () => {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await fund(t, token, 1_000_000);
    await t.call('set-limit', { kind: 'loss', period: 'day', amount: 10_000 }, { token });
    const gameToken = await launchGame(t, token);
    // Each call its own transaction on its own connection: only the limit's row lock orders them.
    const replies = await Promise.all(
      Array.from({ length: 32 }, async () => {
        const round = walletIds();
        const call = {
          k: 'bet',
          p: 'house',
          tx: round.txId,
          h: 'x',
          r: round.roundId,
          t: hashGameToken(gameToken),
          a: 1_000,
          i: 3_600_000,
        };
        // The transaction stays open a moment after the call, so the others' checks overlap it.
        const [row] = await t.db.transaction(async (tx) => {
          const rows = await queryRows<{ r: Array<{ r?: { status: string }; e?: string }> }>(
            tx,
            sql`select wallet_batch(${JSON.stringify([call])}::jsonb) as r`,
          );
          await tx.execute(sql`select pg_sleep(0.01)`);
          return rows;
        });
        return row!.r[0]!.r?.status ?? row!.r[0]!.e;
      }),
    );
    expect(replies.filter((s) => s === 'success')).toHaveLength(10);
    expect(replies.filter((s) => s === 'limit')).toHaveLength(22);
    expect(await ledgerLoss(id)).toBe(10_000);
    await expectSoundLedger(t.db);
  });

  it('the check reads at most a month of day rows by the primary key, whatever the history (EXPLAIN)', async () => {
    // A member with a loss limit (so the check runs in full) among 300 members with three years of
    // days each, up to today in the site's zone (which may be a day ahead of the database's): the table
    // a busy site has.
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await t.call('set-limit', { kind: 'loss', period: 'day', amount: 10_000 }, { token });
    await t.db.execute(
      sql`insert into member_play_days (member_id, day, deposits, stakes, wins)
          select m, (now() at time zone member_timezone(${id}))::date - d, 10, 10, 5
          from (select ${id}::int8 as m union all select generate_series(900001, 900299)) ms,
               generate_series(0, 1100) d`,
    );
    await t.db.execute(sql`analyze member_play_days`);
    // The days from the earlier of this week's and this month's first day to today, in the site's
    // zone: what the period totals need, and all the check may read.
    const [{ days }] = (await queryRows<{ days: number }>(
      t.db,
      sql`select (l::date - least(date_trunc('week', l), date_trunc('month', l))::date + 1)::int8 as days
          from (select now() at time zone member_timezone(${id}) as l) z`,
    )) as [{ days: number }];
    expect(days).toBeLessThanOrEqual(31);
    /** The plan of the statement that sums the member's days, and no other. */
    const sumPlan = (plans: string[]) => {
      const found = plans.filter(
        (p) => /sum\(\s*stakes\s*-\s*wins\s*\)/i.test(p) && /member_play_days/.test(p),
      );
      expect(found, plans.join('\n----\n')).toHaveLength(1);
      return found[0]!;
    };
    // By the primary key (a plain or a bitmap index scan), no table scan, and only those days.
    const byKey = '(?:Index (?:Only )?Scan using|Bitmap Index Scan on) member_play_days_pkey';
    const expectMonthByKey = (plan: string) => {
      expect(plan).toMatch(new RegExp(byKey));
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(new RegExp(`${byKey}[^\\n]*\\(actual[^\\n]* rows=${days} `));
    };

    // The wallet's and the cashier's check (protection_limit_refusal): auto_explain shows the plans
    // of the statements the function itself runs, as it runs them.
    const client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    try {
      const plans: string[] = [];
      client.on('notice', (notice) => {
        if (notice.message?.includes('Query Text:')) plans.push(notice.message);
      });
      await client.query(`load 'auto_explain'`);
      await client.query(`set auto_explain.log_min_duration = 0`);
      await client.query(`set auto_explain.log_analyze = on`);
      await client.query(`set auto_explain.log_buffers = on`);
      await client.query(`set auto_explain.log_nested_statements = on`);
      await client.query(`set client_min_messages = log`);
      const refusal = await client.query(`select protection_limit_refusal($1, 'bet', 1, null) as r`, [id]);
      expect(refusal.rows[0].r).toBeNull();
      expectMonthByKey(sumPlan(plans));
    } finally {
      await client.end();
    }

    // The usage the member's limits page shows (limitUsage), by the statement it runs.
    const usage = await queryRows<{ 'QUERY PLAN': string }>(
      t.db,
      sql`explain (analyze, buffers) ${limitUsageQuery(id)}`,
    );
    const text = usage.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/member_play_days_pkey/);
    expectMonthByKey(text);
  });
});
