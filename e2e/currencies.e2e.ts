import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, DEMO_MEMBER_KO, DEMO_SITES } from '../src/server/db/seed-demo.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';

/** The welcome note's alert, in the site's language, answered with Cancel whenever it shows. */
async function dismissWelcome(page: Page, text: string, cancel: string) {
  await page.addLocatorHandler(page.getByText(text), async () => {
    await page.getByRole('button', { name: cancel }).click();
  });
}

async function login(page: Page, who: { id: string; pw: string }) {
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/routes/user-do-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()).status;
  }, who);
  expect(status).toBe('success');
}

/** Two sites on one install, each reached by its registration domain, each in its own money. */
describe.runIf(chromiumAvailable)('a site’s own currency on a 360-px phone', () => {
  const b = useBrowser(PHONE);

  it('shows the Thai site in Thai, with baht and satang, and cash amounts in whole baht', {
    timeout: 90_000,
  }, async () => {
    await dismissWelcome(b.page, 'คุณมีข้อความใหม่', 'ยกเลิก');
    await b.page.goto('/');
    await login(b.page, DEMO_MEMBER);
    await b.page.goto('/deposit');
    const balance = b.page.locator('[data-currency="THB"]').first();
    await balance.waitFor();
    // The demo member's ฿10,000.00: the baht sign and two satang digits.
    expect(await balance.innerText()).toMatch(/^฿[\d,]+\.\d\d$/);
    // The site's step is 100 baht: the quick buttons add 100, 500 … baht.
    await b.page.getByRole('button', { name: '+100', exact: true }).waitFor();
    await b.page.getByText('จำนวนเงิน (ทีละ ฿100.00)').waitFor();
    expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('th');
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await b.screenshot('currency-th-deposit-phone');
    // The header's balance and the page's say the same: ฿ with satang.
    const shown = await b.page.locator('[data-currency="THB"]').allInnerTexts();
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const text of shown) expect(text).toMatch(/^฿[\d,]+\.\d\d$/);
  });

  it('shows the Korean site, reached at its own domain, in Korean and won', { timeout: 90_000 }, async () => {
    const ko = b.baseUrl.replace('://localhost', `://${DEMO_SITES.ko.host}`);
    await dismissWelcome(b.page, '새 쪽지가 도착했습니다.', '취소');
    // A first visit to the Korean site (its own origin: no language chosen there yet) opens in Korean.
    await b.page.goto(`${ko}/`);
    await login(b.page, DEMO_MEMBER_KO);
    await b.page.goto(`${ko}/deposit`);
    const balance = b.page.locator('[data-currency="KRW"]').first();
    await balance.waitFor();
    expect(await balance.innerText()).toMatch(/^₩[\d,]+$/);
    await b.page.getByRole('button', { name: '+10,000', exact: true }).waitFor();
    await b.page.getByText('금액 (₩10,000 단위)').waitFor();
    expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('ko');
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await b.screenshot('currency-ko-deposit-phone');
  });
});
