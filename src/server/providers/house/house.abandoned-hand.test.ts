import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { type BlackjackState, isBlackjack, totalReturn } from '../../../shared/games/blackjack.ts';
import { builtInWallet } from '../../built-in-wallet.ts';
import { houseProvider } from './house.provider.ts';
import { payUnpaidRounds } from './unpaid-rounds.ts';
import { walletClient } from './wallet-client.ts';

const quiet = { error() {}, warn() {}, info() {} } as never;
const TABLES = { code: 'blackjack', company: 'royal-tables' };

/**
 * A blackjack hand its player never finishes (a window closed for good; a table switched off since, which
 * they cannot open again) holds their stake: after a day the sweep plays it on as a player who stays
 * away would (no insurance, stand) and pays it. The hand is dealt at random, so the test covers both an
 * insurance offer and a plain hand over many runs; the expected moves follow the cards dealt.
 */
describe.runIf(backendAvailable)('a blackjack hand left in play', () => {
  const { t, house } = useHouseApp();
  const { as } = useOperators(t);

  it('waits a day for its player, then is stood and paid by the sweep', async () => {
    const p = await launchedPlayer(t, 200_000, TABLES);
    let hand = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 10_000 })).json();
    while (hand.view.phase === 'done') {
      hand = (await house('blackjack', { token: p.gameToken, game: 'blackjack', bet: 10_000 })).json();
    }
    const cashBefore = (await balancesOf(t, p.token)).cash;
    // The operator switches the table off: the member cannot open it again to finish the hand.
    const vendors = (await as('content').get('/api/admin/games?category=casino')).json().vendors;
    const id = vendors
      .flatMap((v: { games: { id: number; code: string }[] }) => v.games)
      .find((g: { code: string }) => g.code === 'blackjack').id as number;
    await as('content').post(`/api/admin/games/${id}`, { used: 'n' });
    expect((await t.call('open-game', TABLES, { token: p.token })).statusCode).not.toBe(200);

    const wallet = walletClient(
      builtInWallet({ db: t.db, config: t.config }, houseProvider.code, t.config.houseWalletSecret),
    );
    // Within the day the hand waits for its player.
    expect(await payUnpaidRounds(t.db, wallet, quiet, { graceMs: 0 })).toBe(0);
    // After it, the sweep finishes it: no insurance, stand on every hand, one win.
    expect(await payUnpaidRounds(t.db, wallet, quiet, { graceMs: 0, abandonedMs: 0 })).toBe(1);
    const round = (await house('round', { token: p.gameToken, roundId: hand.roundId })).json().round;
    // Declining insurance ends the hand when the dealer or the player holds a blackjack: nothing left to stand.
    const state = round.outcome.state as BlackjackState;
    const endsAtInsurance = isBlackjack(state.dealer.slice(0, 2)) || isBlackjack(state.hands[0]!.cards);
    const expected =
      hand.view.phase === 'insurance' ? ['noInsurance', ...(endsAtInsurance ? [] : ['stand'])] : ['stand'];
    expect(round.bet.moves).toEqual(expected);
    expect(round.payout).toBe(totalReturn(round.outcome.state));
    expect((await balancesOf(t, p.token)).cash).toBe(cashBefore + round.payout);
    const history = (await t.call('get-slot-bets-list', {}, { token: p.token })).json().list;
    expect(history.find((r: { roundId: string }) => r.roundId === hand.roundId)).toMatchObject({
      status: 'closed',
      win: round.payout,
    });
    expect(await payUnpaidRounds(t.db, wallet, quiet, { graceMs: 0, abandonedMs: 0 })).toBe(0);
    await as('content').post(`/api/admin/games/${id}`, { used: 'y' });
    await expectSoundLedger(t.db);
  });
});
