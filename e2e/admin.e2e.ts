import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/shared/money.ts';
import { chromiumAvailable, DESKTOP, useBrowser } from './support/browser.ts';
import { loginAs, memberCall, registerViaApi, siteBanks } from './support/member.ts';
import { currentCode, DEMO_OPERATOR, SIGNED_OUT_PROBE } from './support/operator.ts';

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
    b.allow4xx(SIGNED_OUT_PROBE, { status: 401, method: 'POST', path: '/api/admin/login' });
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
    // Money per currency, never added: a row of baht and a row of won.
    const month = b.page.getByRole('region', { name: 'This month' });
    await month.getByRole('region', { name: 'THB' }).getByText('Deposits', { exact: true }).waitFor();
    await month.getByRole('region', { name: 'KRW' }).getByText('Deposits', { exact: true }).waitFor();
    // Each row through the one money formatter, in its own currency's decimals and sign (฿1,000.00, ₩1,000).
    const shaped = (currency: string) =>
      new RegExp(
        formatMoney(0, currency, 'en').replace(
          /0(\.0+)?/,
          (z) => `[\\d,]+${z.slice(1).replace(/0/g, '\\d').replace('.', '\\.')}`,
        ),
      );
    expect(await month.getByRole('region', { name: 'THB' }).innerText()).toMatch(shaped('THB'));
    expect(await month.getByRole('region', { name: 'KRW' }).innerText()).toMatch(shaped('KRW'));
    // The pool in its currency (the demo keeps it in baht): ฿100,000.00, not a bare 10,000,000.
    await b.page.getByTestId('admin-jackpot').getByText('฿100,000.00').first().waitFor();
    await b.screenshot('admin-dashboard');
  });

  it('approves a deposit; the badge counts it and the member balance rises by the amount', async () => {
    member = await b.context.newPage();
    await member.goto('/');
    await registerViaApi(member, id, { bankOwner: 'Back Office', banknum: '321-654' });
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
    // In the member's currency: 50,000 satang on the Thai demo site.
    await row.getByText('฿500.00').first().waitFor();
    await row.getByText('321-654').waitFor();
    await b.screenshot('admin-cashier-queue');
    await row.getByRole('button', { name: /^Approve deposit/ }).click();
    // The desk is asked to confirm the amount (in the member's currency, as the row shows it) and the
    // member; nothing moves before that.
    const confirm = row.getByRole('group', { name: /^Confirm approval of deposit/ });
    await confirm.getByText(`Credit ฿500.00 to ${id}?`).waitFor();
    await b.screenshot('admin-cashier-confirm');
    expect(await memberBalance()).toBe(0);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: /^Approve deposit/ }).click();
    await confirm.getByRole('button', { name: 'Confirm approve' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await memberBalance()).toBe(50_000);
  });

  it("opens the member's page: balances, ledger statement and logins", async () => {
    await b.page.getByRole('link', { name: 'Members' }).click();
    await b.page.getByLabel('Search members').fill(id);
    await b.page.getByRole('button', { name: 'Search' }).click();
    await b.page.getByRole('link', { name: id }).click();
    await b.page.getByRole('heading', { name: `Member ${id}` }).waitFor();
    await expect.poll(() => b.page.getByTestId('member-cash').textContent()).toBe('฿500.00');
    expect(await b.page.getByTestId('member-vault').textContent()).toBe('฿0.00');
    const history = b.page.getByRole('region', { name: 'History' });
    await history.getByRole('table', { name: 'Ledger statement' }).getByText('deposit').first().waitFor();
    await history.getByRole('tab', { name: /Logins/ }).click();
    await history.getByRole('table', { name: 'Logins' }).getByRole('row').nth(1).waitFor();
    await b.screenshot('admin-member-detail');
  });

  it('names a password set without the old one and a new bank account beside the member’s withdrawal', async () => {
    // What a stolen session can do: a new password without the old one, then the bank money is paid to.
    expect((await memberCall(member, 'user-set-password', { pw: 'taken0ver99' })).status).toBe('success');
    const [bank] = await siteBanks(member);
    const moved = await memberCall(member, 'user-change-bank', {
      pw: 'taken0ver99',
      bankname: bank,
      bankOwner: 'Someone Else',
      banknum: '999-888-7777',
    });
    expect(moved.status).toBe('success');
    const asked = await memberCall(member, 'apply-user-withdraw', { balance: 20_000, code: Date.now() });
    expect(asked.status).toBe('success');
    await b.page.getByRole('link', { name: /Cashier/ }).click();
    await b.page.getByRole('tab', { name: /Withdrawals/ }).click();
    const row = b.page.getByRole('row').filter({ hasText: id });
    await row.getByText('999-888-7777').waitFor();
    await row.getByText(/Password set without the old one/).waitFor();
    await row.getByText(/Bank account changed/).waitFor();
    await b.screenshot('admin-cashier-account-changes');
  });

  it("answers a help ticket; the member's help count rises and the answer reaches them", async () => {
    const helpCount = async () => Number((await memberCall(member, 'user-health-check', {})).helpCount);
    const title = `Where is my bonus ${Date.now().toString(36)}`;
    expect(
      (await memberCall(member, 'user-write-help', { title, contents: 'I deposited yesterday.' })).status,
    ).toBe('success');
    const before = await helpCount();
    await b.page.getByRole('link', { name: /Support/ }).click();
    const ticket = b.page.getByRole('article', { name: `Ticket ${title}` });
    await ticket.getByText('I deposited yesterday.').waitFor();
    await ticket.getByLabel('Answer').fill('It is on its way: check your comp page.');
    await b.screenshot('admin-support');
    await ticket.getByRole('button', { name: 'Send answer' }).click();
    await ticket.waitFor({ state: 'detached' });
    expect(await helpCount()).toBe(before + 1);
    const list = await memberCall(member, 'get-help-list', { page: 1 });
    expect(JSON.stringify(list)).toContain('It is on its way: check your comp page.');
  });

  it('publishes a popup from the editor, with a sanitised live preview, and the member site shows it', async () => {
    const title = `Weekend cashback ${Date.now().toString(36)}`;
    await b.page.getByRole('link', { name: 'Content' }).click();
    await b.page.getByRole('tab', { name: 'Popups' }).click();
    await b.page.getByRole('button', { name: 'New popup' }).click();
    await b.page.getByLabel('Title', { exact: true }).fill(title);
    await b.page
      .getByLabel('Contents (HTML)')
      .fill(
        '<p>Get <strong>10%</strong> back</p><script>window.hacked=1</script><img src="x" onerror="window.hacked=1">',
      );
    const preview = b.page.getByTestId('content-preview');
    await preview.getByText('10%').waitFor();
    expect(await preview.innerHTML()).not.toMatch(/script|onerror/);
    await b.screenshot('admin-popup-editor');
    await b.page.getByRole('button', { name: 'Publish popup' }).click();
    await b.page.getByRole('table', { name: 'Popups' }).getByText(title).waitFor();

    await member.bringToFront();
    await member.goto('/');
    const popup = member.getByRole('dialog', { name: title });
    await popup.getByText('10%').waitFor();
    expect(await member.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await member.screenshot({ path: 'e2e/screenshots/admin-popup-on-member-site.png' });

    // Deleting it takes it off the member site at once.
    await b.page.bringToFront();
    b.page.once('dialog', (dialog) => dialog.accept());
    const row = b.page.getByRole('table', { name: 'Popups' }).getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await member.reload();
    await member.getByRole('navigation').first().waitFor();
    expect(await member.getByRole('dialog', { name: title }).count()).toBe(0);
  });

  it('puts a vendor under maintenance: the member is told (status time) until it is switched back', async () => {
    const launch = () =>
      memberCall(member, 'open-game', { code: 'baccarat', company: 'royal-baccarat', timeStemp: Date.now() });
    expect((await launch()).status).toBe('success');
    // The launch refused while the vendor is under maintenance (status time).
    b.allow4xx({ status: 409, method: 'POST', path: '/api/routes/open-game' });
    await b.page.bringToFront();
    await b.page.getByRole('link', { name: 'Games' }).click();
    const vendor = b.page.getByRole('region', { name: 'Royal Baccarat' });
    const maintenance = vendor.getByRole('switch', { name: 'Royal Baccarat (royal-baccarat) maintenance' });
    await maintenance.click();
    await expect.poll(() => maintenance.getAttribute('aria-checked')).toBe('true');
    try {
      expect((await launch()).status).toBe('time');
      await b.screenshot('admin-games');
    } finally {
      await maintenance.click();
      await expect.poll(() => maintenance.getAttribute('aria-checked')).toBe('false');
    }
    expect((await launch()).status).toBe('success');
  });

  it("lists the operator's own actions in the audit log, filtered, with an intact chain", async () => {
    await b.page.getByRole('link', { name: 'Audit log' }).click();
    await b.page.getByLabel('Action').fill('games.vendor');
    await b.page.getByRole('button', { name: 'Apply' }).click();
    const table = b.page.getByRole('table', { name: 'Audit entries' });
    await table.getByText('vendor:royal-baccarat').first().waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await b.page.getByRole('button', { name: 'Verify the chain' }).click();
    await b.page.getByRole('status').getByText('The chain is intact').waitFor();
    await b.screenshot('admin-audit');
  });

  it('locks the deposit desk in the settings: the member is refused with status time until it is unlocked', async () => {
    const deposit = () => memberCall(member, 'apply-user-deposit', { balance: 10_000, code: Date.now() });
    await b.page.getByRole('link', { name: 'Settings' }).click();
    const hours = b.page.getByRole('region', { name: 'Cashier hours and locks' });
    const lock = hours.getByRole('group', { name: /Deposits/ }).getByLabel(/Locked/);
    await lock.check();
    await hours.getByRole('button', { name: 'Save cashier hours' }).click();
    await hours.getByText('closed now').first().waitFor();
    await b.screenshot('admin-settings');
    b.allow4xx({ status: 403, method: 'POST', path: '/api/routes/apply-user-deposit' });
    try {
      const refused = await deposit();
      expect(refused.status).toBe('time');
    } finally {
      await hours
        .getByRole('group', { name: /Deposits/ })
        .getByLabel(/Locked/)
        .uncheck();
      await hours.getByRole('button', { name: 'Save cashier hours' }).click();
      await hours
        .getByRole('group', { name: /Deposits/ })
        .getByText('open now')
        .waitFor();
    }
    expect((await deposit()).status).toBe('success');
  });

  it('two desks, one request: the desk that decides second is told who decided first', async () => {
    // A second deposit request while one waits, and the second desk's decision: both refused (409).
    b.allow4xx(
      { status: 409, method: 'POST', path: '/api/routes/apply-user-deposit' },
      { status: 409, method: 'POST', path: /^\/api\/admin\/cashier\/deposit\/\d+\/approve$/ },
    );
    const asked = await memberCall(member, 'apply-user-deposit', { balance: 20_000, code: Date.now() + 1 });
    expect(asked.status).toBe('wait'); // the settings test left this member a pending deposit
    await b.page.getByRole('link', { name: /Cashier/ }).click();
    const row = b.page.getByRole('row').filter({ hasText: id });
    const approve = row.getByRole('button', { name: /^Approve deposit/ });
    await approve.waitFor();
    const requestId = Number(((await approve.getAttribute('aria-label')) ?? '').replace(/\D+/g, ''));
    // The other desk: the same API, called a moment before this operator clicks.
    const other = await b.page.evaluate(
      (rid) =>
        fetch(`/api/admin/cashier/deposit/${rid}/reject`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'Duplicate transfer' }),
        }).then((r) => r.status),
      requestId,
    );
    expect(other).toBe(200);
    await approve.click();
    await row.getByRole('button', { name: 'Confirm approve' }).click();
    await b.page
      .getByRole('alert')
      .getByText(`Deposit #${requestId}: Already rejected by operator.`)
      .waitFor();
    await row.waitFor({ state: 'detached' });
    await b.screenshot('admin-cashier-lost-race');
  });

  it('adds a support operator, who signs in with the credentials shown once and sees only their sections', async () => {
    const login = `desk${Date.now().toString(36)}`;
    await b.page.getByRole('link', { name: 'Operators' }).click();
    await b.page.getByLabel('Login', { exact: true }).fill(login);
    // The first "Role" box is the new operator's; the table's are "Role of <login>".
    await b.page.getByLabel('Role').first().selectOption('support', { timeout: 5000 });
    await b.page.getByRole('button', { name: 'Add operator' }).click();
    const handover = b.page.getByRole('status').filter({ hasText: 'Hand these over now' });
    const password =
      (await handover.locator('p', { hasText: 'Password:' }).locator('code').textContent()) ?? '';
    const secret =
      (await handover.locator('p', { hasText: 'TOTP secret:' }).locator('code').textContent()) ?? '';
    await b.screenshot('admin-operators');
    await b.page.getByRole('table', { name: 'Operators' }).getByText(login).waitFor();

    b.allow4xx(SIGNED_OUT_PROBE);
    await b.page.getByRole('button', { name: 'Sign out' }).click();
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await b.page.getByLabel('Login', { exact: true }).fill(login);
    await b.page.getByLabel('Password').fill(password);
    await b.page.getByLabel('Authenticator code').fill(generateSync({ secret }));
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const nav = b.page.getByRole('navigation', { name: 'Back office' });
    expect(
      (await nav.getByRole('link').allTextContents()).map((t) => t.replace(/\d+ waiting$/, '').trim()),
    ).toEqual(['Dashboard', 'Members', 'Support', 'Notes']);
  });
});
