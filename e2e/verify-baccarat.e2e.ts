import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { chooseSiteLanguage, openGameWindow } from './support/play.ts';

describe.runIf(chromiumAvailable)('verify from baccarat', () => {
  const b = useBrowser(DESKTOP);

  it('a hand shows its result, and Verify opens the verify page set to baccarat with the same hand', async () => {
    await fundedMember(b.page, 'verifybac', 1_000_000);
    await chooseSiteLanguage(b.page, 'en');
    await openGameWindow(b.page, 'baccarat', 'royal-baccarat');
    await b.page.getByRole('button', { name: '100', exact: true }).click(); // ฿100.00 on the baht site
    await b.page.getByRole('button', { name: /Tie/ }).click();
    await b.page.getByRole('button', { name: 'Deal' }).click();
    const result = b.page.getByTestId('baccarat-result');
    await result.waitFor({ timeout: 15_000 });
    // A tie bet usually loses: the result still reads as the hand's outcome, never a round id.
    const shown = (await result.textContent())!;
    expect(shown).toMatch(/^(Player wins \d–\d|Banker wins \d–\d|Tie \d–\d)/);
    expect(shown).not.toMatch(/H\d+/);
    await b.screenshot('baccarat-result-desktop');

    await b.page.getByRole('button', { name: 'Fairness' }).click();
    await b.page.getByTestId('change-seed').click();
    const link = b.page.getByTestId('verify-link');
    await link.waitFor();
    const [verify] = await Promise.all([b.context.waitForEvent('page'), link.click()]);
    await verify.getByRole('heading', { name: 'Verify a round' }).waitFor();
    await expect.poll(() => verify.getByTestId('verify-game').inputValue()).toBe('baccarat');
    await expect.poll(() => verify.locator('input').first().inputValue()).toMatch(/^[0-9a-f]{64}$/);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await verify.getByText('matches the commitment').waitFor();
    const recomputed = (await verify.getByTestId('verify-result').textContent())!;
    expect(shown.startsWith(recomputed)).toBe(true);
    // The recomputed hands are named as at the table, each with its total.
    const outcome = verify.getByTestId('verify-outcome');
    const [, first, second] = /(\d)–(\d)/.exec(recomputed)!;
    const winner = recomputed.startsWith('Banker') ? 'Banker' : 'Player';
    expect(await outcome.getByText(new RegExp(`^${winner}\\s*${first}$`, 'i')).count()).toBe(1);
    expect(
      await outcome
        .getByText(new RegExp(`^${winner === 'Banker' ? 'Player' : 'Banker'}\\s*${second}$`, 'i'))
        .count(),
    ).toBe(1);
    // The cards have finished dealing before the picture.
    await verify.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await verify.screenshot({ path: 'e2e/screenshots/verify-baccarat-desktop.png', fullPage: true });
    await verify.close();
  }, 90_000);
});
