import { describe, expect, inject, it } from 'vitest';
import { DEMO_SITES } from '../src/server/db/seed-demo.ts';
import { chromiumAvailable, DESKTOP, useBrowser } from './support/browser.ts';

/** The member journey of issue 6, end to end, in English on a desktop. */
describe.runIf(chromiumAvailable)('register → login → deposit → approval → play → withdraw → logout', () => {
  const b = useBrowser(DESKTOP);
  const id = `jour${Date.now().toString(36)}`;
  // On the Korean demo site: won, and the spec's amounts (the Thai one counts in baht).
  const site = b.baseUrl.replace('://localhost', `://${DEMO_SITES.ko.host}`);
  const headerBalance = async () =>
    Number(
      (
        (await b.page
          .locator('header')
          .getByText(/^₩[\d,]+$/)
          .first()
          .textContent()) ?? ''
      ).replace(/[₩,]/g, ''),
    );

  it('registers and is logged in at once', async () => {
    await b.page.goto(`${site}/`);
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    await b.page.goto(`${site}/register`);
    const form = b.page.locator('main form');
    const fill = (name: string, value: string) => form.locator(`input[name="${name}"]`).fill(value);
    await fill('id', id);
    await fill('pw', 'secret123');
    await fill('pwConfirm', 'secret123');
    await fill('nick', `J${id}`);
    await fill('phone', '010-7777-8888');
    await fill('birthDate', '1991-02-03');
    // The Korean site lists Korean banks.
    await form.locator('select[name="bankname"]').selectOption('Woori Bank');
    await fill('bankOwner', 'Journey Player');
    await fill('banknum', '555-666-7777');
    await form.locator('input[name="terms"]').check();
    await b.page.getByRole('button', { name: 'Create account' }).click();
    await b.page.getByText('Welcome! Your account is ready and you are logged in.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => b.page.getByTestId('user-id').first().textContent()).toBe(id);
    expect(await headerBalance()).toBe(0);
  });

  it('asks for a bank deposit; after the operator approves it the header shows the balance', async () => {
    await b.page.getByRole('link', { name: 'Deposit' }).click();
    await b.page.getByRole('button', { name: '+100,000' }).click();
    await b.page.getByRole('button', { name: 'Request deposit' }).click();
    await b.page.getByText('Your deposit request was received.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    const approved = await fetch(`${inject('operatorUrl')}/approve-latest-deposit`, {
      method: 'POST',
      body: JSON.stringify({ loginId: id }),
    });
    expect(approved.status).toBe(200);
    // Pushed over the live stream: no reload, and well before the 30-second health check.
    await expect.poll(headerBalance, { timeout: 5_000 }).toBe(100_000);
    await b.screenshot('journey-after-approval');
  });

  it('opens a built-in game from the home page and plays a round', async () => {
    await b.page.goto(`${site}/`);
    const popup = b.context.waitForEvent('page');
    await b.page.getByRole('tab', { name: 'Casino' }).click();
    await b.page.getByText('Royal Baccarat').first().click();
    const game = await popup;
    await game.getByTestId('game-balance').waitFor();
    await game.getByRole('button', { name: '10K' }).click();
    await game.getByRole('button', { name: /Banker/ }).click();
    await game.getByRole('button', { name: 'Deal' }).click();
    await game.getByTestId('baccarat-result').waitFor({ timeout: 10_000 });
    const after = Number(((await game.getByTestId('game-balance').textContent()) ?? '').replace(/[₩,]/g, ''));
    expect([90_000, 100_000, 109_500]).toContain(after);
    await game.close();
    await expect.poll(headerBalance, { timeout: 5_000 }).toBe(after);
  });

  it('asks to withdraw and logs out after confirming', async () => {
    await b.page.getByRole('link', { name: 'Withdraw' }).click();
    await b.page.getByRole('button', { name: '+50,000' }).click();
    await b.page.getByRole('button', { name: 'Request withdrawal' }).click();
    await b.page.getByText('Your withdrawal request was received.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByRole('button', { name: 'Log out' }).click();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByRole('link', { name: 'Join' }).waitFor();
  });
});
