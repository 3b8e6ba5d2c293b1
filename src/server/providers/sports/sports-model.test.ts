import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { untilAgreed } from '../../../../chaos/support/sports-book.ts';
import { type Stack, startStack } from '../../../../chaos/support/stack.ts';
import { pgBinariesAvailable } from '../../../../test/support/pg-cluster.ts';
import { type Op, opArbitrary, runSequence } from '../../../../test/support/sports-model.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { auditLedger, isLedgerSound } from '../../modules/ledger/ledger.audit.ts';

/**
 * Model-based test of the book on a real PostgreSQL and a real server process: seeded random sequences
 * of placements, live bets with concurrent confirmations and goals during the delay, cash-outs (whole
 * or part, in play after the delay), results, corrections, unsettles, market voids, cancel windows
 * (which take cash-outs back), event cancellations, breaks and kill -9 of the
 * server (also while a result settles). After each sequence the book must agree with the wallet on
 * every bet by itself, every bet must be what an independent oracle says it is due, and the ledger must
 * be sound. CI runs a few sequences; `npm run test:sports-model` runs 100 times as many.
 * Replay a failure with SPORTS_MODEL_SEED (and the path fast-check prints).
 */
const RUNS = Number(process.env.SPORTS_MODEL_RUNS ?? 2);
const STEPS = Number(process.env.SPORTS_MODEL_STEPS ?? 16);
const SEED = Number(process.env.SPORTS_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** By hand (test:sports-model) it runs 100 times as many sequences, each a few seconds on a busy machine. */
const TIME_LIMIT_MS = Math.max(900_000, RUNS * 20_000);

describe.runIf(isPostgres && pgBinariesAvailable())('sportsbook model: book, wallet and oracle agree', () => {
  it(
    `${RUNS} random sequences of ${STEPS} steps (seed ${SEED})`,
    async () => {
      const stack: Stack = await startStack(`model_${process.pid}`, { SPORTS_HOUSEKEEPING_MS: '500' });
      try {
        await stack.database.db.execute(
          sql`update sites set settings = settings || '{"sportsBetsOnBreak":"cancel"}'::jsonb where is_default`,
        );
        const server = { current: await stack.server() };
        await fc.assert(
          fc.asyncProperty(
            fc.array(opArbitrary, { minLength: STEPS, maxLength: STEPS }),
            async (ops: Op[]) => {
              const run = await runSequence(stack, server, ops);
              const { agreement, afterMs } = await untilAgreed(stack.database.db, 60_000);
              const problems = run.problems;
              const oracle = await run.oracle();
              expect({
                problems: [...problems, ...oracle],
                disagreeing: agreement.disagreeing,
                runningStakes: agreement.runningStakes,
                pending: agreement.pending,
              }).toEqual({
                problems: [],
                disagreeing: [],
                runningStakes: [],
                pending: 0,
              });
              expect(afterMs).toBeLessThan(60_000);
              expect(isLedgerSound(await auditLedger(stack.database.db))).toBe(true);
            },
          ),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
        await server.current.stop();
      } finally {
        await stack.close();
      }
    },
    TIME_LIMIT_MS,
  );
});
