import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMemberLoggedOut, MEMBER_PASSWORD } from './support/member.ts';

describe.runIf(chromiumAvailable)('member site shell on a desktop', () => {
  const b = useBrowser(DESKTOP);
  // This file's own member, with a balance of its own: its wrong password and its log-in touch no
  // other file's member.
  let member = '';
  beforeAll(async () => {
    member = await fundedMemberLoggedOut(b.page, 'shell', 120_000);
  });

  it('shows a guest the login form and the register button, in Thai by default', async () => {
    await b.page.goto('/');
    await expect.poll(() => b.page.locator('html').getAttribute('lang')).toBe('th');
    await b.page.getByRole('link', { name: 'สมัครสมาชิก' }).waitFor();
    await b.page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor();
    await b.screenshot('home-guest-desktop');
  });

  it('warns when the id or password is missing (msg2030) without logging in', async () => {
    await b.page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await b.page.getByText('กรุณาตรวจสอบไอดีและรหัสผ่าน').waitFor();
    await b.page.getByRole('button', { name: 'ตกลง' }).click();
  });

  it('switches the language to English', async () => {
    await b.page.getByLabel('ภาษา').selectOption('en');
    await b.page.getByRole('link', { name: 'Join' }).waitFor();
  });

  it('shows a wrong password as msg2030 in a dialog', async () => {
    b.allow4xx({ status: 401, method: 'POST', path: '/api/routes/user-do-login' });
    await b.page.getByPlaceholder('ID').fill(member);
    await b.page.getByPlaceholder('Password').fill('wrong-password1');
    await b.page.getByRole('button', { name: 'Log in' }).click();
    await b.page.getByText('Check your ID and password.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
  });

  it('logs a member in and shows the id and balance, then logs out after confirming', async () => {
    await b.page.getByPlaceholder('ID').fill(member);
    await b.page.getByPlaceholder('Password').fill(MEMBER_PASSWORD);
    await b.page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => b.page.getByTestId('user-id').textContent()).toBe(member);
    // The header shows what the ledger holds: the member's one deposit.
    const balance = await b.page.evaluate(async () => {
      const res = await fetch('/api/routes/user-health-check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return (await res.json()).user.balance as number;
    });
    expect(balance).toBe(120_000);
    // 120,000 satang: the Thai site shows baht with satang.
    await b.page.locator('header').getByText('1,200.00').first().waitFor();
    expect(await b.page.evaluate(() => localStorage.getItem('userId'))).toBe(member);
    await b.screenshot('home-member-desktop');

    await b.page.getByRole('button', { name: 'Log out' }).click();
    await b.page.getByText('Do you want to log out?').waitFor();
    await b.page.getByRole('button', { name: 'Cancel' }).click();
    await b.page.getByTestId('user-id').waitFor();

    await b.page.getByRole('button', { name: 'Log out' }).click();
    // Logging out shows the guest header at once, then loads the home page again: waited for, so the
    // next test's navigation is not cut short by it.
    const reloaded = b.page.waitForEvent('load');
    await b.page.getByRole('button', { name: 'OK' }).click();
    await reloaded;
    await b.page.getByRole('link', { name: 'Join' }).waitFor();
    expect(await b.page.getByTestId('user-id').count()).toBe(0);
  });

  it('serves a proper not-found page for an unknown path', async () => {
    b.allow4xx({ status: 404, method: 'GET', path: '/no/such/page' });
    await b.page.goto('/no/such/page');
    await b.page.getByText('404').waitFor();
    await b.page.getByRole('link', { name: 'Back to the home page' }).waitFor();
  });
});

describe.runIf(chromiumAvailable)('member site shell on a phone', () => {
  const b = useBrowser(PHONE);

  it('registers a new member, logged in at once, and finds the member menu', async () => {
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    await b.page.goto('/');
    await b.screenshot('home-guest-phone');
    await b.page.getByRole('button', { name: 'Log in' }).click();
    await b.screenshot('drawer-guest-phone');
    await b.page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Close' }).click();
    await b.page.getByRole('link', { name: 'Join' }).click();
    await b.screenshot('register-phone-start');
    const id = `e2e${Date.now().toString(36)}`;
    const form = b.page.locator('main form');
    const fill = (name: string, value: string) => form.locator(`input[name="${name}"]`).fill(value);
    await fill('id', id);
    await b.page.getByRole('button', { name: 'Check' }).first().click();
    await b.page.getByText('This ID is available.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await fill('pw', 'secret123');
    await fill('pwConfirm', 'secret12');
    await b.page.getByRole('button', { name: 'Create account' }).click();
    await b.page.getByText('The passwords do not match.').waitFor();
    await fill('pwConfirm', 'secret123');
    await fill('nick', `N${id}`);
    await fill('phone', '010-2222-3333');
    await fill('birthDate', '1993-05-06');
    // The Thai demo site lists Thai banks.
    await form.locator('select[name="bankname"]').selectOption('Kasikornbank');
    await fill('bankOwner', 'E2E Player');
    await fill('banknum', '111-222-3333');
    await form.locator('input[name="terms"]').check();
    await b.screenshot('register-phone');
    await b.page.getByRole('button', { name: 'Create account' }).click();
    await b.page.getByText('Welcome! Your account is ready and you are logged in.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.waitForURL((url) => url.pathname === '/');

    await b.page.getByRole('button', { name: 'Member menu' }).click();
    const menu = b.page.getByRole('dialog', { name: id });
    await menu.getByRole('button', { name: 'Log out' }).waitFor();
    await b.screenshot('drawer-member-phone');
    await menu.getByRole('button', { name: 'Close' }).click();
    await b.page.getByRole('button', { name: 'Games' }).click();
    await b.page.getByRole('dialog', { name: 'Games' }).getByText('Royal Slots').click();
    await b.page.waitForURL(/\/game\?provider=royal-slots/);
    await b.page.getByText('Lucky Sevens').waitFor();
    await b.screenshot('home-member-phone');
  });
});
