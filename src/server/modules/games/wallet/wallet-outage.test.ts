import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../../test/support/test-db.ts';
import { launchedPlayer, walletIds, walletRequest } from '../../../../../test/support/wallet.ts';
import { seedDemo } from '../../../db/seed-demo.ts';

/**
 * While no primary answers, a connection attempt fails only after a wait (pgbouncer's
 * query_wait_timeout, 5 s). A wallet batch that failed so was run again call by call, each waiting
 * in turn: 16 calls took 17 waits to be answered 503 (a batch of 32, 165 s behind pgbouncer), and
 * every other wallet call queued behind them.
 */
describe.runIf(isPostgres)('wallet calls while no primary answers', () => {
  const t = useTestApp({}, { gate: true });
  beforeAll(async () => {
    await seedDemo(t.db);
    t.app.sites.invalidate();
  });

  it('are all answered 503 after about one wait, not one wait per call', async () => {
    const players = await Promise.all(Array.from({ length: 16 }, () => launchedPlayer(t, 100_000)));
    const wait = 300;
    t.gate!.setDown(true, wait);
    const started = Date.now();
    const answers = await Promise.all(
      players.map((p) =>
        walletRequest(
          t,
          'bet',
          { ...walletIds(), token: p.gameToken, amount: 100 },
          t.config.houseWalletSecret,
        ),
      ),
    );
    const took = Date.now() - started;
    t.gate!.setDown(false);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(503));
    expect(answers[0]!.headers['retry-after']).toBe('1');
    // A few waits at most (the first call's own batch, then the rest's), never one per call.
    expect(took).toBeLessThan(wait * 6);
  });
});
