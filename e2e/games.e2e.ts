import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { launch, loginDemo } from './support/member.ts';

const balanceOf = async (text: string | null) => Number((text ?? '').replace(/,/g, ''));

describe.runIf(chromiumAvailable)('built-in games on a phone', () => {
  const b = useBrowser(PHONE);

  it('spins the slot: the stake leaves the balance and any win comes back', async () => {
    await loginDemo(b.page);
    const url = await launch(b.page, 'lucky-sevens', 'royal-slots');
    await b.page.goto(url);
    const balance = b.page.getByTestId('game-balance');
    await balance.waitFor();
    const before = await balanceOf(await balance.textContent());
    await b.screenshot('slot-phone-ready');
    await b.page.getByRole('button', { name: 'Spin' }).click();
    await b.page.getByRole('button', { name: 'Spin' }).waitFor({ state: 'visible' });
    await expect
      .poll(async () => b.page.getByRole('button', { name: 'Spin' }).isEnabled(), { timeout: 10_000 })
      .toBe(true);
    const after = await balanceOf(await balance.textContent());
    const stake = await balanceOf(await b.page.getByTestId('total-bet').textContent());
    const won = after - (before - stake);
    expect(won).toBeGreaterThanOrEqual(0);
    expect(won % 100).toBe(0);
    await b.screenshot('slot-phone-after-spin');
    await b.page.getByRole('button', { name: 'Paytable' }).click();
    await b.page.getByText('Return to player 96.14 %').waitFor();
    await b.screenshot('slot-phone-paytable');
    await b.page.getByRole('button', { name: 'Close' }).click();
  });

  it('plays a baccarat hand on the player side', async () => {
    const url = await launch(b.page, 'baccarat', 'royal-baccarat');
    await b.page.goto(url);
    await b.page.getByTestId('game-balance').waitFor();
    await b.page.getByRole('button', { name: '10K' }).click();
    await b.page.getByRole('button', { name: /Player/ }).click();
    await b.screenshot('baccarat-phone-bet');
    await b.page.getByRole('button', { name: 'Deal' }).click();
    await b.page.getByTestId('baccarat-result').waitFor({ timeout: 10_000 });
    expect(await b.page.getByTestId('player-total').textContent()).toMatch(/^\d$/);
    await b.screenshot('baccarat-phone-result');
  });
});

describe.runIf(chromiumAvailable)('built-in games on a desktop, and their fairness', () => {
  const b = useBrowser(DESKTOP);

  it('reveals the server seed on a seed change and the verify page recomputes its first round', async () => {
    await loginDemo(b.page);
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
    await b.screenshot('verify-desktop');
  });
});
