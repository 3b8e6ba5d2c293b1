import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { sha256Hex } from './seeds.ts';

/** Seed changes at the same moment (a double click, two tabs): each is answered, one pair stays active. */
describe.runIf(backendAvailable)('seed changes at the same moment', () => {
  const { t, house } = useHouseApp();

  it('are each answered with a revealed seed, none twice, and leave one active pair', async () => {
    const p = await launchedPlayer(t, 100_000);
    const init = (await house('init', { token: p.gameToken, game: 'lucky-sevens' })).json();
    const revealed: { serverSeed: string; serverSeedHash: string }[] = [];
    for (let burst = 0; burst < 5; burst++) {
      const answers = await Promise.all(
        [0, 1, 2, 3].map((k) =>
          house('seed', { token: p.gameToken, clientSeed: `same-moment-${burst}-${k}` }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      revealed.push(...answers.map((a) => a.json().revealed));
    }
    expect(new Set(revealed.map((r) => r.serverSeed)).size).toBe(20);
    for (const r of revealed) expect(sha256Hex(r.serverSeed)).toBe(r.serverSeedHash);
    // The seed committed before the changes is one of those revealed; the last one committed is active.
    expect(revealed.map((r) => r.serverSeedHash)).toContain(init.fairness.serverSeedHash);
    const [{ active }] = (await queryRows<{ active: number }>(
      t.db,
      sql`select count(*)::int as active from house_seeds
          where player_id = (select player_id from house_seeds where server_seed_hash = ${init.fairness.serverSeedHash})
          and active`,
    )) as [{ active: number }];
    expect(active).toBe(1);
    const now = (await house('init', { token: p.gameToken, game: 'lucky-sevens' })).json().fairness;
    expect(revealed.map((r) => r.serverSeedHash)).not.toContain(now.serverSeedHash);
  });
});
