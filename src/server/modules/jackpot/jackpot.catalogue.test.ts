import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { DEMO_SITES } from '../../db/seed-demo.ts';

type Tile = { code: string; category: string; jackpot: boolean };

/**
 * The catalogue marks a game as a jackpot game only where playing it feeds and can win the pool: on a
 * site in the pool's currency. On a won site the baht pool takes no share of its members' stakes and
 * refuses their claims, so its lobby must not list the slots under "Jackpot".
 */
describe.runIf(backendAvailable)('jackpot games in the catalogue', () => {
  const t = useTestApp({}, { seedDemo: true });
  const onHost = (host: string) => ({ headers: { host, origin: `http://${host}` } });
  const lobby = async (host: string) =>
    (await t.call('get-game-list', {}, onHost(host))).json().games as Tile[];
  const vendorGames = async (host: string) =>
    (await t.call('get-slot-by-company', { company: 'royal-slots' }, onHost(host))).json().games as Tile[];

  it('lists the slots as jackpot games on the site in the pool’s currency', async () => {
    const slots = (await lobby(DEMO_SITES.th.host)).filter((g) => g.category === 'slot');
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((g) => g.jackpot)).toBe(true);
    expect((await vendorGames(DEMO_SITES.th.host)).every((g) => g.jackpot)).toBe(true);
  });

  it('lists no jackpot game on a site in another currency', async () => {
    const games = await lobby(DEMO_SITES.ko.host);
    expect(games.length).toBeGreaterThan(0);
    expect(games.filter((g) => g.jackpot)).toEqual([]);
    expect((await vendorGames(DEMO_SITES.ko.host)).filter((g) => g.jackpot)).toEqual([]);
  });
});
