import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { chargeBack } from './support/chargeback.ts';
import { memberCall } from './support/member.ts';
import { openAdminPath, signInOperator, WALK_OWNERS } from './support/operator.ts';
import { auditPage, countRequestsInFlight, label, settle } from './support/page-audit.ts';
import { newMemberIn } from './support/play.ts';
import { memberAtLevel, signInTrader, type TraderCall } from './support/trader.ts';

/** Only members of this level are offered the campaign: no other test file's member sees it. */
const WALK_LEVEL = 9;
const CAMPAIGN = 'Card Welcome';
const CARD = '[DEMO] Sandbox card';
/** The card deposit (1,000 baht) and the part of it the member asks to withdraw before the chargeback. */
const DEPOSIT = 100_000;
const WITHDRAWN = 40_000;
const LOCALES = ['th', 'en'] as const;

/** Whether every button of the page's main area can be reached (inside the screen's width). */
async function buttonsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main a')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1);
      })
      .map((el) => el.innerText.slice(0, 30)),
  );
}

/**
 * What changed today, as a member and an operator see it, at 360 px and 1366 px, in Thai and English:
 * a deposit bonus taken with a card payment, that card deposit charged back (the statement, the news,
 * the "you owe" refusal, the back office's member page and cashier queue).
 */
describe.runIf(chromiumAvailable)("today's screens: a card deposit with a bonus, then its chargeback", () => {
  const b = useBrowser(PHONE);
  let admin: TraderCall;
  let campaignId = 0;
  const members: Record<string, { loginId: string; memberId: number; bank: string[] }> = {};

  beforeAll(async () => {
    await b.page.addInitScript(countRequestsInFlight);
    admin = await signInTrader(WALK_OWNERS[0]);
    const created = await admin('POST', '/promotions/campaigns', {
      name: CAMPAIGN,
      type: 'first_deposit',
      currency: 'THB',
      percentBps: 5_000,
      cap: 20_000,
      minDeposit: 10_000,
      levels: [WALK_LEVEL],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      wageringMultiple: 1,
      wageringBase: 'bonus',
      expiryDays: 7,
      terms: { th: 'โบนัส 50% สำหรับการฝากครั้งแรก', en: '50% on your first deposit.' },
    });
    campaignId = (created.campaign as { id: number }).id;
  });

  for (const locale of LOCALES) {
    it(`${locale}: chooses the bonus with a card payment, pays on the card page, the bonus runs`, async () => {
      const t = (ns: string, key: string) => label(locale, ns, key);
      const loginId = `wk${locale}${Date.now().toString(36)}`.slice(0, 16);
      await b.page.setViewportSize(PHONE);
      const bank = await newMemberIn(b.page, locale, loginId);
      const memberId = await memberAtLevel(admin, loginId, WALK_LEVEL);
      members[locale] = { loginId, memberId, bank: [bank.bankOwner, bank.bankname] };
      const allowed = [loginId, `N${loginId}`, bank.bankOwner, bank.bankname, CAMPAIGN, CARD];

      await b.page.goto('/deposit');
      // A bank transfer's bonus comes with the cashier's approval, a card payment's with the provider's.
      const picker = b.page.getByTestId('deposit-promos');
      await picker.getByText(t('cashier', 'promoHint')).waitFor();
      // A coin payment's bonus comes with the provider's confirmation too.
      await b.page.getByRole('button', { name: /Sandbox USDT/ }).click();
      await picker.getByText(t('cashier', 'promoHintPaid')).waitFor();
      await settle(b.page);
      expect(
        await auditPage(b.page, {
          locale,
          allowed: [loginId, 'USDT', CAMPAIGN, '[DEMO] Sandbox USDT', CARD],
        }),
      ).toEqual([]);
      await b.screenshot(`today-deposit-coin-promo-phone-${locale}`);
      await b.page.getByRole('button', { name: new RegExp(CARD.replace(/[[\]]/g, '\\$&')) }).click();
      await picker.getByText(t('cashier', 'promoHintPaid')).waitFor();
      await picker.getByText(t('cashier', 'promoChoice')).waitFor();
      await picker.getByRole('button', { name: t('cashier', 'promoNone') }).waitFor();
      const offer = b.page.getByTestId(`deposit-promo-${campaignId}`);
      await offer.click();
      expect(await offer.getAttribute('aria-pressed')).toBe('true');
      await b.page.locator('#amount').fill(String(DEPOSIT / 100));
      await settle(b.page);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      expect(await buttonsOutside(b.page)).toEqual([]);
      await b.screenshot(`today-deposit-card-promo-phone-${locale}`);
      await b.page.setViewportSize(DESKTOP);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-deposit-card-promo-desktop-${locale}`);
      await b.page.setViewportSize(PHONE);

      const payPage = b.context.waitForEvent('page');
      await b.page.getByRole('button', { name: t('cashier', 'submitDeposit') }).click();
      const pay = await payPage;
      await pay.locator('form[action*="/confirm"] button').click();
      await pay.getByText(t('payment', 'paid')).waitFor();
      const sessionId = decodeURIComponent(new URL(pay.url()).pathname.split('/')[4]!);
      await pay.close();
      await b.page.getByText(t('common', 'msg.msg2010')).waitFor();
      await b.page.getByRole('button', { name: t('common', 'ok') }).click();
      const bonuses = (await memberCall(b.page, 'get-my-bonuses', {})) as { active: unknown };
      expect(bonuses.active).toEqual(expect.objectContaining({ campaignId }));
      await memberCall(b.page, 'read-all-note', {});

      // The member asks to withdraw part (giving the bonus up); then the provider reverses the deposit.
      const asked = await memberCall(b.page, 'apply-user-withdraw', {
        balance: WITHDRAWN,
        code: `${Date.now()}`,
        forfeitBonus: true,
      });
      expect(asked.status).toBe('success');
      expect(await chargeBack(sessionId, DEPOSIT)).toBe('reversed');

      // The statement's line, at 360 px and 1366 px.
      await b.page.goto('/user');
      const statement = b.page.getByTestId('statement');
      await statement.getByText(t('user', 'movement.deposit_reversal')).first().waitFor();
      await settle(b.page);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await statement.scrollIntoViewIfNeeded();
      await b.screenshot(`today-statement-reversal-phone-${locale}`);
      await b.page.setViewportSize(DESKTOP);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-statement-reversal-desktop-${locale}`);
      await b.page.setViewportSize(PHONE);

      // The news of it in the notes: what is owed.
      await b.page.goto('/note');
      await settle(b.page);
      const owedNews = t('common', 'news.depositReversedOwed').split('{{amount}}')[0]!.trim();
      await b.page.getByText(owedNews).first().waitFor();
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-note-reversal-phone-${locale}`);
      await b.page.setViewportSize(DESKTOP);
      await b.screenshot(`today-note-reversal-desktop-${locale}`);
      await b.page.setViewportSize(PHONE);

      // The cashier refuses the withdrawal: its amount is back in the cash, the debt stays, and
      // another withdrawal is refused with what is owed (msg3041).
      const rejected = await fetch(`${inject('operatorUrl')}/reject-latest-withdrawal`, {
        method: 'POST',
        body: JSON.stringify({ loginId, reason: 'Chargeback' }),
      });
      expect(rejected.status).toBe(200);
      await memberCall(b.page, 'read-all-note', {});
      await b.page.goto('/withdraw');
      const owes = t('common', 'msg.msg3041').split('{{owed}}')[0]!.trim();
      // The page says what is owed before the member tries (the health check's `owed`).
      await b.page.getByTestId('debt-notice').getByText(owes).waitFor();
      await b.page.locator('#amount').fill('100');
      b.allow4xx({ status: 409, method: 'POST', path: '/api/routes/apply-user-withdraw' });
      await b.page.getByRole('button', { name: t('cashier', 'submitWithdraw') }).click();
      // And the refusal's dialog says it again, beside the notice.
      await expect.poll(() => b.page.getByText(owes).count()).toBe(2);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-withdraw-owed-phone-${locale}`);
      await b.page.getByRole('button', { name: t('common', 'ok') }).click();
      // A bank deposit asked for after it, for the cashier queue (its history of the member).
      const again = await memberCall(b.page, 'apply-user-deposit', {
        balance: 10_000,
        code: `${Date.now()}`,
      });
      expect(again.status).toBe('success');
    }, 120_000);
  }

  it('back office: the member page names the chargeback debt, the cashier queue the reversal', async () => {
    await signInOperator(b, WALK_OWNERS[1]);
    for (const locale of LOCALES) {
      const t = (key: string) => label(locale, 'admin', key);
      await b.page.setViewportSize(PHONE);
      await b.page.getByTestId('admin-language').selectOption({ label: locale === 'th' ? 'ไทย' : 'English' });
      await openAdminPath(b.page, '');
      await b.page.getByRole('heading', { name: t('nav.dashboard'), level: 1 }).waitFor();
      const { loginId, memberId, bank } = members[locale]!;
      // The verification standard's name (KYC) and the demo's payment provider stay as they are (admin-language.e2e.ts).
      const allowed = [loginId, `N${loginId}`, ...bank, WALK_OWNERS[1], CAMPAIGN, CARD, 'KYC', 'sandbox'];

      await openAdminPath(b.page, `/members/${memberId}`);
      await b.page.getByRole('tab', { name: new RegExp(t('memberLists.tab.debt')) }).click();
      // The debt's line names the deposit charged back as the cashier names it (not a record's code).
      const cause = b.page.getByText(t('memberLists.debtCause.deposit_reversed')).first();
      await cause.waitFor();
      const deposit = t('cashier.label.deposit').replace('{{id}}', '');
      expect(await cause.innerText()).toMatch(new RegExp(`${deposit}\\d+$`));
      // What is owed and why a debit is refused say a chargeback too, not a correction alone.
      const chargeback = locale === 'th' ? 'ยกเลิกยอดฝาก' : 'chargeback';
      expect(await b.page.getByText(t('memberDetail.owed'), { exact: true }).innerText()).toContain(
        chargeback,
      );
      expect(await b.page.getByTestId('adjust-debt-warning').innerText()).toContain(chargeback);
      await b.screenshot(`today-admin-member-chargeback-phone-${locale}`);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.page.setViewportSize(DESKTOP);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-admin-member-chargeback-desktop-${locale}`);

      await openAdminPath(b.page, '/cashier');
      const row = b.page.getByRole('row').filter({ hasText: loginId });
      await row.getByText(t('cashier.reversed')).first().waitFor();
      expect(
        await auditPage(b.page, {
          locale,
          allowed: [...allowed, ...Object.values(members).map((m) => m.loginId)],
        }),
      ).toEqual([]);
      await b.screenshot(`today-admin-cashier-reversal-desktop-${locale}`);
      await b.page.setViewportSize(PHONE);
      await row.first().scrollIntoViewIfNeeded();
      await b.screenshot(`today-admin-cashier-reversal-phone-${locale}`);

      // The dashboard's figures (each site's own day), at 360 px and 1366 px.
      await openAdminPath(b.page, '');
      await b.page.getByRole('heading', { name: t('nav.dashboard'), level: 1 }).waitFor();
      await b.page.getByText(t('dashboard.today'), { exact: true }).first().waitFor();
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-admin-dashboard-phone-${locale}`);
      await b.page.setViewportSize(DESKTOP);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-admin-dashboard-desktop-${locale}`);

      // A refusal (no such member): in the operator's language, on both screens.
      b.allow4xx({ status: 404, method: 'GET', path: '/api/admin/members/987654321' });
      await openAdminPath(b.page, '/members/987654321');
      const missing = b.page.locator('main').getByRole('alert');
      await missing.waitFor();
      if (locale === 'th') expect(await missing.innerText()).toBe(t('refusal.status.not_found'));
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-admin-refusal-desktop-${locale}`);
      await b.page.setViewportSize(PHONE);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`today-admin-refusal-phone-${locale}`);
    }
  }, 120_000);
});
