import { describe, expect, it } from 'vitest';
import { crashDuringSettlement } from '../../../../chaos/scenarios/sports-crash.ts';
import { startStack } from '../../../../chaos/support/stack.ts';
import { pgBinariesAvailable } from '../../../../test/support/pg-cluster.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';

/**
 * A crash while a market settles (`npm run chaos -- sports-settle` at 1,200 bets, here at 1,100: three pages): the
 * server is killed with -9 part-way, restarted, and with no operator action the book settles every
 * bet as its result says and the wallet pays each exactly once, within a minute.
 */
describe.runIf(isPostgres && pgBinariesAvailable())('sportsbook: a crash during settlement', () => {
  it('after kill -9 mid-settlement and a restart, every bet is settled by its result and paid once', async () => {
    const stack = await startStack(`crash_${process.pid}`);
    try {
      expect(await crashDuringSettlement(stack, 1_100)).toBe(true);
    } finally {
      await stack.close();
    }
  }, 240_000);
});
