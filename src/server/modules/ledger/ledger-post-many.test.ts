import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, fund, memberIdOf, type TransferRead } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { intArray, textArray } from '../../db/sql-array.ts';
import { houseShardOf } from './house-shards.ts';

interface Posting {
  key: string;
  from: number;
  to: number;
  amount: number;
  kind: string;
  ref?: Record<string, string | number>;
}

/** What a run left behind (or the SQLSTATE that undid it): the accounts' balances and the transfers written. */
interface Outcome {
  error?: string;
  balances: Record<number, number>;
  transfers: TransferRead<number | null>[];
}

class Undo extends Error {}
const sqlstate = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
};

/** Every posting through ledger_post_many, in one call. */
const postMany = (tx: DbOrTx, postings: Posting[]) =>
  queryRows<{ ids: number[] }>(
    tx,
    sql`with p as (select x, ord from jsonb_array_elements(${JSON.stringify(postings)}::jsonb) with ordinality as e(x, ord))
        select ledger_post_many(
          array(select x ->> 'key' from p order by ord),
          array(select (x ->> 'from')::bigint from p order by ord),
          array(select (x ->> 'to')::bigint from p order by ord),
          array(select (x ->> 'amount')::bigint from p order by ord),
          array(select x ->> 'kind' from p order by ord),
          array(select x -> 'ref' from p order by ord)) as ids`,
  );

/** Each posting through ledger_move, one after the other. */
async function moveEach(tx: DbOrTx, postings: Posting[]) {
  for (const p of postings) {
    await queryRows(
      tx,
      sql`select transfer_id from ledger_move(${p.key}, ${p.from}::int8, ${p.to}::int8, ${p.amount}::int8, ${p.kind},
            ${p.ref === undefined ? null : JSON.stringify(p.ref)}::jsonb, null)`,
    );
  }
}

describe.runIf(backendAvailable)('ledger_post_many: ledger_move’s rules for many transfers at once', () => {
  const t = useTestApp();
  const accounts = { a: 0, b: 0, houseA: 0, houseB: 0 };
  const owners = { a: 0, b: 0 };
  let run = 0;

  beforeAll(async () => {
    const ids: number[] = [];
    for (const amount of [10_000, 20_000]) {
      const { token, member } = await t.login();
      await fund(t, token, amount);
      ids.push(await memberIdOf(t.db, member.id));
    }
    const accountOf = async (where: ReturnType<typeof sql>) =>
      (await queryRows<{ id: number }>(t.db, sql`select id from ledger_accounts where ${where}`))[0]!.id;
    owners.a = ids[0]!;
    owners.b = ids[1]!;
    accounts.a = await accountOf(sql`member_id = ${ids[0]} and kind = 'cash'`);
    accounts.b = await accountOf(sql`member_id = ${ids[1]} and kind = 'cash'`);
    accounts.houseA = await accountOf(
      sql`member_id is null and kind = 'game_revenue' and shard = ${houseShardOf(ids[0]!)}`,
    );
    accounts.houseB = await accountOf(
      sql`member_id is null and kind = 'game_revenue' and shard = ${houseShardOf(ids[1]!)}`,
    );
  });

  /** Runs the postings one way in a transaction, reads what they left, and undoes it all. */
  async function outcome(how: (tx: DbOrTx, postings: Posting[]) => Promise<unknown>, postings: Posting[]) {
    const ids = Object.values(accounts);
    const keys = postings.map((p) => p.key);
    let seen: Outcome | undefined;
    await t.db
      .transaction(async (tx) => {
        let error: string | undefined;
        await tx.execute(sql`savepoint attempt`);
        try {
          await how(tx, postings);
          await tx.execute(sql`release savepoint attempt`);
        } catch (e) {
          error = sqlstate(e) ?? String(e);
          await tx.execute(sql`rollback to savepoint attempt`);
        }
        const balances = await queryRows<{ id: number; balance: number }>(
          tx,
          sql`select id, balance from ledger_accounts where id = any(${intArray(ids)}::int8[]) order by id`,
        );
        const transfers = await queryRows<Outcome['transfers'][number]>(
          tx,
          sql`select idempotency_key as key, from_account_id as "from", to_account_id as "to", amount, kind, reference as ref,
                member_id as member
              from ledger_transfers where idempotency_key = any(${textArray(keys)}::text[]) order by id`,
        );
        seen = { balances: Object.fromEntries(balances.map((r) => [r.id, r.balance])), transfers };
        if (error) seen.error = error;
        throw new Undo();
      })
      .catch((e) => {
        if (!(e instanceof Undo)) throw e;
      });
    return seen!;
  }

  const sameBothWays = async (postings: Posting[]) => {
    const many = await outcome(postMany, postings);
    const each = await outcome(moveEach, postings);
    expect(many).toEqual(each);
    return many;
  };
  const key = () => `post-many-test:${++run}:${Math.random().toString(36).slice(2)}`;

  it('posts transfers, balances and keys exactly as ledger_move does one by one, in the order given', async () => {
    const { a, b, houseA, houseB } = accounts;
    const postings: Posting[] = [
      { key: key(), from: a, to: houseA, amount: 3_000, kind: 'bet', ref: { roundId: 'r1' } },
      { key: key(), from: houseA, to: a, amount: 5_000, kind: 'win' },
      { key: key(), from: a, to: houseB, amount: 12_000, kind: 'adjustment' }, // all of A's cash, after the win
      { key: key(), from: houseB, to: b, amount: 12_000, kind: 'adjustment' },
      { key: key(), from: b, to: houseB, amount: 1_000, kind: 'bet' },
      { key: key(), from: houseA, to: a, amount: 100, kind: 'win' },
    ];
    const result = await sameBothWays(postings);
    expect(result.error).toBeUndefined();
    expect(result.transfers.map((x) => x.key)).toEqual(postings.map((p) => p.key));
    // Each transfer names the member whose money it moves (migration 0055), the same both ways.
    expect(result.transfers.map((x) => x.member)).toEqual([
      owners.a,
      owners.a,
      owners.a,
      owners.b,
      owners.b,
      owners.a,
    ]);
    expect(result.balances[a]).toBe(100);
    expect(result.balances[b]).toBe(20_000 + 12_000 - 1_000);

    // And for real: the ids it answers are the transfers', in the order given; the ledger stays sound.
    const [row] = await postMany(t.db, postings);
    const stored = await queryRows<{ id: number }>(
      t.db,
      sql`select id from ledger_transfers where idempotency_key like ${'post-many-test:%'} order by id`,
    );
    expect(row!.ids.map(Number)).toEqual(stored.map((r) => r.id)); // node-postgres gives int8[] as strings
    await expectSoundLedger(t.db);
  });

  it('refuses what ledger_move refuses, with its SQLSTATE, and writes nothing of the call', async () => {
    const { a, b, houseA } = accounts;
    const cashA = (await outcome(async () => undefined, [])).balances[a]!;
    const refusals: Array<{ why: string; code: string; postings: Posting[] }> = [
      {
        why: 'a debit the cash does not cover when it comes, though a later credit would',
        code: '23514',
        postings: [
          { key: key(), from: b, to: houseA, amount: 500, kind: 'bet' },
          { key: key(), from: a, to: houseA, amount: cashA + 1, kind: 'bet' },
          { key: key(), from: houseA, to: a, amount: 5_000, kind: 'win' },
        ],
      },
      {
        why: 'an account that does not exist',
        code: 'P0001',
        postings: [
          { key: key(), from: b, to: houseA, amount: 500, kind: 'bet' },
          { key: key(), from: a, to: -1, amount: 1, kind: 'bet' },
        ],
      },
      {
        why: 'an amount that is not positive',
        code: 'P0001',
        postings: [{ key: key(), from: a, to: houseA, amount: 0, kind: 'bet' }],
      },
      {
        why: "a transfer between two members' accounts (one member's money at most, migration 0055)",
        code: 'LC002',
        postings: [
          { key: key(), from: b, to: houseA, amount: 500, kind: 'bet' },
          { key: key(), from: a, to: b, amount: 1, kind: 'adjustment' },
        ],
      },
      {
        why: 'a transfer from an account to itself',
        code: 'P0001',
        postings: [{ key: key(), from: a, to: a, amount: 1, kind: 'bet' }],
      },
    ];
    const twice = key();
    refusals.push({
      why: 'one key given twice',
      code: '23505',
      postings: [
        { key: twice, from: b, to: houseA, amount: 1, kind: 'adjustment' },
        { key: twice, from: b, to: houseA, amount: 1, kind: 'adjustment' },
      ],
    });
    const [deposit] = await queryRows<{ key: string }>(
      t.db,
      sql`select idempotency_key as key from ledger_transfers where kind = 'deposit' limit 1`,
    );
    refusals.push({
      why: 'a key already in the ledger',
      code: '23505',
      postings: [{ key: deposit!.key, from: houseA, to: b, amount: 1, kind: 'deposit' }],
    });

    const before = await outcome(async () => undefined, []);
    for (const refusal of refusals) {
      const result = await sameBothWays(refusal.postings);
      expect(result.error, refusal.why).toBe(refusal.code);
      expect(
        result.transfers.filter((x) => x.key !== deposit!.key),
        refusal.why,
      ).toEqual([]);
      expect(result.balances, refusal.why).toEqual(before.balances);
    }
  });

  it('posts nothing for no postings', async () => {
    expect((await postMany(t.db, []))[0]!.ids).toEqual([]);
  });
});
