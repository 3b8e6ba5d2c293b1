import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openRound, poolBalance, SECRET } from '../../../../test/support/jackpot.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { isPostgres } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { readJackpot } from './jackpot.service.ts';

const RESEED = 10_000_000;

/**
 * What get-jackpot, the live stream and the dashboard show is one moment of the ledger: the pool and
 * its last win from the same snapshot. Read in pieces, a win committing in between showed the grown
 * pool still there beside the win that had just paid it out (two pools' worth on screen).
 * PostgreSQL only: a lock on the settings holds the read's settings part while a claim commits.
 */
describe.runIf(isPostgres)('the pool as read for the pages', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });

  it('shows the pool and its last win from one moment, even while a win commits', async () => {
    const p = await launchedPlayer(t, 100_000);
    const round = await openRound(t, p.gameToken, 50_000);
    const before = await poolBalance(t.db);
    expect(before).toBeGreaterThan(RESEED);

    let locked!: () => void;
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A claim that commits while the read waits on the settings row.
    const claim = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table jackpot_settings in access exclusive mode`);
      locked();
      await gate;
      await tx.execute(sql`select wallet_jackpot('house', ${`${round.txId}-j`}, 'h', ${round.roundId})`);
    });
    await holding;
    const read = readJackpot(t.db);
    for (let i = 0; i < 200; i++) {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database()
            and wait_event_type = 'Lock' and query ilike '%jackpot_settings%'`,
      );
      if (Number(row!.n) >= 1) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    // Whatever else the read does without the settings is done by now.
    await new Promise((r) => setTimeout(r, 200));
    release();
    await claim;
    const seen = await read;

    expect(await poolBalance(t.db)).toBe(RESEED);
    const moment = { amount: seen.amount, lastWin: seen.lastWin?.amount ?? null };
    // Before the win, or after it: never the paid-out pool beside its own win.
    expect([
      { amount: before, lastWin: null },
      { amount: RESEED, lastWin: before },
    ]).toContainEqual(moment);
  });
});
