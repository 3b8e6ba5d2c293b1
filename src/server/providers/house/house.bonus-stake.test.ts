import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign, depositWithPromo } from '../../../../test/support/promotions.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, walletIds, walletRequest } from '../../../../test/support/wallet.ts';

/**
 * A stake above the maximum of the member's wagering bonus: the game window is told so, with the maximum
 * (msg3606 names it), as the contract says, not a refusal it does not know.
 */
describe.runIf(backendAvailable)('a stake above the bonus’s maximum in a built-in game', () => {
  const { t, house } = useHouseApp();
  const { as } = useOperators(t);

  it('is refused with bonus_max_stake and the maximum, for a spin and a blackjack deal alike', async () => {
    const campaign = await createCampaign(as('owner'), { maxStake: 5_000 });
    const { token } = await t.login();
    await depositWithPromo(t, { token }, 1_000_000, campaign);
    const before = await balancesOf(t, token);
    const slot = await launchGame(t, token);
    const spin = await house('spin', { token: slot, game: 'lucky-sevens', lineBet: 1_000 });
    expect([spin.statusCode, spin.json()]).toEqual([
      409,
      expect.objectContaining({ status: 'bonus_max_stake', maxStake: 5_000 }),
    ]);
    expect(await balancesOf(t, token)).toEqual(before);

    const table = await launchGame(t, token, { code: 'blackjack', company: 'royal-tables' });
    const deal = await house('blackjack', { token: table, game: 'blackjack', bet: 10_000 });
    expect([deal.statusCode, deal.json()]).toEqual([
      409,
      expect.objectContaining({ status: 'bonus_max_stake', maxStake: 5_000 }),
    ]);
    expect(await balancesOf(t, token)).toEqual(before);
    await expectSoundLedger(t.db);
  });

  it('counts a round’s stakes together: a double past the maximum is refused and the hand plays on', async () => {
    const campaign = await createCampaign(as('owner'), { maxStake: 5_000 });
    const { token } = await t.login();
    await depositWithPromo(t, { token }, 1_000_000, campaign);
    const table = await launchGame(t, token, { code: 'blackjack', company: 'royal-tables' });
    const deal = () => house('blackjack', { token: table, game: 'blackjack', bet: 5_000 });
    let hand = (await deal()).json();
    while (hand.view.phase !== 'play') {
      if (hand.view.phase === 'insurance')
        hand = (await house('move', { token: table, roundId: hand.roundId, move: 'noInsurance' })).json();
      if (hand.view.phase === 'done') hand = (await deal()).json();
    }
    const before = await balancesOf(t, token);
    const doubled = await house('move', { token: table, roundId: hand.roundId, move: 'double' });
    expect([doubled.statusCode, doubled.json()]).toEqual([
      409,
      expect.objectContaining({ status: 'bonus_max_stake', maxStake: 5_000 }),
    ]);
    expect(await balancesOf(t, token)).toEqual(before);
    const stood = await house('move', { token: table, roundId: hand.roundId, move: 'stand' });
    expect(stood.json()).toMatchObject({ status: 'success', stake: 5_000 });
    await expectSoundLedger(t.db);
  });

  it('refuses a provider’s second bet in a round that would take the round past the maximum', async () => {
    const campaign = await createCampaign(as('owner'), { maxStake: 5_000 });
    const { token } = await t.login();
    await depositWithPromo(t, { token }, 1_000_000, campaign);
    const slot = await launchGame(t, token);
    const secret = t.config.houseWalletSecret;
    const { roundId, txId } = walletIds();
    const bet = (id: string, amount: number) =>
      walletRequest(t, 'bet', { txId: id, roundId, token: slot, amount }, secret);
    expect((await bet(txId, 3_000)).json()).toMatchObject({ status: 'success' });
    const before = await balancesOf(t, token);
    expect((await bet(`${txId}-b`, 2_001)).json()).toMatchObject({
      status: 'bonus_max_stake',
      maxStake: 5_000,
    });
    expect(await balancesOf(t, token)).toEqual(before);
    expect((await bet(`${txId}-c`, 2_000)).json()).toMatchObject({ status: 'success' });
    await expectSoundLedger(t.db);
  });
});
