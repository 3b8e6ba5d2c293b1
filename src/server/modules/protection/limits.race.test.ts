import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, fund, memberIdOf } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { launchGame, walletIds, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { seedDemo } from '../../db/seed-demo.ts';
import { hashGameToken } from '../games/launch.service.ts';

const SECRET = 'test-wallet-secret';

describe.runIf(isPostgres)('limits under concurrency (PostgreSQL)', () => {
  const t = useTestApp({ houseWalletSecret: SECRET });
  beforeAll(async () => {
    await seedDemo(t.db);
    t.app.sites.invalidate();
  });

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
    // Three years of days for 300 members: the table a busy site has.
    await t.db.execute(
      sql`insert into member_play_days (member_id, day, deposits, stakes, wins)
          select m, current_date - d, 10, 10, 5 from generate_series(900001, 900300) m, generate_series(1, 1100) d`,
    );
    await t.db.execute(sql`analyze member_play_days`);
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      t.db,
      sql`explain (analyze, buffers) select sum(stakes - wins) from member_play_days
          where member_id = 900150 and day >= current_date - 31 and day <= current_date`,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using member_play_days_pkey/);
    expect(text).not.toMatch(/Seq Scan/);
    expect(text).toMatch(/rows=3[01] /);
  });
});
