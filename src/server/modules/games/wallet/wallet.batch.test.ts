import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../../test/support/test-db.ts';
import {
  expectOpenRoundsListed,
  launchedPlayer,
  noteWalletStatements,
  walletIds,
  walletRequest,
} from '../../../../../test/support/wallet.ts';
import { queryRows } from '../../../db/client.ts';
import { walletBet, walletRollback, walletWin } from './wallet.service.ts';
import { bodyHash } from './wallet-signature.ts';

const SECRET = 'test-wallet-secret';
const hashOf = (payload: object) => bodyHash(Buffer.from(JSON.stringify(payload)));

/**
 * Group commit: wallet calls made in the same event-loop turn run in one database transaction.
 * The service functions are called directly so the calls are certain to share a batch.
 */
describe.runIf(backendAvailable)('wallet calls batched into one transaction', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  beforeAll(async () => {
    // Proof of the transaction, not an inference from timestamps: each recorded call notes the id of
    // the top-level transaction it ran in (txid_current() is the same in every subtransaction).
    await queryRows(
      t.db,
      sql`create table test_call_transactions (provider text not null, tx_id text not null, xid bigint not null)`,
    );
    await queryRows(
      t.db,
      sql.raw(`create function test_note_transaction() returns trigger language plpgsql as $$
        begin
          insert into test_call_transactions values (new.provider, new.tx_id, txid_current());
          return new;
        end $$`),
    );
    await queryRows(
      t.db,
      sql`create trigger test_note_transaction after insert on wallet_transactions
          for each row execute function test_note_transaction()`,
    );
    // And the statements that recorded them: the plain calls of a batch are taken set-based (wallet_batch_fast).
    await noteWalletStatements(
      t.db,
      'test_call_statements',
      'tx_ids text[] not null',
      'select array_agg(tx_id) from recorded having count(*) > 0',
    );
  });

  const bet = (gameToken: string, amount: number, ids = walletIds()) => {
    const req = { ...ids, token: gameToken, amount };
    return walletBet(t.db, t.config, 'house', hashOf(req), req);
  };
  const win = (ids: { txId: string; roundId: string }, amount: number) => {
    const req = { txId: `${ids.txId}-w`, roundId: ids.roundId, amount, closeRound: true };
    return walletWin(t.db, 'house', hashOf(req), req);
  };
  /** How many database transactions recorded these wallet calls (each must have been recorded). */
  async function transactionsOf(txIds: string[]): Promise<number> {
    const [row] = await queryRows<{ calls: number; n: number }>(
      t.db,
      sql`select count(*)::int as calls, count(distinct xid)::int as n from test_call_transactions
          where provider = 'house' and tx_id in (${sql.join(
            txIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(row!.calls).toBe(txIds.length);
    return row!.n;
  }

  /** How many insert statements recorded these wallet calls. */
  async function statementsOf(txIds: string[]): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from test_call_statements
          where tx_ids && array[${sql.join(
            txIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::text[]`,
    );
    return row!.n;
  }

  it('answers each call of a batch with its own reply, bets then wins and a rollback', async () => {
    const players = [];
    for (let i = 0; i < 6; i++) players.push(await launchedPlayer(t, 100_000 + i * 10_000));
    const rounds = players.map(() => walletIds());
    const bets = await Promise.all(players.map((p, i) => bet(p.gameToken, 1_000 * (i + 1), rounds[i])));
    bets.forEach((reply, i) => {
      expect(reply).toEqual({
        status: 'success',
        balance: 100_000 + i * 10_000 - 1_000 * (i + 1),
        txId: rounds[i]!.txId,
        roundId: rounds[i]!.roundId,
      });
    });
    expect(await transactionsOf(rounds.map((r) => r.txId))).toBe(1);
    expect(await statementsOf(rounds.map((r) => r.txId))).toBe(1);

    // Wins for five rounds and a rollback of the sixth bet, all in the next batch.
    const rollbackReq = { txId: `${rounds[5]!.txId}-rb`, refTxId: rounds[5]!.txId };
    const [rollback, ...wins] = await Promise.all([
      walletRollback(t.db, 'house', hashOf(rollbackReq), rollbackReq),
      ...rounds.slice(0, 5).map((r, i) => win(r, 10_000 * i)),
    ]);
    expect(rollback).toMatchObject({ status: 'success', result: 'refunded', balance: 150_000 });
    wins.forEach((reply, i) => {
      expect(reply).toMatchObject({
        status: 'success',
        balance: 100_000 + i * 10_000 - 1_000 * (i + 1) + 10_000 * i,
        txId: `${rounds[i]!.txId}-w`,
      });
    });
    expect(await transactionsOf([rollbackReq.txId, ...rounds.slice(0, 5).map((r) => `${r.txId}-w`)])).toBe(1);
    // The five wins set-based in one statement; the rollback (and the sixth round's bet) call by call.
    expect(await statementsOf(rounds.slice(0, 5).map((r) => `${r.txId}-w`))).toBe(1);
    expect(await statementsOf([rollbackReq.txId])).toBe(1);
    expect((await balancesOf(t, players[5]!.token)).cash).toBe(150_000);
    expect((await balancesOf(t, players[2]!.token)).cash).toBe(120_000 - 3_000 + 20_000);
    await expectSoundLedger(t.db);
    await expectOpenRoundsListed(t.db);
  });

  it('keeps the rest of a batch when one call is refused and another is undone by the database', async () => {
    const a = await launchedPlayer(t, 50_000);
    const poor = await launchedPlayer(t, 10_000);
    const c = await launchedPlayer(t, 50_000);
    const earlier = walletIds();
    await bet(a.gameToken, 1_000, earlier);

    const okA = walletIds();
    const okC = walletIds();
    const [first, refused, reused, unknownSession, noRound, last] = await Promise.all([
      bet(a.gameToken, 2_000, okA),
      bet(poor.gameToken, 15_000),
      // Same transaction id as an earlier bet, another amount: the database undoes this call alone.
      bet(a.gameToken, 7_000, earlier),
      bet('A'.repeat(43), 1_000),
      win(walletIds(), 500),
      bet(c.gameToken, 3_000, okC),
    ]);
    expect(first).toMatchObject({ status: 'success', balance: 47_000, txId: okA.txId });
    expect(refused).toMatchObject({ status: 'balance', balance: 10_000 });
    expect(reused).toMatchObject({ status: 'duplicate', txId: earlier.txId });
    expect(unknownSession).toMatchObject({ status: 'session_expired' });
    expect(noRound).toMatchObject({ status: 'round_not_found' });
    expect(last).toMatchObject({ status: 'success', balance: 47_000, txId: okC.txId });
    expect(await transactionsOf([okA.txId, okC.txId])).toBe(1);
    // The plain bets of A and C set-based together; the refusals and the repeat call by call.
    expect(await statementsOf([okA.txId, okC.txId])).toBe(1);
    expect((await balancesOf(t, a.token)).cash).toBe(47_000);
    expect((await balancesOf(t, poor.token)).cash).toBe(10_000);
    expect((await balancesOf(t, c.token)).cash).toBe(47_000);
    await expectSoundLedger(t.db);
    await expectOpenRoundsListed(t.db);
  });

  it('runs two bets of one player in one batch in turn: the second sees the first debit', async () => {
    const p = await launchedPlayer(t, 10_000);
    const [one, two] = await Promise.all([bet(p.gameToken, 6_000), bet(p.gameToken, 6_000)]);
    expect(one).toMatchObject({ status: 'success', balance: 4_000 });
    expect(two).toMatchObject({ status: 'balance', balance: 4_000 });
    expect((await balancesOf(t, p.token)).cash).toBe(4_000);
  });

  it("takes one member's plain calls set-based in call order, each answered with the balance after it", async () => {
    const p = await launchedPlayer(t, 10_000);
    const rounds = [walletIds(), walletIds(), walletIds()];
    const bets = await Promise.all([
      bet(p.gameToken, 3_000, rounds[0]),
      bet(p.gameToken, 4_000, rounds[1]),
      bet(p.gameToken, 5_000, rounds[2]),
    ]);
    expect(bets.map((r) => [r.status, r.balance])).toEqual([
      ['success', 7_000],
      ['success', 3_000],
      ['balance', 3_000],
    ]);
    // The two that fit the cash in one statement; the third, past it, call by call.
    expect(await statementsOf([rounds[0]!.txId, rounds[1]!.txId])).toBe(1);
    const wins = await Promise.all([win(rounds[0]!, 500), win(rounds[1]!, 0), win(rounds[2]!, 1)]);
    expect(wins.map((r) => [r.status, r.balance])).toEqual([
      ['success', 3_500],
      ['success', 3_500],
      ['round_not_found', undefined],
    ]);
    expect(await statementsOf([`${rounds[0]!.txId}-w`, `${rounds[1]!.txId}-w`])).toBe(1);
    expect((await balancesOf(t, p.token)).cash).toBe(3_500);
    await expectSoundLedger(t.db);
    await expectOpenRoundsListed(t.db);
  });

  it('plans its statements the same way on a fresh database as on a busy one', async () => {
    // A CREATE OR REPLACE of wallet_batch (or of the ledger_post_many it posts through) without these
    // SET clauses would drop them silently: the wallet would still work, at a fraction of its speed
    // while the tables have no statistics.
    const rows = await queryRows<{ proname: string; proconfig: string[] }>(
      t.db,
      sql`select proname, proconfig from pg_proc
          where proname in ('ledger_post_many', 'wallet_batch', 'wallet_batch_fast') order by proname`,
    );
    expect(rows.map((row) => [row.proname, [...row.proconfig].sort()])).toEqual(
      ['ledger_post_many', 'wallet_batch', 'wallet_batch_fast'].map((name) => [
        name,
        [
          'enable_hashjoin=off',
          'enable_mergejoin=off',
          'enable_seqscan=off',
          'from_collapse_limit=1',
          'join_collapse_limit=1',
          'plan_cache_mode=force_generic_plan',
        ],
      ]),
    );
  });

  it('debits once for 64 concurrent copies of one bet over HTTP, each answered with the first reply', async () => {
    const p = await launchedPlayer(t);
    const payload = { ...walletIds(), token: p.gameToken, amount: 10_000 };
    const replies = await Promise.all(
      Array.from({ length: 64 }, () => walletRequest(t, 'bet', payload, SECRET)),
    );
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies[0]!.json()).toMatchObject({ status: 'success', balance: 90_000 });
    expect((await balancesOf(t, p.token)).cash).toBe(90_000);
    await expectSoundLedger(t.db);
    await expectOpenRoundsListed(t.db);
  });

  it.runIf(isPostgres)(
    'keeps every balance exact when concurrent batches share house shards (66 players, 64 shards)',
    async () => {
      const players = [];
      for (let i = 0; i < 66; i++) players.push(await launchedPlayer(t, 100_000));
      const play = async (p: { gameToken: string }, i: number) => {
        for (let round = 0; round < 3; round++) {
          const ids = walletIds();
          const body = { ...ids, token: p.gameToken, amount: 1_000 };
          expect((await walletRequest(t, 'bet', body, SECRET)).json().status).toBe('success');
          const settle = { txId: `${ids.txId}-w`, roundId: ids.roundId, amount: (i % 3) * 1_000 };
          expect((await walletRequest(t, 'win', settle, SECRET)).json().status).toBe('success');
        }
      };
      await Promise.all(players.map(play));
      for (const [i, p] of players.entries()) {
        expect((await balancesOf(t, p.token)).cash).toBe(100_000 + 3 * ((i % 3) * 1_000 - 1_000));
      }
      await expectSoundLedger(t.db);
      await expectOpenRoundsListed(t.db);
    },
  );
});
