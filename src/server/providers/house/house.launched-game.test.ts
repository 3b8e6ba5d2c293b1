import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, launchGame } from '../../../../test/support/wallet.ts';
import { queryRows } from '../../db/client.ts';

const TABLES = { code: 'blackjack', company: 'royal-tables' };
const BACCARAT = { code: 'baccarat', company: 'royal-baccarat' };

/**
 * A launch token plays the game it was opened for, and only that: the platform records each round
 * under the token's game (its category decides the bonus wagering, its vendor maintenance and its
 * jackpot share), so a round of another game through it would be recorded as something it was not.
 */
describe.runIf(backendAvailable)('a launch token plays only the game it was opened for', () => {
  const { t, house } = useHouseApp();
  const roundsOf = async (token: string) =>
    (await t.call('get-slot-bets-list', {}, { token })).json().list as { gameCode: string }[];

  it('refuses a roulette spin, a blackjack deal and a free spin through a slot’s token', async () => {
    const p = await launchedPlayer(t, 100_000);
    for (const [action, body] of [
      ['roulette', { game: 'roulette', bets: { red: 10_000 } }],
      ['blackjack', { game: 'blackjack', bet: 10_000 }],
      ['spin', { game: 'golden-dragon', lineBet: 1_000 }],
      ['free-spin', { game: 'golden-dragon' }],
      ['init', { game: 'roulette' }],
    ] as const) {
      const res = await house(action, { token: p.gameToken, ...body });
      expect([res.statusCode, res.json().status], action).toEqual([400, 'invalid']);
    }
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
    expect(await roundsOf(p.token)).toEqual([]);
    // The slot it was opened for plays, and is recorded as itself.
    const spin = await house('spin', { token: p.gameToken, game: 'lucky-sevens', lineBet: 1_000 });
    expect(spin.json().status).toBe('success');
    expect((await roundsOf(p.token)).map((r) => r.gameCode)).toEqual(['lucky-sevens']);
    await expectSoundLedger(t.db);
  });

  it('refuses the table under maintenance through the token of its sister table', async () => {
    const p = await launchedPlayer(t, 100_000, BACCARAT);
    const squeeze = await house('deal', {
      token: p.gameToken,
      game: 'baccarat-squeeze',
      bets: { player: 10_000 },
    });
    expect([squeeze.statusCode, squeeze.json().status]).toEqual([400, 'invalid']);
    expect((await balancesOf(t, p.token)).cash).toBe(100_000);
  });

  it('refuses a move in a blackjack hand through another game’s token: its stakes stay the table’s', async () => {
    const p = await launchedPlayer(t, 100_000, TABLES);
    const slotToken = await launchGame(t, p.token);
    let hand = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 10_000 })).json();
    while (hand.view.phase === 'done')
      hand = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 10_000 })).json();
    const move = hand.view.phase === 'insurance' ? 'insure' : 'double';
    const through = await house('move', { token: slotToken, roundId: hand.roundId, move });
    expect([through.statusCode, through.json().status]).toEqual([400, 'invalid']);
    const [round] = await queryRows<{ category: string; total_bet: number }>(
      t.db,
      sql`select category, total_bet from game_rounds where provider = 'house' and round_id = ${hand.roundId}`,
    );
    expect(round).toEqual({ category: 'casino', total_bet: 10_000 });
    // Through its own token the hand plays on.
    const own = await house('move', { token: p.gameToken, roundId: hand.roundId, move });
    expect(own.json().status).toBe('success');
    await expectSoundLedger(t.db);
  });
});
