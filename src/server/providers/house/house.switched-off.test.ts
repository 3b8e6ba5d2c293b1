import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer, launchGame } from '../../../../test/support/wallet.ts';

const TABLES = 'royal-tables';

/**
 * An operator switches a game off, or puts its vendor under maintenance: windows opened before play no
 * new round of it (as demo play does not), whatever their token's age; a blackjack hand already dealt
 * can still be finished.
 */
describe.runIf(backendAvailable)('real play of a game switched off after its window opened', () => {
  const { t, house } = useHouseApp();
  const { as } = useOperators(t);
  const vendor = (body: object) => as('content').post(`/api/admin/games/vendors/${TABLES}`, body);

  it('refuses new rounds (403 disabled, 409 time) and lets an open hand be finished', async () => {
    const p = await launchedPlayer(t, 200_000, { code: 'roulette', company: TABLES });
    const blackjack = await launchGame(t, p.token, { code: 'blackjack', company: TABLES });
    let hand = (await house('blackjack', { token: blackjack, game: 'blackjack', bet: 10_000 })).json();
    while (hand.view.phase === 'done')
      hand = (await house('blackjack', { token: blackjack, game: 'blackjack', bet: 10_000 })).json();
    const cash = (await balancesOf(t, p.token)).cash;

    await vendor({ used: 'n' });
    const spin = await house('roulette', { token: p.gameToken, game: 'roulette', bets: { red: 10_000 } });
    expect([spin.statusCode, spin.json().status]).toEqual([403, 'disabled']);
    // The hand dealt before plays to its end.
    while (hand.view.phase !== 'done') {
      const move = hand.view.phase === 'insurance' ? 'noInsurance' : 'stand';
      hand = (await house('move', { token: blackjack, roundId: hand.roundId, move })).json();
      expect(hand.status).toBe('success');
    }
    const deal = await house('blackjack', { token: blackjack, game: 'blackjack', bet: 10_000 });
    expect([deal.statusCode, deal.json().status]).toEqual([403, 'disabled']);
    await vendor({ used: 'y' });

    await vendor({ maintenance: true });
    const held = await house('roulette', { token: p.gameToken, game: 'roulette', bets: { red: 10_000 } });
    expect([held.statusCode, held.json().status]).toEqual([409, 'time']);
    await vendor({ maintenance: false });

    expect((await balancesOf(t, p.token)).cash).toBe(cash + hand.payout);
    const back = await house('roulette', { token: p.gameToken, game: 'roulette', bets: { red: 10_000 } });
    expect(back.json().status).toBe('success');
    await expectSoundLedger(t.db);
  });
});
