import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { MEMBER_PASSWORD, memberCall } from './support/member.ts';
import {
  DEMO_OPERATOR,
  LOCK_DESK,
  LOCKED_OPERATORS,
  openAdminPath,
  SIGNED_OUT_PROBE,
  signInOperator,
} from './support/operator.ts';
import { auditPage, countRequestsInFlight, label, settle } from './support/page-audit.ts';
import { chooseSiteLanguage, newMemberIn } from './support/play.ts';

/** A six-digit code that is not the current one of `secret` (nor the one before or after it). */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((d) =>
    generateSync({ secret, epoch: Math.floor((Date.now() + d) / 1000) }),
  );
  for (let n = 0; ; n++) {
    const code = String(100_000 + n);
    if (!near.includes(code)) return code;
  }
}

const LOCALES = ['th', 'en'] as const;

/**
 * The second factor's lock as a member, an operator and support see it, at 360 px and 1366 px in Thai
 * and English: the fifth wrong code answers msg3529, support lifts a member's lock on the member page,
 * the member is told by a note; an operator's lock on their sign-in page (hours left) and on the
 * Operators screen, where an owner lifts it.
 */
describe.runIf(chromiumAvailable)('two-step sign-in locked after five wrong codes, and lifted', () => {
  const b = useBrowser(PHONE);
  const members: Record<string, { loginId: string; secret: string; step: number }> = {};

  for (const locale of LOCALES) {
    it(`${locale}: a member's fifth wrong code locks two-step login (msg3529)`, async () => {
      const t = (ns: string, key: string) => label(locale, ns, key);
      const loginId = `lk${locale}${Date.now().toString(36)}`.slice(0, 16);
      await b.page.setViewportSize(PHONE);
      await newMemberIn(b.page, locale, loginId);
      const setup = await memberCall(b.page, 'user-2fa-setup', { pw: MEMBER_PASSWORD });
      const secret = setup.secret as string;
      const enabled = await memberCall(b.page, 'user-2fa-enable', { otp: generateSync({ secret }) });
      expect(enabled.status).toBe('success');
      await memberCall(b.page, 'user-logout', {});
      // The code that turned it on is spent: the next login needs a later 30-second step's code.
      members[locale] = { loginId, secret, step: Math.floor(Date.now() / 30_000) };

      await b.page.goto('/login');
      b.allow4xx(
        { status: 401, path: '/api/routes/user-do-login' },
        { status: 429, path: '/api/routes/user-do-login' },
      );
      const gate = b.page.locator('section').filter({ has: b.page.locator('input[name=id]') });
      await gate.locator('input[name=id]').fill(loginId);
      await gate.locator('input[name=pw]').fill(MEMBER_PASSWORD);
      await gate.getByRole('button', { name: t('common', 'login'), exact: true }).click();
      await b.page.getByText(t('common', 'msg.msg3520')).first().waitFor();
      const ok = b.page.getByRole('button', { name: t('common', 'ok'), exact: true });
      const second = b.page.locator('section').filter({ has: b.page.locator('input[name=otp]') });
      for (let i = 1; i <= 5; i++) {
        await second.locator('input[name=otp]').fill(wrongCode(secret));
        await second.getByRole('button', { name: t('common', 'login'), exact: true }).click();
        const answer = b.page.getByText(t('common', i < 5 ? 'msg.msg3521' : 'msg.msg3529')).first();
        await answer.waitFor();
        if (i < 5) {
          await ok.click();
          await answer.waitFor({ state: 'hidden' });
        }
      }
      await settle(b.page);
      expect(await auditPage(b.page, { locale, allowed: [loginId] })).toEqual([]);
      await b.screenshot(`lock-member-msg3529-phone-${locale}`);
      await b.page.setViewportSize(DESKTOP);
      expect(await auditPage(b.page, { locale, allowed: [loginId] })).toEqual([]);
      await b.screenshot(`lock-member-msg3529-desktop-${locale}`);
    }, 90_000);
  }

  it("an operator's fifth wrong code locks their sign-in: the page says for how many hours", async () => {
    await b.page.addInitScript(countRequestsInFlight);
    for (const [i, locale] of LOCALES.entries()) {
      const t = (key: string) => label(locale, 'admin', key);
      await b.page.setViewportSize(PHONE);
      b.allow4xx(
        SIGNED_OUT_PROBE,
        { status: 401, path: '/api/admin/login' },
        { status: 429, path: '/api/admin/login' },
      );
      await b.page.goto('/admin');
      await b.page.getByTestId('admin-language').selectOption({ label: locale === 'th' ? 'ไทย' : 'English' });
      await b.page.getByLabel(t('login.login')).fill(LOCKED_OPERATORS[i]!);
      await b.page.getByLabel(t('login.password')).fill(DEMO_OPERATOR.password);
      const hours = t('refusal.msg3529').split('{{hours}}')[0]!.trim();
      const alert = b.page.getByRole('alert').first();
      for (let n = 1; n <= 5; n++) {
        await b.page.getByLabel(t('login.code')).fill(wrongCode(DEMO_OPERATOR.totpSecret));
        const answered = b.page.waitForResponse((r) => r.url().endsWith('/api/admin/login'));
        await b.page.getByRole('button', { name: t('login.signIn') }).click();
        await answered;
        await alert.waitFor();
      }
      await expect.poll(() => alert.innerText()).toContain(hours);
      expect(await alert.innerText()).toMatch(/\d+/);
      expect(await auditPage(b.page, { locale, allowed: [] })).toEqual([]);
      await b.screenshot(`lock-operator-signin-phone-${locale}`);
      await b.page.setViewportSize(DESKTOP);
      await b.screenshot(`lock-operator-signin-desktop-${locale}`);
    }
  }, 120_000);

  it('back office: support sees and lifts the member lock; an owner the operator lock', async () => {
    await b.page.setViewportSize(PHONE);
    // The sign-in page keeps the language the last test chose: back to English for signInOperator.
    b.allow4xx(SIGNED_OUT_PROBE);
    await b.page.goto('/admin');
    await b.page.getByTestId('admin-language').selectOption({ label: 'English' });
    await signInOperator(b, LOCK_DESK);
    for (const locale of LOCALES) {
      const t = (key: string) => label(locale, 'admin', key);
      await b.page.setViewportSize(PHONE);
      await b.page.getByTestId('admin-language').selectOption({ label: locale === 'th' ? 'ไทย' : 'English' });
      const { loginId } = members[locale]!;
      const allowed = [
        loginId,
        `N${loginId}`,
        LOCK_DESK,
        ...LOCKED_OPERATORS,
        'KYC',
        'Test Player',
        'Bangkok Bank',
      ];

      await openAdminPath(b.page, `/members?q=${loginId}`);
      await b.page.getByRole('link', { name: loginId, exact: true }).first().click();
      await settle(b.page, 'main h1');
      const locked = b.page.getByTestId('member-2fa-locked');
      await locked.waitFor();
      expect(await locked.innerText()).toContain(t('lock.lockedUntil'));
      await locked.scrollIntoViewIfNeeded();
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`lock-admin-member-phone-${locale}`);
      await b.page
        .getByRole('region', { name: t('security.title') })
        .screenshot({ path: `e2e/screenshots/lock-admin-member-panel-phone-${locale}.png` });
      await b.page.setViewportSize(DESKTOP);
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`lock-admin-member-desktop-${locale}`);

      await openAdminPath(b.page, '/operators');
      const row = b.page.getByRole('row').filter({ hasText: LOCKED_OPERATORS[LOCALES.indexOf(locale)]! });
      await row.getByText(t('lock.codesLocked')).waitFor();
      await row.scrollIntoViewIfNeeded();
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`lock-admin-operators-desktop-${locale}`);
      await b.page.setViewportSize(PHONE);
      await row.scrollIntoViewIfNeeded();
      expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
      await b.screenshot(`lock-admin-operators-phone-${locale}`);
      await row.screenshot({ path: `e2e/screenshots/lock-admin-operators-row-phone-${locale}.png` });
      // The owner lifts it with a reason: the row no longer says locked.
      await row.getByLabel(t('lock.reason')).fill('Checked by phone');
      await row
        .getByRole('button', {
          name: t('lock.liftOperator').replace('{{login}}', LOCKED_OPERATORS[LOCALES.indexOf(locale)]!),
        })
        .click();
      await row.getByText(t('lock.codesLocked')).waitFor({ state: 'detached' });

      // Support lifts the member's lock on the member page.
      await openAdminPath(b.page, `/members?q=${loginId}`);
      await b.page.getByRole('link', { name: loginId, exact: true }).first().click();
      await locked.waitFor();
      await b.page
        .getByTestId('member-security')
        .locator('..')
        .getByLabel(t('lock.reason'))
        .fill('Called the member');
      await b.page.getByRole('button', { name: t('lock.liftMember') }).click();
      await locked.waitFor({ state: 'detached' });
    }
  }, 120_000);

  for (const locale of LOCALES) {
    it(`${locale}: once lifted, the member signs in with a code and reads the notes of the lock`, async () => {
      const t = (ns: string, key: string) => label(locale, ns, key);
      const { loginId, secret, step } = members[locale]!;
      const wait = (step + 1) * 30_000 + 500 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await b.page.setViewportSize(PHONE);
      await b.page.goto('/');
      await chooseSiteLanguage(b.page, locale);
      const reply = await memberCall(b.page, 'user-do-login', {
        id: loginId,
        pw: MEMBER_PASSWORD,
        otp: generateSync({ secret }),
      });
      expect(reply, JSON.stringify(reply)).toMatchObject({ status: 'success' });
      await b.page.goto('/note');
      await settle(b.page);
      // The list shows each note's beginning: the lock's, then the lift's.
      await b.page.getByText(t('common', 'news.secondFactorLocked').slice(0, 20)).first().waitFor();
      await b.page.getByText(t('common', 'news.secondFactorUnlocked').slice(0, 20)).first().waitFor();
      expect(await auditPage(b.page, { locale, allowed: [loginId] })).toEqual([]);
      await b.screenshot(`lock-member-note-phone-${locale}`);
      await memberCall(b.page, 'user-logout', {});
    }, 60_000);
  }
});
