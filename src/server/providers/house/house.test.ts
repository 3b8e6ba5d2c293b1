import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, launchGame } from '../../../../test/support/wallet.ts';
import { settle } from '../../../shared/games/baccarat.ts';
import { machineOf } from '../../../shared/games/machines/index.ts';
import { floatsPerRound, spinFromFloats } from '../../../shared/games/slot-machine.ts';
import { floatsFor } from './seeds.ts';

describe.runIf(backendAvailable)('the built-in provider plays through the wallet API over HTTP', () => {
  const { t, house } = useHouseApp();

  const launched = (code: string, company: string, funds = 200_000) =>
    launchedPlayer(t, funds, { code, company });

  it('spins: stake and win move through the wallet, the round is in the bet history and can be recomputed', async () => {
    const p = await launched('lucky-sevens', 'royal-slots');
    const init = (await house('init', { token: p.gameToken, game: 'lucky-sevens' })).json();
    expect(init).toMatchObject({
      status: 'success',
      balance: 200_000,
      game: { engine: 'slot' },
      fairness: { nonce: 0 },
    });

    let expected = 200_000;
    for (let i = 0; i < 5; i++) {
      const spin = (await house('spin', { token: p.gameToken, game: 'lucky-sevens', lineBet: 1_000 })).json();
      expect(spin.status).toBe('success');
      expected += spin.payout - 10_000;
      expect(spin.balance).toBe(expected);
      expect(spin.nonce).toBe(i);
    }
    expect((await balancesOf(t, p.token)).cash).toBe(expected);
    const history = (await t.call('get-slot-bets-list', {}, { token: p.token })).json();
    expect(history.list).toHaveLength(5);
    expect(history.next).toBeNull();
    expect(history.list[0]).toMatchObject({
      gameCode: 'lucky-sevens',
      gameNameEn: 'Lucky Sevens',
      stake: 10_000,
      status: 'closed',
    });

    // Reveal the seed, then recompute the first round from seeds and nonce alone.
    const rotated = (await house('seed', { token: p.gameToken, clientSeed: 'my-own-seed' })).json();
    const revealed = rotated.revealed;
    expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(init.fairness.serverSeedHash);
    expect(rotated.fairness).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    const firstRound = history.list.at(-1).roundId;
    const round = (await house('round', { token: p.gameToken, roundId: firstRound })).json().round;
    expect(round.serverSeed).toBe(revealed.serverSeed);
    const machine = machineOf('lucky-sevens');
    const recomputed = spinFromFloats(
      machine,
      await floatsFor(
        { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: 0 },
        floatsPerRound(machine),
      ),
    );
    expect(recomputed).toEqual(round.outcome);
    expect(round.payout).toBe(recomputed.multiplier * 1_000);
    await expectSoundLedger(t.db);
  });

  it('each themed slot settles by its own machine, and every round, features included, recomputes', async () => {
    const p = await launched('golden-dragon', 'royal-slots', 2_000_000);
    const played: { game: string; roundId: string; payout: number }[] = [];
    for (const game of ['golden-dragon', 'fruit-fiesta', 'lucky-sevens']) {
      // Each slot in its own window: a launch token plays the game it was opened for.
      const token = await launchGame(t, p.token, { code: game, company: 'royal-slots' });
      for (let i = 0; i < 4; i++) {
        const spin = (await house('spin', { token, game, lineBet: 100 })).json();
        expect(spin.status).toBe('success');
        expect(spin.payout).toBe(spin.outcome.multiplier * 100);
        played.push({ game, roundId: spin.roundId, payout: spin.payout });
      }
    }
    const { revealed } = (await house('seed', { token: p.gameToken, clientSeed: 'check' })).json();
    for (const [nonce, r] of played.entries()) {
      const round = (await house('round', { token: p.gameToken, roundId: r.roundId })).json().round;
      const machine = machineOf(r.game);
      const seed = { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce };
      expect(round.game).toBe(r.game);
      expect(round.outcome).toEqual(spinFromFloats(machine, await floatsFor(seed, floatsPerRound(machine))));
    }
    await expectSoundLedger(t.db);
  });

  it('deals baccarat and pays by the standard table', async () => {
    const p = await launched('baccarat', 'royal-baccarat');
    const bets = { player: 10_000, banker: 20_000, tie: 1_000 };
    const deal = (await house('deal', { token: p.gameToken, game: 'baccarat', bets })).json();
    expect(deal.status).toBe('success');
    expect(deal.payout).toBe(settle(bets, deal.outcome.winner));
    expect(deal.balance).toBe(200_000 - 31_000 + deal.payout);
    const refused = await house('deal', { token: p.gameToken, game: 'baccarat', bets: { player: 1_500 } });
    expect(refused.statusCode).toBe(400);
    const empty = await house('deal', { token: p.gameToken, game: 'baccarat', bets: {} });
    expect(empty.json().status).toBe('invalid');
  });

  it('refuses a spin the balance cannot pay, and any play once the session has ended', async () => {
    const p = await launched('fruit-fiesta', 'royal-slots', 0);
    const broke = await house('spin', { token: p.gameToken, game: 'fruit-fiesta', lineBet: 100 });
    expect(broke.statusCode).toBe(402);
    expect(broke.json()).toMatchObject({ status: 'balance', balance: 0 });
    await t.call('user-logout', {}, { token: p.token });
    const ended = await house('spin', { token: p.gameToken, game: 'fruit-fiesta', lineBet: 100 });
    expect(ended.json().status).toBe('session_expired');
    expect((await house('init', { token: 'B'.repeat(43), game: 'baccarat' })).statusCode).toBe(401);
  });
});
