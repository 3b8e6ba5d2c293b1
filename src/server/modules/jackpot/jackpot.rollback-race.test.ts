import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { losingRound, openRound, poolBalance, SECRET, samplePool } from '../../../../test/support/jackpot.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, walletRequest } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { seedDemo } from '../../db/seed-demo.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';

const RESEED = 10_000_000;
const ROLLERS = 6;
const SPINNERS = 4;
const ROUNDS = 6;
// Leaves a fraction of a minor unit in the shards (7,301 × 100 bps = 73.01): the shares given back are
// measured in the shards' units, as they were taken.
const STAKE = 7_301;
const FUNDS = 1_000_000;

/**
 * Rollbacks of jackpot bets racing each other (the provider's retries), other players' spins and a
 * jackpot claim. Meaningful on PostgreSQL (real concurrency, calls grouped into wallet batches whose
 * shares land in one shard's account); on PGlite the same calls run one at a time.
 */
describe.runIf(backendAvailable)('rolled-back jackpot bets under concurrent spins and claims', () => {
  const t = useTestApp({ houseWalletSecret: SECRET, loginMaxFailuresPerAddress: 1000 });
  beforeAll(async () => {
    await seedDemo(t.db);
  });
  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);
  const units = async () => {
    const [row] = await queryRows<{ units: string; share: string }>(
      t.db,
      sql`select sum(units)::text as units, sum(units / 10000)::text as share from jackpot_shards`,
    );
    return { units: BigInt(row!.units), share: Number(row!.share) };
  };
  /** Each bet's rollback three times at once: twice under one id (a retry), once under another. */
  const rollBackAll = (bets: { txId: string }[]) =>
    bets.map(async (bet) => {
      const replies = await Promise.all([
        wallet('rollback', { txId: `${bet.txId}-rb`, refTxId: bet.txId }),
        wallet('rollback', { txId: `${bet.txId}-rb`, refTxId: bet.txId }),
        wallet('rollback', { txId: `${bet.txId}-rb2`, refTxId: bet.txId }),
      ]);
      for (const res of replies) expect(res.statusCode).toBe(200);
      const [a, b, c] = replies.map((res) => res.json());
      expect(b).toEqual(a);
      expect([a.result, c.result].sort()).toEqual(['already_rolled_back', 'refunded']);
    });
  const spin = (players: { gameToken: string }[]) =>
    players.map(async (p) => {
      for (let i = 0; i < ROUNDS; i++) await losingRound(t, p.gameToken, STAKE);
    });

  it('gives each share back once, exactly, and keeps the pool whole', async () => {
    const rollers = await Promise.all(Array.from({ length: ROLLERS }, () => launchedPlayer(t, FUNDS)));
    const spinners = await Promise.all(Array.from({ length: SPINNERS }, () => launchedPlayer(t, FUNDS)));
    const before = { pool: await poolBalance(t.db), ...(await units()) };
    const bets = await Promise.all(rollers.map((p) => openRound(t, p.gameToken, STAKE)));
    await Promise.all([...rollBackAll(bets), ...spin(spinners)]);

    // Only the spins' stakes still count, and the pool holds exactly their share.
    const after = await units();
    expect(after.units - before.units).toBe(BigInt(SPINNERS * ROUNDS * STAKE * 100));
    expect(await poolBalance(t.db)).toBe(before.pool + after.share - before.share);
    for (const p of rollers) expect((await balancesOf(t, p.token)).cash).toBe(FUNDS);
    const audit = await auditLedger(t.db);
    expect(audit.jackpot.problems).toEqual([]);
    expect(audit.jackpot.rolledBack).toBeGreaterThan(0);
    await expectSoundLedger(t.db);
  });

  it('never takes the pool below its reseed while a claim races the rollbacks', async () => {
    const rollers = await Promise.all(Array.from({ length: ROLLERS }, () => launchedPlayer(t, FUNDS)));
    const spinners = await Promise.all(Array.from({ length: SPINNERS }, () => launchedPlayer(t, FUNDS)));
    const winner = await launchedPlayer(t, FUNDS);
    const before = await units();
    const bets = await Promise.all(rollers.map((p) => openRound(t, p.gameToken, STAKE)));
    const hit = await openRound(t, winner.gameToken, STAKE);

    const pool = samplePool(t.db);
    // The claim goes out once a first rollback is answered, into the rest of the storm.
    const rollbacks = rollBackAll(bets);
    const claim = Promise.race(rollbacks).then(() =>
      wallet('jackpot', { txId: `${hit.txId}-jackpot`, roundId: hit.roundId }),
    );
    await Promise.all([claim, ...rollbacks, ...spin(spinners)]);
    const samples = await pool.stop();

    expect((await claim).json()).toMatchObject({ status: 'success', reseed: RESEED });
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(RESEED);
    expect(await poolBalance(t.db)).toBeGreaterThanOrEqual(RESEED);
    for (const p of rollers) expect((await balancesOf(t, p.token)).cash).toBe(FUNDS);
    // The rollbacks that ran before the claim (at least the first) gave their shares back, their stakes
    // leaving the units; the others' shares went to the winner with the pool, their stakes still counted.
    const [given] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct reference ->> 'txId')::int as n from ledger_transfers
          where kind = 'jackpot_contribution_rollback'
            and reference ->> 'txId' in (${sql.join(
              bets.map((b) => sql`${b.txId}`),
              sql`, `,
            )})`,
    );
    expect(given!.n).toBeGreaterThanOrEqual(1);
    const counted = SPINNERS * ROUNDS + 1 + ROLLERS - given!.n;
    expect((await units()).units - before.units).toBe(BigInt(counted * STAKE * 100));
    expect((await auditLedger(t.db)).jackpot.problems).toEqual([]);
    await expectSoundLedger(t.db);
  });
});
