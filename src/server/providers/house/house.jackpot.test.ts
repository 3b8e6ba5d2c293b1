import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { poolBalance, SECRET } from '../../../../test/support/jackpot.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import type { CallOptions } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { isListedOpen, launchedPlayer } from '../../../../test/support/wallet.ts';
import { HOUSE_STAKE_PER_HIT, jackpotCheck } from '../../../shared/games/jackpot.ts';
import { machineOf } from '../../../shared/games/machines/index.ts';
import { floatsPerRound, spinFromFloats } from '../../../shared/games/slot-machine.ts';
import { queryRows } from '../../db/client.ts';
import { DEMO_SITES } from '../../db/seed-demo.ts';
import { floatsFor, nodeHmac } from './seeds.ts';

describe.runIf(backendAvailable)('the built-in slots and the progressive jackpot', () => {
  const { t, house } = useHouseApp({ houseWalletSecret: SECRET });

  it('pays the pool to a spin whose fair draw hits, and the round shows the draw to verify', async () => {
    const { token, gameToken } = await launchedPlayer(t, 500_000, {
      code: 'fruit-fiesta',
      company: 'royal-slots',
    });
    expect((await house('init', { token: gameToken, game: 'fruit-fiesta' })).json().status).toBe('success');

    // A spin that misses first: its draw is recorded and nothing is paid from the pool.
    const miss = (await house('spin', { token: gameToken, game: 'fruit-fiesta', lineBet: 100 })).json();
    expect(miss.status).toBe('success');
    expect(miss.jackpot).toMatchObject({ hit: false, amount: 0, stakePerHit: HOUSE_STAKE_PER_HIT });

    // Stand in for a player whose own client seed happens to hit on the next nonce: find one for the
    // committed server seed (a test may read it; a player cannot) and set it as the client seed.
    const [seed] = await queryRows<{ id: number; server_seed: string; nonce: number }>(
      t.db,
      sql`select id, server_seed, nonce from house_seeds where active order by id desc limit 1`,
    );
    const stake = 10 * 10_000;
    let clientSeed = '';
    for (let i = 0; !clientSeed; i++) {
      const candidate = `lucky-${i}`;
      const check = await jackpotCheck(
        nodeHmac,
        { serverSeed: seed!.server_seed, clientSeed: candidate, nonce: seed!.nonce },
        stake,
      );
      if (check.hit) clientSeed = candidate;
    }
    await queryRows(t.db, sql`update house_seeds set client_seed = ${clientSeed} where id = ${seed!.id}`);

    const pool = await poolBalance(t.db);
    const cash = (await balancesOf(t, token)).cash;
    const spin = (await house('spin', { token: gameToken, game: 'fruit-fiesta', lineBet: 10_000 })).json();
    expect(spin.status).toBe('success');
    // The spin's own 1 % share reached the pool before the hit was claimed, so it wins that too.
    const award = pool + stake / 100;
    expect(spin.jackpot).toMatchObject({ hit: true, amount: award });
    expect(spin.balance).toBe(cash - stake + spin.payout + award);
    expect((await balancesOf(t, token)).cash).toBe(spin.balance);
    expect(await poolBalance(t.db)).toBe(10_000_000);

    // The verify data carry the recorded draw, and recomputing it from the seeds gives the same.
    const round = (await house('round', { token: gameToken, roundId: spin.roundId })).json().round;
    expect(round.jackpot).toMatchObject({ hit: true, amount: award });
    const again = await jackpotCheck(
      nodeHmac,
      { serverSeed: seed!.server_seed, clientSeed: round.clientSeed, nonce: round.nonce },
      round.stake,
    );
    expect(again).toEqual({ draw: round.jackpot.draw, threshold: round.jackpot.threshold, hit: true });
    await expectSoundLedger(t.db);
  });
  it('a member outside the pool (KRW) whose spin hits the draw is paid the line win, the round settled', async () => {
    const KO: CallOptions = { headers: { host: DEMO_SITES.ko.host, origin: `http://${DEMO_SITES.ko.host}` } };
    const GAME = 'fruit-fiesta';
    const member = DEMO_SITES.ko.member;
    const login = await t.call('user-do-login', { id: member.id, pw: member.pw }, KO);
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().token as string;
    const cashOf = async () =>
      (await t.call('user-health-check', {}, { ...KO, token })).json().user.balance as number;
    const url = (await t.call('open-game', { code: GAME, company: 'royal-slots' }, { ...KO, token })).json()
      .url as string;
    const gameToken = new URL(url, 'http://x').searchParams.get('token')!;
    const init = (await house('init', { token: gameToken, game: GAME })).json();
    expect(init).toMatchObject({ status: 'success', currency: 'KRW' });

    // A client seed whose next spin both hits the fair draw and wins on the lines (1 spin in 20,000
    // hits at this stake; a player's own client seed can be anything).
    const [seed] = await queryRows<{ id: number; server_seed: string; nonce: number }>(
      t.db,
      sql`select id, server_seed, nonce from house_seeds where server_seed_hash = ${init.fairness.serverSeedHash}`,
    );
    const lineBet = 10_000;
    const stake = lineBet * 10;
    const machine = machineOf(GAME);
    let clientSeed = '';
    let linePayout = 0;
    for (let i = 0; !clientSeed; i++) {
      const candidate = `ko-lucky-${i}`;
      const s = { serverSeed: seed!.server_seed, clientSeed: candidate, nonce: seed!.nonce };
      if (!(await jackpotCheck(nodeHmac, s, stake)).hit) continue;
      const spin = spinFromFloats(machine, await floatsFor(s, floatsPerRound(machine)));
      if (spin.multiplier === 0) continue;
      clientSeed = candidate;
      linePayout = spin.multiplier * lineBet;
    }
    await queryRows(t.db, sql`update house_seeds set client_seed = ${clientSeed} where id = ${seed!.id}`);

    const pool = await poolBalance(t.db);
    const cash = await cashOf();
    const res = await house('spin', { token: gameToken, game: GAME, lineBet });
    const spin = res.json();
    expect(res.statusCode, res.body).toBe(200);
    // The stake taken and the line win paid; no jackpot (the pool untouched).
    expect(spin).toMatchObject({
      status: 'success',
      stake,
      payout: linePayout,
      jackpot: { hit: false, amount: 0 },
    });
    expect(await cashOf()).toBe(cash - stake + linePayout);
    expect(spin.balance).toBe(cash - stake + linePayout);
    expect(await poolBalance(t.db)).toBe(pool);
    // The round is over on both sides and shows no jackpot to verify.
    expect(await isListedOpen(t.db, spin.roundId)).toBe(false);
    const round = (await house('round', { token: gameToken, roundId: spin.roundId })).json().round;
    expect(round).toMatchObject({ payout: linePayout, jackpot: null });
    await expectSoundLedger(t.db);
  });
});
