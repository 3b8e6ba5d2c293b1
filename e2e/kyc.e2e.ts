import { describe, expect, it } from 'vitest';
import enCommon from '../src/shared/i18n/locales/en/common.json' with { type: 'json' };
import enUser from '../src/shared/i18n/locales/en/user.json' with { type: 'json' };
import thCommon from '../src/shared/i18n/locales/th/common.json' with { type: 'json' };
import thUser from '../src/shared/i18n/locales/th/user.json' with { type: 'json' };
import { htmlBytes, solidPng } from '../test/support/kyc-files.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { KYC_OPERATORS, KYC_OWNER, SIGNED_OUT_PROBE, signInOperator } from './support/operator.ts';
import { chooseSiteLanguage } from './support/play.ts';

/** The site's own texts, so the test reads what a member of that language reads. */
const TEXTS = {
  th: { user: thUser.kyc, msg: thCommon.msg, ok: 'ตกลง', cancel: 'ยกเลิก', withdraw: 'ส่งคำขอถอน' },
  en: { user: enUser.kyc, msg: enCommon.msg, ok: 'OK', cancel: 'Cancel', withdraw: 'Request withdrawal' },
} as const;

const CASES = [
  { lang: 'th', operator: KYC_OPERATORS[0] },
  { lang: 'en', operator: KYC_OPERATORS[1] },
] as const;

for (const { lang, operator } of CASES) {
  describe.runIf(chromiumAvailable)(`verification documents at 360 px, ${lang}`, () => {
    const b = useBrowser(PHONE);
    const w = TEXTS[lang];

    it('uploads an identity document on my page and a compliance operator approves it', async () => {
      const { page } = b;
      const member = await fundedMember(page, `kyc${lang}`, 10_000);
      await chooseSiteLanguage(page, lang);
      await page.goto('/user');
      const panel = page.getByTestId('kyc-panel');
      await panel.getByRole('heading', { name: w.user.title }).scrollIntoViewIfNeeded();
      await expect(panel.getByTestId('kyc-level').textContent()).resolves.toBe(w.user.levelValue['0']);
      const dialog = page.locator('dialog');

      // A page that claims to be a PNG is refused with the file-type message; nothing is stored.
      b.allow4xx({ status: 415, method: 'POST', path: '/api/kyc/documents/identity' });
      await panel
        .getByTestId('kyc-identity-file')
        .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: htmlBytes() });
      await panel.getByTestId('kyc-identity-upload').click();
      await dialog.getByText(w.msg.msg3204).waitFor();
      await dialog.getByRole('button', { name: w.ok }).click();
      await expect(panel.getByTestId('kyc-identity-state').textContent()).resolves.toBe(w.user.status.none);

      await panel.getByTestId('kyc-identity-file').setInputFiles({
        name: 'passport.png',
        mimeType: 'image/png',
        buffer: solidPng(240, [210, 170, 60]),
      });
      await panel
        .getByTestId('kyc-identity')
        .screenshot({ path: `e2e/screenshots/kyc-chosen-${lang}-phone.png` });
      await panel.getByTestId('kyc-identity-upload').click();
      await dialog.getByText(w.msg.msg3202).waitFor();
      await b.screenshot(`kyc-uploaded-dialog-${lang}-phone`);
      await dialog.getByRole('button', { name: w.ok }).click();
      await panel.getByTestId('kyc-identity-state').getByText(w.user.status.pending).waitFor();
      await panel.getByTestId('kyc-identity').scrollIntoViewIfNeeded();
      await b.screenshot(`kyc-pending-${lang}-phone`);
      await panel.screenshot({ path: `e2e/screenshots/kyc-panel-pending-${lang}-phone.png` });

      // The compliance operator, in the same browser (the back office has its own cookie).
      await signInOperator(b, operator);
      await page.goto('/admin/verification');
      const card = page.getByRole('article', { name: new RegExp(`of ${member}$`) });
      await card.getByRole('img').waitFor();
      await expect(card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(
        240,
      );
      await card.scrollIntoViewIfNeeded();
      await b.screenshot(`kyc-review-queue-${lang}-phone`);
      const memberPage = await card
        .getByRole('link', { name: new RegExp(`^${member}`) })
        .getAttribute('href');
      await card.getByRole('button', { name: 'Approve' }).click();
      await card.waitFor({ state: 'detached' });
      // The member page shows the verification state to every role that reads members.
      await page.goto(memberPage ?? '/admin/members');
      await page.getByTestId('member-kyc').getByText('Level 1 · identity verified.').waitFor();
      await page.getByTestId('member-kyc').scrollIntoViewIfNeeded();
      await b.screenshot(`kyc-member-detail-${lang}-phone`);

      // Back on my page: verified, level 1, and a note says so.
      await page.goto('/user');
      const note = page.getByText(w.msg.msg2003);
      await page.addLocatorHandler(note, async () => {
        await page.getByRole('button', { name: w.cancel }).click();
      });
      await panel.getByTestId('kyc-identity-state').getByText(w.user.status.approved).waitFor();
      await expect(panel.getByTestId('kyc-level').textContent()).resolves.toBe(w.user.levelValue['1']);
      await panel.getByTestId('kyc-identity').scrollIntoViewIfNeeded();
      await b.screenshot(`kyc-approved-${lang}-phone`);
      await panel.screenshot({ path: `e2e/screenshots/kyc-panel-approved-${lang}-phone.png` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }, 90_000);

    // The site's rule is shared by every browser-test file: one language sets it and clears it again.
    it.runIf(lang === 'th')(
      'refuses a withdrawal the member is not verified enough for, in their language',
      async () => {
        const { page } = b;
        const setRule = async (level: '0' | '2') => {
          await page.goto('/admin/settings');
          const form = page.getByRole('region', { name: 'Verification (KYC) for withdrawals' });
          await form.getByLabel('Any withdrawal needs').selectOption(level);
          await form.getByRole('button', { name: 'Save verification rules' }).click();
          await form.getByText('Saved.').waitFor();
          return form;
        };
        // Signing the compliance operator out: the back office asks who is signed in and hears 401.
        b.allow4xx(SIGNED_OUT_PROBE);
        await page.goto('/admin');
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByLabel('Login').waitFor();
        await signInOperator(b, KYC_OWNER);
        const form = await setRule('2');
        await form.scrollIntoViewIfNeeded();
        await b.screenshot('kyc-rule-set-phone');
        try {
          b.allow4xx({ status: 403, method: 'POST', path: '/api/routes/apply-user-withdraw' });
          await page.goto('/withdraw');
          await page.locator('#amount').fill('10000');
          await page.getByRole('button', { name: w.withdraw }).click();
          await page.locator('dialog').getByText(w.msg.msg3201.replace('{{requiredLevel}}', '2')).waitFor();
          await b.screenshot(`kyc-withdraw-refused-${lang}-phone`);
          await page.locator('dialog').getByRole('button', { name: w.ok }).click();
          // The way on: My page, at the upload the message names, not the same form again.
          await page.waitForURL('**/user#verification');
          const title = page.locator('#kyc-title');
          const onScreen = () =>
            title.evaluate((el) => {
              const { top, bottom } = el.getBoundingClientRect();
              return top >= 0 && bottom <= window.innerHeight;
            });
          await expect.poll(onScreen).toBe(true);
          // What the screen shows (not the whole page): the panel under the header.
          await page.screenshot({ path: `e2e/screenshots/kyc-withdraw-refused-then-${lang}-phone.png` });
        } finally {
          await setRule('0');
        }
      },
      90_000,
    );
  });
}
