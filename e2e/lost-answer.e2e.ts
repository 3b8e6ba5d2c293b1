import { describe, expect, it } from 'vitest';
import enCashier from '../src/shared/i18n/locales/en/cashier.json' with { type: 'json' };
import enCommon from '../src/shared/i18n/locales/en/common.json' with { type: 'json' };
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, memberCall } from './support/member.ts';
import { chooseSiteLanguage } from './support/play.ts';

/**
 * A withdrawal whose answer never came back (the connection dropped after the server took it): the
 * member's retry, as the message asks, is the same request, not a second withdrawal holding as much again.
 */
describe.runIf(chromiumAvailable)('a withdrawal whose answer is lost', () => {
  const b = useBrowser(PHONE);

  it('is asked once when the member tries again after the connection dropped', async () => {
    await fundedMember(b.page, 'wdlost', 500_000);
    await chooseSiteLanguage(b.page, 'en');
    await b.page.goto('/withdraw');
    await b.page.getByRole('heading', { name: enCashier.withdrawTitle }).waitFor();
    let dropped = false;
    await b.page.route('**/api/routes/apply-user-withdraw', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await b.page.locator('#amount').fill('1000');
    await b.page.getByRole('button', { name: enCashier.submitWithdraw }).click();
    await b.page.getByText(enCommon.msg.msg2012).waitFor();
    await b.page.getByRole('button', { name: enCommon.ok }).click();
    await b.page.getByRole('button', { name: enCashier.submitWithdraw }).click();
    await b.page.getByText(enCommon.msg.msg2015).waitFor();
    const list = await memberCall(b.page, 'get-withdraw-list', {});
    expect((list.list as unknown[]).length).toBe(1);
    // The browser's own line about the connection this test dropped.
    const provoked = b.errors.filter((e) => /ERR_CONNECTION_RESET|net::ERR_/.test(e));
    expect(provoked.length).toBeLessThanOrEqual(1);
    b.errors.splice(0, b.errors.length, ...b.errors.filter((e) => !provoked.includes(e)));
  });
});
