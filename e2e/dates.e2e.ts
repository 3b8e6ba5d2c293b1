import { describe, expect, it } from 'vitest';
import enCommon from '../src/shared/i18n/locales/en/common.json' with { type: 'json' };
import enUser from '../src/shared/i18n/locales/en/user.json' with { type: 'json' };
import thCommon from '../src/shared/i18n/locales/th/common.json' with { type: 'json' };
import thUser from '../src/shared/i18n/locales/th/user.json' with { type: 'json' };
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { loginAs, registerViaApi } from './support/member.ts';

const TEXTS = {
  th: { common: thCommon, user: thUser },
  en: { common: enCommon, user: enUser },
} as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Date fields follow the site's form, YYYY-MM-DD, in every language: never the browser's own
 * (mm/dd/yyyy in a Thai page, as the date input showed on an English-language Chromium).
 */
for (const lang of ['th', 'en'] as const) {
  for (const [screen, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    describe.runIf(chromiumAvailable)(`date fields, ${lang}, ${screen}`, () => {
      const b = useBrowser(viewport);
      const w = TEXTS[lang];

      /** No browser date input shows: each is the invisible source of a calendar only. */
      const shownDateInputs = () =>
        b.page.$$eval(
          'input[type=date]',
          (inputs) =>
            inputs.filter((i) => getComputedStyle(i).opacity !== '0' && i.getBoundingClientRect().width > 1)
              .length,
        );

      it('types a birth date as YYYY-MM-DD on the sign-up form', async () => {
        await b.page.goto('/');
        await b.page.evaluate((l) => localStorage.setItem('lang', l), lang);
        await b.page.goto('/register');
        const birth = b.page.locator('input[name=birthDate]');
        expect(await birth.getAttribute('placeholder')).toBe(w.common.datePlaceholder);
        await birth.pressSequentially('19920715');
        expect(await birth.inputValue()).toBe('1992-07-15');
        expect(await shownDateInputs()).toBe(0);
        await birth.scrollIntoViewIfNeeded();
        await b.screenshot(`dates-register-${lang}-${screen}`);
      });

      it('filters my statement by days typed or picked from the calendar, all shown YYYY-MM-DD', async () => {
        const id = `day${lang}${screen.slice(0, 1)}${process.pid % 1000}`;
        await registerViaApi(b.page, id);
        await loginAs(b.page, id);
        await b.page.goto('/user');
        const filters = b.page.getByRole('group', { name: w.user.statement, exact: true });
        const from = filters.getByRole('textbox', { name: w.user.from, exact: true });
        const to = filters.getByRole('textbox', { name: w.user.to, exact: true });
        await from.pressSequentially('20260101');
        expect(await from.inputValue()).toBe('2026-01-01');
        // The calendar button opens the browser's picker; the day it gives is written the same way.
        await filters.getByTitle(w.common.pickDate).nth(1).click();
        await filters.locator('input[type=date]').nth(1).fill('2026-03-31');
        expect(await to.inputValue()).toBe('2026-03-31');
        // The activity statement's days start filled, in the same form.
        for (const value of await b.page
          .locator('form input[inputmode=numeric][placeholder]')
          .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))) {
          expect(value).toMatch(DAY);
        }
        expect(await shownDateInputs()).toBe(0);
        await filters.scrollIntoViewIfNeeded();
        await b.screenshot(`dates-statement-${lang}-${screen}`);
      });
    });
  }
}
