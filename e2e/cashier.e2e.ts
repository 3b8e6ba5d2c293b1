import { describe, it } from 'vitest';
import { DEMO_SITES } from '../src/server/db/seed-demo.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { registerViaApi } from './support/member.ts';

describe.runIf(chromiumAvailable)('cashier journey on a phone', () => {
  const b = useBrowser(PHONE);
  const id = `cash${Date.now().toString(36)}`;
  // The Korean demo site: won, with the spec's 10,000 minimum and steps (the Thai one counts in baht).
  const site = b.baseUrl.replace('://localhost', `://${DEMO_SITES.ko.host}`);

  it('keeps a guest out of the deposit page with msg2001', async () => {
    await b.page.goto(`${site}/`);
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    await b.page.goto(`${site}/deposit`);
    await b.page.getByText('Please log in first.').waitFor();
  });

  it('registers and logs in a new member', async () => {
    await registerViaApi(b.page, id, {
      bankname: 'KB Bank',
      bankOwner: 'Cash Player',
      banknum: '123-456-7890',
    });
    const form = b.page.locator('main form');
    await form.getByPlaceholder('ID').fill(id);
    await form.getByPlaceholder('Password').fill('secret123');
    await form.getByRole('button', { name: 'Log in' }).click();
    await b.page.getByRole('heading', { name: 'Deposit' }).waitFor();
  });

  it('checks the amount before sending (msg2008, msg2009)', async () => {
    await b.page.getByRole('button', { name: '+10,000' }).click();
    await b.page.locator('#amount').fill('5000');
    await b.page.getByRole('button', { name: 'Request deposit' }).click();
    await b.page.getByText('The minimum deposit is ₩10,000.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.locator('#amount').fill('15000');
    await b.page.getByRole('button', { name: 'Request deposit' }).click();
    await b.page.getByText('Deposits are made in steps of ₩10,000.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
  });

  it('pays a deposit on the sandbox page and sees the balance rise in the header', async () => {
    await b.page.getByRole('button', { name: /Sandbox card/ }).click();
    await b.page.locator('#amount').fill('');
    await b.page.getByRole('button', { name: '+50,000' }).click();
    await b.screenshot('deposit-phone');
    const payPage = b.context.waitForEvent('page');
    await b.page.getByRole('button', { name: 'Request deposit' }).click();
    const pay = await payPage;
    await pay.getByRole('button', { name: 'Pay now' }).click();
    await pay.getByText('Payment complete').waitFor();
    await pay.close();
    await b.page.getByText('Your deposit request was received.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.waitForURL((url) => url.pathname === '/');
    await b.page.reload();
    await b.page.getByText('50,000').first().waitFor();
  });

  it('asks to withdraw, holds the amount and lists the request as pending', async () => {
    await b.page.getByRole('link', { name: 'Withdraw' }).filter({ visible: true }).click();
    await b.page.getByText('•••• 7890').waitFor();
    await b.page.locator('#amount').fill('60000');
    b.allow4xx({ status: 409, method: 'POST', path: '/api/routes/apply-user-withdraw' });
    await b.page.getByRole('button', { name: 'Request withdrawal' }).click();
    await b.page.getByText('Your balance is not enough.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.locator('#amount').fill('20000');
    await b.page.getByRole('button', { name: 'Request withdrawal' }).click();
    await b.page.getByText('Your withdrawal request was received.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByRole('link', { name: 'Withdraw' }).filter({ visible: true }).click();
    await b.page.getByText('Pending').waitFor();
    await b.page.getByText('30,000').first().waitFor();
    await b.screenshot('withdraw-phone');
  });
});
