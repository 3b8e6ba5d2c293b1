import { describe, expect, it } from 'vitest';
import { useHouseApp } from '../../../../test/support/house.ts';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign, depositWithPromo } from '../../../../test/support/promotions.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame } from '../../../../test/support/wallet.ts';

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
});
