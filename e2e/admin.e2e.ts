import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, useBrowser } from './support/browser.ts';
import { loginAs, memberCall, registerViaApi } from './support/member.ts';
import { currentCode, DEMO_OPERATOR, signInOperator } from './support/operator.ts';

/** The operator's main journeys of issue 7, with the member's site open in a second tab. */
describe.runIf(chromiumAvailable)('back office: operator journeys on a desktop', () => {
  const b = useBrowser(DESKTOP);
  const id = `bo${Date.now().toString(36)}`;
  let member: Page;
  const memberBalance = async () => {
    const reply = await memberCall(member, 'user-health-check', {});
    return Number((reply.user as { balance?: number } | undefined)?.balance ?? Number.NaN);
  };

  it('asks for a login, refuses a wrong code, and signs in with the TOTP code', async () => {
    await b.page.goto('/admin/cashier');
    await b.page.waitForURL('**/admin/login');
    await b.page.getByLabel('Login').fill(DEMO_OPERATOR.login);
    await b.page.getByLabel('Password').fill(DEMO_OPERATOR.password);
    const wrong = currentCode() === '000000' ? '111111' : '000000';
    await b.page.getByLabel('Authenticator code').fill(wrong);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByRole('alert').getByText('wrong login, password or code').waitFor();
    await b.screenshot('admin-login-refused');
    await b.page.getByLabel('Authenticator code').fill(currentCode());
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await b.page.getByRole('region', { name: 'This month' }).getByText('Deposits').waitFor();
    await b.screenshot('admin-dashboard');
  });

  it('approves a deposit; the badge counts it and the member balance rises by the amount', async () => {
    member = await b.context.newPage();
    await member.goto('/');
    await registerViaApi(member, id, { bankname: 'KB Bank', bankOwner: 'Back Office', banknum: '321-654' });
    await loginAs(member, id);
    expect(await memberBalance()).toBe(0);
    const asked = await memberCall(member, 'apply-user-deposit', { balance: 50_000, code: Date.now() });
    expect(asked.status).toBe('success');

    await b.page.bringToFront();
    const cashier = b.page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: /Cashier/ });
    await expect
      .poll(async () => (await cashier.textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/\d+ waiting/);
    await cashier.click();
    const row = b.page.getByRole('row').filter({ hasText: id });
    await row.getByText('50,000').waitFor();
    await row.getByText('321-654').waitFor();
    await b.screenshot('admin-cashier-queue');
    await row.getByRole('button', { name: /^Approve deposit/ }).click();
    await row.waitFor({ state: 'detached' });
    expect(await memberBalance()).toBe(50_000);
  });
});
