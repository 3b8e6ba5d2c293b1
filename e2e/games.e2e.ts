import { describe, expect, it } from 'vitest';
import { majorToMinor } from '../src/shared/money.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch, walletCallsOf } from './support/member.ts';

/** An amount the game window shows on the Thai site ("฿1,000.00"), back in minor units (satang). */
const balanceOf = async (text: string | null) =>
  majorToMinor(Number((text ?? '').replace(/[^\d.]/g, '')), 'THB');

describe.runIf(chromiumAvailable)('built-in games on a phone', () => {
  const b = useBrowser(PHONE);

  let member = '';

  it('spins the slot: the wallet takes the stake, pays the win, and the balance shows both', async () => {
    member = await fundedMember(b.page, 'slotplayer', 100_000);
    // The game window follows the site's chosen language.
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    const url = await launch(b.page, 'lucky-sevens', 'royal-slots');
    await b.page.goto(url);
    const balance = b.page.getByTestId('game-balance');
    await expect.poll(async () => balanceOf(await balance.textContent())).toBe(100_000);
    // The reels the window opens with are at rest: no landing bounce before any spin.
    const landing = () =>
      b.page.evaluate(
        () =>
          document.getAnimations().filter((a) => a instanceof CSSAnimation && /land/.test(a.animationName))
            .length,
      );
    expect(await landing()).toBe(0);
    await b.screenshot('slot-phone-ready');
    await b.page.getByRole('button', { name: 'Spin', exact: true }).click();
    await b.page.getByRole('button', { name: 'Spin', exact: true }).waitFor({ state: 'visible' });
    await expect
      .poll(async () => b.page.getByRole('button', { name: 'Spin', exact: true }).isEnabled(), {
        timeout: 10_000,
      })
      .toBe(true);
    const stake = await balanceOf(await b.page.getByTestId('total-bet').textContent());
    expect(stake).toBeGreaterThan(0);
    // The wallet recorded one bet of the stake and one win (0 for a loss), both accepted.
    const calls = await walletCallsOf(member);
    expect(calls.map(({ kind, status }) => [kind, status])).toEqual([
      ['bet', 'success'],
      ['win', 'success'],
    ]);
    expect(calls[0]!.amount).toBe(stake);
    const won = calls[1]!.amount;
    expect(won % 100).toBe(0);
    await expect.poll(async () => balanceOf(await balance.textContent())).toBe(100_000 - stake + won);
    await b.screenshot('slot-phone-after-spin');
    await b.page.getByRole('button', { name: 'Paytable' }).click();
    await b.page.getByText('Return to player 95.83 %').waitFor();
    await b.screenshot('slot-phone-paytable');
    await b.page.getByRole('button', { name: 'Close' }).click();
  });

  it('plays a baccarat hand on the player side', async () => {
    const url = await launch(b.page, 'baccarat', 'royal-baccarat');
    await b.page.goto(url);
    await b.page.getByTestId('game-balance').waitFor();
    // A chip reads what it stakes in baht: 100 (฿100.00), not the 10K satang it is.
    await b.page.getByRole('button', { name: '100', exact: true }).click();
    await b.page.getByRole('button', { name: /Player/ }).click();
    await b.screenshot('baccarat-phone-bet');
    await b.page.getByRole('button', { name: 'Deal' }).click();
    await b.page.getByTestId('baccarat-result').waitFor({ timeout: 10_000 });
    expect(await b.page.getByTestId('player-total').textContent()).toMatch(/^\d$/);
    // The 100 chip staked 10,000 satang (฿100.00) through the wallet (after the slot's bet and win).
    const calls = await walletCallsOf(member);
    expect(
      calls.slice(2).map(({ kind, amount, status }) => [kind, status, kind === 'bet' ? amount : 0]),
    ).toEqual([
      ['bet', 'success', 10_000],
      ['win', 'success', 0],
    ]);
    await b.screenshot('baccarat-phone-result');
  });
});

describe.runIf(chromiumAvailable)('built-in games on a desktop, and their fairness', () => {
  const b = useBrowser(DESKTOP);

  it('reveals the server seed on a seed change and the verify page recomputes its first round', async () => {
    await fundedMember(b.page, 'fairplayer', 10_000);
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    const url = await launch(b.page, 'golden-dragon', 'royal-slots');
    await b.page.goto(url);
    await b.page.getByTestId('game-balance').waitFor();
    await b.screenshot('slot-desktop');
    await b.page.getByRole('button', { name: 'Fairness' }).click();
    const committed = await b.page.getByTestId('server-seed-hash').textContent();
    await b.page.getByRole('button', { name: 'Change seed' }).click();
    const verifyLink = b.page.getByRole('link', { name: /Verify/ });
    await verifyLink.waitFor();
    const href = (await verifyLink.getAttribute('href'))!;
    await b.page.goto(`${href}&hash=${committed}`);
    await b.page.getByRole('button', { name: 'Verify' }).click();
    await b.page.getByText('matches the commitment').waitFor();
    await b.page.getByTestId('verify-outcome').waitFor();
    // The jackpot draw is judged only against a stake: none is known from a seed-change link.
    const jackpot = b.page.getByTestId('jackpot-verify');
    expect(await jackpot.getByText(/^(No jackpot|Jackpot hit)$/).count()).toBe(0);
    await jackpot.getByLabel('Stake').fill('1000');
    await jackpot.getByText(/^(No jackpot|Jackpot hit)$/).waitFor();
    await b.screenshot('verify-desktop');
  });
});
