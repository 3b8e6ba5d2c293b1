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
const PLAYERS = 8;
const ROUNDS = 12;
const STAKE = 7_300;
const FUNDS = 1_000_000;

/** Meaningful on PostgreSQL (real concurrency); on PGlite the same calls run one at a time. */
describe.runIf(backendAvailable)('the jackpot under concurrent spins and claims', () => {
  // Every player logs in from the same test address at once: not what the address limit is about.
  const t = useTestApp({ houseWalletSecret: SECRET, loginMaxFailuresPerAddress: 1000 });
  beforeAll(async () => {
    await seedDemo(t.db);
  });
  const wallet = (op: string, payload: object) => walletRequest(t, op, payload, SECRET);

  it('pays each hit once, never the same pool twice, never leaves it below its reseed', async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => launchedPlayer(t, FUNDS)));
    // Two winners, each with a round open before the storm starts.
    const [a, b] = [players[0]!, players[1]!];
    const roundA = await openRound(t, a.gameToken, STAKE);
    const roundB = await openRound(t, b.gameToken, STAKE);

    const pool = samplePool(t.db);

    const spins = players.map(async (p) => {
      for (let i = 0; i < ROUNDS; i++) await losingRound(t, p.gameToken, STAKE);
    });
    const claimA = { txId: `${roundA.txId}-jackpot`, roundId: roundA.roundId };
    const claims = [
      // The same claim twice (a provider's retry), and another id for the same round.
      wallet('jackpot', claimA),
      wallet('jackpot', claimA),
      wallet('jackpot', { txId: `${roundA.txId}-other`, roundId: roundA.roundId }),
      // A second round hitting at the same moment.
      wallet('jackpot', { txId: `${roundB.txId}-jackpot`, roundId: roundB.roundId }),
      wallet('jackpot', { txId: `${roundB.txId}-other`, roundId: roundB.roundId }),
    ];
    const replies = (await Promise.all([...claims, ...spins]))
      .slice(0, claims.length)
      .map((res) => (res as Awaited<(typeof claims)[number]>).json());
    const samples = await pool.stop();

    // Round A: the retry got the same answer as its first copy, and of the two ids (sent at the same
    // time, so either may come first) one paid and the other was refused. Round B: the same.
    expect(replies[1]).toEqual(replies[0]);
    const paidOnce = (pair: typeof replies) => {
      expect(pair.map((r) => r.status).sort()).toEqual(['jackpot_paid', 'success']);
      return pair.find((r) => r.status === 'success')!.amount as number;
    };
    const paidA = paidOnce([replies[0], replies[2]]);
    const paidB = paidOnce([replies[3], replies[4]]);
    // Whichever won first took the grown pool; the other at least the reseed it left.
    expect(Math.min(paidA, paidB)).toBeGreaterThanOrEqual(RESEED);
    expect(Math.max(paidA, paidB)).toBeGreaterThan(RESEED);

    const wins = await queryRows<{ round_id: string; amount: number }>(
      t.db,
      sql`select round_id, amount from jackpot_wins order by id`,
    );
    expect(wins.map((w) => w.round_id).sort()).toEqual([roundA.roundId, roundB.roundId].sort());

    // Every sample of the pool, taken all through the storm, held at least the reseed.
    expect(samples.length).toBeGreaterThan(0);
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(RESEED);

    // Each winner got exactly its award on top of its stakes.
    const spent = STAKE * (ROUNDS + 1);
    expect((await balancesOf(t, a.token)).cash).toBe(FUNDS - spent + paidA);
    expect((await balancesOf(t, b.token)).cash).toBe(FUNDS - spent + paidB);

    // pool = contributions + reseeds - payouts, every shard's share exact, each win paid and reseeded.
    const audit = await auditLedger(t.db);
    expect(audit.jackpot.problems).toEqual([]);
    expect(audit.jackpot.wins).toBe(2);
    expect(audit.jackpot.payouts).toBe(paidA + paidB);
    expect(audit.jackpot.reseeds).toBe(3 * RESEED);
    expect(await poolBalance(t.db)).toBe(audit.jackpot.contributions + 3 * RESEED - paidA - paidB);
    await expectSoundLedger(t.db);
  });
});
