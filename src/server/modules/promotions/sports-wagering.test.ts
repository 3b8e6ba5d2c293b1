import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { bonusesOf, createCampaign, depositWithPromo } from '../../../../test/support/promotions.ts';
import {
  footballEvent,
  listenForWallet,
  placeSingle,
  selectionsOf,
} from '../../../../test/support/sports.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame } from '../../../../test/support/wallet.ts';

/** Sports bets count towards a bonus by their stake × the sports contribution, at the minimum odds or above. */
describe.runIf(backendAvailable)('promotions: wagering by sports bets', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);
  let campaign: number;
  beforeAll(async () => {
    await listenForWallet(t);
    // Sports count 50 % from odds of 3/2 (1.50); 3,000 baht a stake at most.
    campaign = await createCampaign(as('owner'), {
      sportsBps: 5_000,
      maxStake: 300_000,
      wageringMultiple: 5,
    });
  });

  it('counts a bet at 2.00, not one at 1.40, and refuses a stake above the maximum', async () => {
    const { token, member } = await t.login();
    await depositWithPromo(t, { token }, 2_000_000, campaign);
    const memberId = await memberIdOf(t.db, member.id);
    expect(memberId).toBeGreaterThan(0);
    const gameToken = await launchGame(t, token, { code: 'sportsbook', company: 'royal-sports' });
    const { eventId } = await footballEvent(t.db, { prices: ['2.0', '3.4', '1.4'] });
    const selections = await selectionsOf(t, eventId);
    const place = (key: string, unitStake: number) => placeSingle(t, gameToken, selections[key]!, unitStake);
    expect((await place('1x2:home', 100_001)).json()).toMatchObject({ status: 'success', bet: 'open' });
    // 100,001 × 50 % = 50,000.5: the half unit waits for the next count.
    expect((await bonusesOf(t, { token })).active.wageringDone).toBe(50_000);
    expect((await place('1x2:away', 200_000)).json()).toMatchObject({ status: 'success' });
    expect((await bonusesOf(t, { token })).active.wageringDone).toBe(50_000);
    expect((await place('1x2:home', 100_001)).json()).toMatchObject({ status: 'success' });
    expect((await bonusesOf(t, { token })).active.wageringDone).toBe(100_001);
    const tooBig = await place('1x2:home', 300_001);
    expect(tooBig.json()).toMatchObject({ status: 'refused' });
    expect((await bonusesOf(t, { token })).active.wageringDone).toBe(100_001);
    await expectSoundLedger(t.db);
  });
});
