import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger, fund } from '../../../../test/support/money.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import {
  type BlackjackMove,
  cardPoints,
  MAX_CARDS,
  replayRound,
  startRound,
  totalReturn,
} from '../../../shared/games/blackjack.ts';
import { totalReturn as rouletteReturn, spinRoulette } from '../../../shared/games/roulette.ts';
import { queryRows } from '../../db/client.ts';
import { forgetLobbyRails, maskNick } from '../../modules/games/lobby-rails.service.ts';
import { walletOverHttp } from '../wallet-caller.ts';
import { moveBlackjack } from './house.blackjack.ts';
import { DEMO_SESSIONS_PER_ADDRESS } from './house.demo.ts';
import { floatsFor, sha256Hex } from './seeds.ts';
import { walletClient } from './wallet-client.ts';

const S17 = { dealerHitsSoft17: false };
const SERVER_SEED = 'a'.repeat(64);

describe.runIf(backendAvailable)('roulette and blackjack through the wallet', () => {
  const { t, house } = useHouseApp();

  async function launched(code: string, funds: number) {
    const { token, gameToken } = await launchedPlayer(t, funds, { code, company: 'royal-tables' });
    const init = (await house('init', { token: gameToken, game: code })).json();
    return { token, gameToken, init };
  }

  /** Gives the player's active seed pair a known server seed and the first client seed whose round 0 fits. */
  async function riggedSeed(hash: string, fits: (floats: number[]) => boolean) {
    for (let i = 0; ; i++) {
      const clientSeed = `table-${i}`;
      const floats = await floatsFor({ serverSeed: SERVER_SEED, clientSeed, nonce: 0 }, MAX_CARDS);
      if (!fits(floats)) continue;
      await t.db.execute(
        sql`update house_seeds set server_seed = ${SERVER_SEED}, server_seed_hash = ${sha256Hex(SERVER_SEED)},
            client_seed = ${clientSeed} where server_seed_hash = ${hash} and active`,
      );
      return floats;
    }
  }
  /** A first hand that splits, doubles the first split hand and stands on the second. */
  const SPLIT_DOUBLE: BlackjackMove[] = ['split', 'double', 'stand'];
  const splitsAndDoubles = (floats: number[]) => {
    const state = startRound(10_000, floats, S17);
    const up = cardPoints(state.dealer[0]!);
    if (state.phase !== 'play' || up === 1 || up === 10) return false;
    try {
      return replayRound(10_000, SPLIT_DOUBLE, floats, S17).phase === 'done';
    } catch {
      return false;
    }
  };

  it('spins roulette: the stake on each spot and what it returns move through the wallet', async () => {
    const p = await launched('roulette', 100_000);
    expect(p.init).toMatchObject({ game: { engine: 'roulette' }, rules: { laPartage: false }, open: null });
    const bets = { 'straight:17': 1_000, 'split:17-20': 2_000, red: 5_000, 'dozen:2': 1_000 };
    const spin = (await house('roulette', { token: p.gameToken, game: 'roulette', bets })).json();
    expect(spin.status).toBe('success');
    expect(spin.stake).toBe(9_000);
    expect(spin.payout).toBe(rouletteReturn(spin.outcome));
    expect(spin.balance).toBe(100_000 - 9_000 + spin.payout);
    const { revealed } = (await house('seed', { token: p.gameToken, clientSeed: 'after-roulette' })).json();
    const [float] = await floatsFor(
      { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: 0 },
      1,
    );
    expect(spinRoulette(bets, float!, { laPartage: false })).toMatchObject({ number: spin.outcome.number });
    const round = (await house('round', { token: p.gameToken, roundId: spin.roundId })).json().round;
    expect(round).toMatchObject({ engine: 'roulette', bet: bets, payout: spin.payout });

    for (const bad of [
      { 'split:3-4': 1_000 },
      { red: 1_500 },
      {},
      {
        red: 1_000_000,
        black: 1_000_000,
        ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`straight:${i}`, 1_000_000])),
      },
    ]) {
      const refused = await house('roulette', { token: p.gameToken, game: 'roulette', bets: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await house('roulette', { token: p.gameToken, game: 'baccarat', bets })).statusCode).toBe(400);
    expect((await balancesOf(t, p.token)).cash).toBe(spin.balance);
    await expectSoundLedger(t.db);
  });

  it('plays a blackjack round with a split and a double as one round: three bets, one win', async () => {
    const p = await launched('blackjack', 200_000);
    expect(p.init).toMatchObject({
      game: { engine: 'blackjack' },
      rules: { dealerHitsSoft17: false },
      open: null,
    });
    const floats = await riggedSeed(p.init.fairness.serverSeedHash, splitsAndDoubles);
    const dealt = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 10_000 })).json();
    expect(dealt).toMatchObject({ status: 'success', stake: 10_000, balance: 190_000 });
    expect(dealt.view.dealer[1]).toBeNull();
    expect(dealt.view.legal).toContain('split');
    // A second round of the same game waits until this one is over.
    const second = await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 10_000 });
    expect(second.statusCode).toBe(400);

    let last = dealt;
    for (const move of SPLIT_DOUBLE) {
      last = (await house('move', { token: p.gameToken, roundId: dealt.roundId, move })).json();
      expect(last.status, move).toBe('success');
    }
    const expected = replayRound(10_000, SPLIT_DOUBLE, floats, S17);
    expect(last.view.phase).toBe('done');
    expect(last.view.dealer).toEqual(expected.dealer);
    expect(last.stake).toBe(30_000);
    expect(last.payout).toBe(totalReturn(expected));
    expect(last.balance).toBe(200_000 - 30_000 + totalReturn(expected));
    expect((await balancesOf(t, p.token)).cash).toBe(last.balance);
    const over = await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'hit' });
    expect(over.json().status).toBe('invalid');

    // The platform saw one round: three bets and one win.
    const history = (await t.call('get-slot-bets-list', {}, { token: p.token })).json();
    expect(history.list[0]).toMatchObject({ gameCode: 'blackjack', stake: 30_000, status: 'closed' });
    const round = (await house('round', { token: p.gameToken, roundId: dealt.roundId })).json().round;
    expect(round.bet).toEqual({ bet: 10_000, rules: S17, moves: SPLIT_DOUBLE });
    await expectSoundLedger(t.db);
  });

  it('a crash after the wallet took a double resumes where it was: the double counted once, the round settled', async () => {
    const p = await launched('blackjack', 200_000);
    const floats = await riggedSeed(p.init.fairness.serverSeedHash, splitsAndDoubles);
    const dealt = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 10_000 })).json();
    await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'split' });
    // The double's bet reaches the wallet, and the server dies before it hears the answer.
    const real = walletClient(walletOverHttp(() => t.config.publicUrl, t.config.houseWalletSecret, 'house'));
    const crashing = {
      ...real,
      bet: async (body: Parameters<typeof real.bet>[0]) => {
        await real.bet(body);
        throw new Error('the process died');
      },
    };
    const [{ player_id: playerId }] = (await queryRows<{ player_id: string }>(
      t.db,
      sql`select player_id from house_rounds where id = ${Number(dealt.roundId.slice(1))}`,
    )) as [{ player_id: string }];
    const crashed = await moveBlackjack(
      { db: t.db, wallet: crashing, log: t.app.log },
      { playerId, token: p.gameToken, gameCode: 'blackjack', roundId: dealt.roundId, move: 'double' },
    );
    expect(crashed.status).toBe('error');
    expect((await balancesOf(t, p.token)).cash).toBe(200_000 - 30_000);

    // The window opens again (after a restart): the round comes back with the double applied.
    const reopened = (await house('init', { token: p.gameToken, game: 'blackjack' })).json();
    expect(reopened.open).toMatchObject({ roundId: dealt.roundId, stake: 30_000 });
    expect(reopened.open.view.moves).toEqual(['split', 'double']);
    expect(reopened.open.view.active).toBe(1);
    const done = (await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'stand' })).json();
    const expected = replayRound(10_000, SPLIT_DOUBLE, floats, S17);
    expect(done.payout).toBe(totalReturn(expected));
    expect((await balancesOf(t, p.token)).cash).toBe(200_000 - 30_000 + totalReturn(expected));
    expect((await house('init', { token: p.gameToken, game: 'blackjack' })).json().open).toBeNull();
    await expectSoundLedger(t.db);
  });

  it('refuses a double the balance cannot pay and keeps the round as it was', async () => {
    const p = await launched('blackjack', 30_000);
    await riggedSeed(p.init.fairness.serverSeedHash, splitsAndDoubles);
    const dealt = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 20_000 })).json();
    const split = await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'split' });
    expect(split.statusCode).toBe(402);
    expect(split.json()).toMatchObject({ status: 'balance', balance: 10_000 });
    const reopened = (await house('init', { token: p.gameToken, game: 'blackjack' })).json();
    expect(reopened.open.view).toMatchObject({ moves: [], phase: 'play' });
    let last = reopened.open;
    while (last.view.phase !== 'done') {
      last = (await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'stand' })).json();
    }
    expect(last.stake).toBe(20_000);
    expect((await balancesOf(t, p.token)).cash).toBe(10_000 + last.payout);
    await expectSoundLedger(t.db);
  });

  it('a guest minting demo sessions without end ends their own oldest, never another guest’s', async () => {
    const demoFrom = async (remoteAddress: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/house/api/demo',
          payload: { game: 'roulette' },
          remoteAddress,
        })
      ).json().token as string;
    const opens = async (token: string) =>
      (await t.app.inject({ method: 'POST', url: '/house/api/init', payload: { token, game: 'roulette' } }))
        .statusCode === 200;
    const other = await demoFrom('10.77.0.2');
    const minted = [];
    for (let i = 0; i <= DEMO_SESSIONS_PER_ADDRESS; i++) minted.push(await demoFrom('10.77.0.1'));
    expect(await opens(minted[0]!)).toBe(false);
    expect(await opens(minted[1]!)).toBe(true);
    expect(await opens(minted.at(-1)!)).toBe(true);
    expect(await opens(other)).toBe(true);

    // An IPv6 guest is one address for its whole /64: a fresh address per demo ends its own oldest too.
    const otherBlock = await demoFrom('2001:db8:66:2::1');
    const sprayed = [];
    for (let i = 0; i <= DEMO_SESSIONS_PER_ADDRESS; i++)
      sprayed.push(await demoFrom(`2001:db8:66:1::${(i + 1).toString(16)}`));
    expect(await opens(sprayed[0]!)).toBe(false);
    expect(await opens(sprayed[1]!)).toBe(true);
    expect(await opens(otherBlock)).toBe(true);
  });

  it('demo play: fun money for every built-in game, nothing through the wallet, no round kept', async () => {
    const counts = async () =>
      (
        await queryRows<{ transfers: number; wallet: number; rounds: number }>(
          t.db,
          sql`select (select count(*)::int from ledger_transfers) as transfers,
                     (select count(*)::int from wallet_transactions) as wallet,
                     (select count(*)::int from house_rounds) as rounds`,
        )
      )[0]!;
    const before = await counts();
    const { token } = (await house('demo', { game: 'roulette' })).json();
    expect(token).toMatch(/^demo_/);
    const init = (await house('init', { token, game: 'roulette' })).json();
    expect(init).toMatchObject({ demo: true, balance: 1_000_000, open: null });
    const spin = (await house('roulette', { token, game: 'roulette', bets: { red: 10_000 } })).json();
    expect(spin.balance).toBe(1_000_000 - 10_000 + spin.payout);
    const slot = (await house('spin', { token, game: 'ocean-treasure', lineBet: 1_000 })).json();
    expect(slot).toMatchObject({ status: 'success', stake: 10_000, jackpot: { hit: false } });
    const deal = (await house('deal', { token, game: 'baccarat', bets: { player: 10_000 } })).json();
    expect(deal.status).toBe('success');
    let hand = (await house('blackjack', { token, game: 'blackjack', bet: 10_000 })).json();
    expect((await house('init', { token, game: 'blackjack' })).json().open?.roundId ?? hand.roundId).toBe(
      hand.roundId,
    );
    while (hand.view.phase !== 'done') {
      const move = hand.view.phase === 'insurance' ? 'noInsurance' : 'stand';
      hand = (await house('move', { token, roundId: hand.roundId, move })).json();
    }
    expect(hand.balance).toBe(deal.balance - 10_000 + hand.payout);
    expect((await house('history', { token })).json().rounds).toEqual([]);
    expect((await house('round', { token, roundId: spin.roundId })).json().status).toBe('not_found');
    // A guest's fun money cannot buy more than it has.
    const broke = await house('roulette', {
      token,
      game: 'roulette',
      bets: { red: 1_000_000, black: 1_000_000 },
    });
    expect(broke.statusCode).toBe(402);
    expect(await counts()).toEqual(before);
    await expectSoundLedger(t.db);
  });

  it('the lobby rails: popular from real rounds of the last days (demo play left out), wins with masked names', async () => {
    forgetLobbyRails();
    const rails = (await t.call('get-game-rails', {})).json();
    expect(rails.status).toBe('success');
    // Real rounds above: one of roulette, three of blackjack; demo rounds count for nothing.
    expect(rails.popular[0]).toMatchObject({ code: 'blackjack', gameCompany: 'royal-tables', plays: 3 });
    expect(rails.popular).toContainEqual({ code: 'roulette', gameCompany: 'royal-tables', plays: 1 });
    for (const win of rails.wins) {
      expect(win.nick).toMatch(/^.\*\*\*.?$/);
      expect(win.amount).toBeGreaterThan(0);
    }
    expect(maskNick('nick123')).toBe('n***3');
    const games = (await t.call('get-game-list', {})).json().games;
    expect(games.find((g: { code: string }) => g.code === 'roulette')).toMatchObject({
      category: 'casino',
      maintenance: false,
      jackpot: false,
    });
    expect(games.find((g: { code: string }) => g.code === 'baccarat-squeeze')?.maintenance).toBe(true);
  });

  it('a seed change is refused while a blackjack hand dealt from the seed is open: the hole card stays hidden', async () => {
    const BET = 10_000;
    const { token, gameToken, init } = await launched('blackjack', 200_000);
    // A hand where standing loses and doubling wins: knowing the seed, the player would double.
    await riggedSeed(init.fairness.serverSeedHash, (floats) => {
      const state = startRound(BET, floats, S17);
      const up = cardPoints(state.dealer[0]!);
      if (state.phase !== 'play' || up === 1 || up === 10) return false;
      return (
        totalReturn(replayRound(BET, ['stand'], floats, S17)) === 0 &&
        totalReturn(replayRound(BET, ['double'], floats, S17)) === 4 * BET
      );
    });
    const dealt = (await house('blackjack', { token: gameToken, game: 'blackjack', bet: BET })).json();
    expect(dealt).toMatchObject({ status: 'success', balance: 200_000 - BET });
    expect(dealt.view.dealer[1]).toBeNull();

    // Mid-hand the player sets a new client seed: refused, nothing revealed, the seed pair unchanged.
    const refused = await house('seed', { token: gameToken, clientSeed: 'mid-round' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'round_open' });
    expect(refused.json().revealed).toBeUndefined();
    const again = (await house('init', { token: gameToken, game: 'blackjack' })).json();
    expect(again.fairness.serverSeedHash).toBe(sha256Hex(SERVER_SEED));
    expect(again.open.roundId).toBe(dealt.roundId);

    // The player stands blind and loses the bet, as the hand was dealt.
    const done = (await house('move', { token: gameToken, roundId: dealt.roundId, move: 'stand' })).json();
    expect(done).toMatchObject({ status: 'success', stake: BET, payout: 0 });
    expect((await balancesOf(t, token)).cash).toBe(200_000 - BET);

    // Once the hand is over the seed changes, and the round verifies with the revealed seed.
    const rotated = (await house('seed', { token: gameToken, clientSeed: 'after-round' })).json();
    expect(rotated).toMatchObject({ status: 'success', revealed: { serverSeed: SERVER_SEED, rounds: 1 } });
    const round = (await house('round', { token: gameToken, roundId: dealt.roundId })).json().round;
    expect(round.serverSeed).toBe(SERVER_SEED);
    await expectSoundLedger(t.db);
  });

  it('demo play: a seed change waits for the open blackjack hand too', async () => {
    const { token } = (await house('demo', { game: 'blackjack' })).json();
    await house('init', { token, game: 'blackjack' });
    // Hands until one waits for a move (a blackjack is over at once).
    let hand = { view: { phase: 'done' } } as { roundId: string; view: { phase: string } };
    let rounds = 0;
    while (hand.view.phase === 'done') {
      hand = (await house('blackjack', { token, game: 'blackjack', bet: 10_000 })).json();
      rounds++;
    }
    const refused = await house('seed', { token, clientSeed: 'mid-round' });
    expect([refused.statusCode, refused.json().status]).toEqual([409, 'round_open']);
    while (hand.view.phase !== 'done') {
      const move = hand.view.phase === 'insurance' ? 'noInsurance' : 'stand';
      hand = (await house('move', { token, roundId: hand.roundId, move })).json();
    }
    const rotated = (await house('seed', { token, clientSeed: 'after-round' })).json();
    expect(rotated).toMatchObject({ status: 'success', revealed: { rounds } });
  });

  it('takes a split the balance could not pay once the member has the money: no stale refusal again', async () => {
    const p = await launched('blackjack', 30_000);
    await riggedSeed(p.init.fairness.serverSeedHash, splitsAndDoubles);
    const dealt = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 20_000 })).json();
    const refused = await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'split' });
    expect(refused.statusCode).toBe(402);
    // Topped up in another tab: the same split is a new wallet call, not the first refusal answered
    // again (it was sent under the same transaction id and body, so the wallet repeated "balance").
    await fund(t, p.token, 100_000);
    const split = await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'split' });
    expect(split.statusCode).toBe(200);
    expect(split.json().view.moves).toEqual(['split']);
    expect((await balancesOf(t, p.token)).cash).toBe(130_000 - 40_000);
    let last = split.json();
    for (const move of ['double', 'stand'] as const) {
      last = (await house('move', { token: p.gameToken, roundId: dealt.roundId, move })).json();
    }
    expect(last.view.phase).toBe('done');
    expect(last.stake).toBe(60_000);
    expect((await balancesOf(t, p.token)).cash).toBe(130_000 - 60_000 + last.payout);
    await expectSoundLedger(t.db);
  });

  // After the lobby rails' counts above: this hand is a blackjack play of its own.
  it('a double refused for the balance is taken once the member has the money: each try is its own bet', async () => {
    const p = await launched('blackjack', 20_000);
    const floats = await riggedSeed(p.init.fairness.serverSeedHash, (f) => {
      const state = startRound(20_000, f, S17);
      const up = cardPoints(state.dealer[0]!);
      return state.phase === 'play' && up !== 1 && up !== 10;
    });
    const dealt = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 20_000 })).json();
    const refused = await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'double' });
    expect([refused.statusCode, refused.json()]).toEqual([402, expect.objectContaining({ balance: 0 })]);
    // The member deposits in another tab and doubles again: a new bet, not the refusal replayed.
    await fund(t, p.token, 20_000);
    const doubled = (
      await house('move', { token: p.gameToken, roundId: dealt.roundId, move: 'double' })
    ).json();
    expect(doubled).toMatchObject({
      status: 'success',
      stake: 40_000,
      view: { moves: ['double'], phase: 'done' },
    });
    const expected = totalReturn(replayRound(20_000, ['double'], floats, S17));
    expect(doubled.payout).toBe(expected);
    expect((await balancesOf(t, p.token)).cash).toBe(expected);
    await expectSoundLedger(t.db);
  });
});
