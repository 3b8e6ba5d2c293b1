import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../test/support/money.ts';
import { addBookLimit, enterScore } from '../../../../test/support/sports.ts';
import { useSportsApp } from '../../../../test/support/sports-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

/**
 * A member's maximum stake is per selection (SPORTSBOOK.md §1, "max stake per selection"; the payout's is per bet):
 * a bettor held to a maximum cannot get round it by splitting one bet into several on the same
 * selection, one after another or all at once, nor by carrying it in a multiple.
 */
describe.runIf(backendAvailable)('sports limits: split bets on one selection', () => {
  const { t, sportsApi, newPlayer, newEvent, eventSelections, placeBet } = useSportsApp();

  it('a second bet on the same selection counts the first against the maximum stake', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const s = await eventSelections(eventId);
    await addBookLimit(t.db, 'market', marketId, { max_stake: 20_000 });
    const home = s['1x2:home']!;
    expect((await placeBet(p.gameToken, [home], { unitStake: 15_000 })).json().status).toBe('success');
    // The Max left for the member on that selection is what the first bet did not use.
    const max = (await sportsApi('maxStake', { token: p.gameToken, selectionIds: [home.id] })).json();
    expect(max.singles).toEqual([{ selectionId: home.id, max: 5_000 }]);
    const over = (await placeBet(p.gameToken, [home], { unitStake: 5_001 })).json();
    expect(over).toMatchObject({ status: 'refused', refusal: 'stake_too_high' });
    expect((await placeBet(p.gameToken, [home], { unitStake: 5_000 })).json().status).toBe('success');
    // Another selection, and another member, are not touched by it.
    expect((await placeBet(p.gameToken, [s['1x2:away']!], { unitStake: 20_000 })).json().status).toBe(
      'success',
    );
    const other = await newPlayer();
    expect((await placeBet(other.gameToken, [home], { unitStake: 20_000 })).json().status).toBe('success');
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 40_000);
  });

  it('a multiple carrying the selection counts too, and a settled bet no longer does', async () => {
    const p = await newPlayer();
    const a = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const b = await newEvent({ prices: ['1.5', '3.0', '4.0'] });
    const sa = await eventSelections(a.eventId);
    const sb = await eventSelections(b.eventId);
    await addBookLimit(t.db, 'market', a.marketId, { max_stake: 30_000 });
    // A double of 10,000 stakes a third of what the home selection allows.
    expect((await placeBet(p.gameToken, [sa['1x2:home']!, sb['1x2:home']!])).json().status).toBe('success');
    expect((await placeBet(p.gameToken, [sa['1x2:home']!], { unitStake: 20_001 })).json()).toMatchObject({
      refusal: 'stake_too_high',
    });
    expect((await placeBet(p.gameToken, [sa['1x2:home']!], { unitStake: 20_000 })).json().status).toBe(
      'success',
    );
    expect((await placeBet(p.gameToken, [sa['1x2:home']!], { unitStake: 1_000 })).json().refusal).toBe(
      'stake_too_high',
    );
    // The double loses on its other leg: its 10,000 no longer rides on the home selection.
    await enterScore(t, b.marketId, 0, 1);
    expect((await placeBet(p.gameToken, [sa['1x2:home']!], { unitStake: 10_000 })).json().status).toBe(
      'success',
    );
  });

  it('the maximum payout stays per bet (SPORTSBOOK.md §1, "max payout per bet")', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const home = (await eventSelections(eventId))['1x2:home']!;
    await addBookLimit(t.db, 'market', marketId, { max_payout: 60_000 });
    expect((await placeBet(p.gameToken, [home], { unitStake: 30_001 })).json().refusal).toBe(
      'payout_too_high',
    );
    // Three bets each returning the most one bet may: each is within the maximum payout.
    for (let i = 0; i < 3; i++)
      expect((await placeBet(p.gameToken, [home], { unitStake: 30_000 })).json().status).toBe('success');
    const max = (await sportsApi('maxStake', { token: p.gameToken, selectionIds: [home.id] })).json();
    expect(max.singles).toEqual([{ selectionId: home.id, max: 30_000 }]);
  });

  it('what the member holds on one selection counts against that selection’s own limit, not another leg’s', async () => {
    const p = await newPlayer(2_000_000);
    const x = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const z = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const sx = await eventSelections(x.eventId);
    const sz = await eventSelections(z.eventId);
    // A big single on x (well within the platform's maximum), then a double with a leg on z, whose
    // market allows 20,000 a bet: the double is within z's limit and holds nothing on z yet.
    expect((await placeBet(p.gameToken, [sx['1x2:home']!], { unitStake: 500_000 })).json().status).toBe(
      'success',
    );
    await addBookLimit(t.db, 'market', z.marketId, { max_stake: 20_000 });
    const double = [sx['1x2:home']!, sz['1x2:home']!];
    expect((await placeBet(p.gameToken, double, { unitStake: 10_000 })).json().status).toBe('success');
    expect((await placeBet(p.gameToken, double, { unitStake: 10_000 })).json().status).toBe('success');
    // z's own 20,000 is full now.
    expect((await placeBet(p.gameToken, double, { unitStake: 1_000 })).json().refusal).toBe('stake_too_high');
  });

  it('bets sent at once on one selection: together within the maximum stake, whatever their order', async () => {
    const p = await newPlayer();
    const { eventId, marketId } = await newEvent({ prices: ['2.0', '3.0', '4.0'] });
    const s = await eventSelections(eventId);
    await addBookLimit(t.db, 'market', marketId, { max_stake: 30_000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => placeBet(p.gameToken, [s['1x2:draw']!], { unitStake: 10_000 })),
    );
    const statuses = answers.map((a) => a.json().status);
    expect(statuses.filter((x) => x === 'success')).toHaveLength(3);
    expect(answers.filter((a) => a.json().status === 'refused').map((a) => a.json().refusal)).toEqual(
      Array(5).fill('stake_too_high'),
    );
    expect((await balancesOf(t, p.token)).cash).toBe(1_000_000 - 30_000);
    await expectSoundLedger(t.db);
  });
});
