import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/shared/money.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';

/** The exact pool a jackpot figure shows (its data-amount; the text may be mid-roll). */
const shownIn = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-amount'));

/** The pool as the API answers it. */
const poolOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/routes/get-jackpot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await res.json()).jackpot.amount as number;
  });

const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.runIf(chromiumAvailable)('the progressive jackpot on a desktop', () => {
  const b = useBrowser(DESKTOP);

  it('shows one pool in two tabs, follows a spin live, and keeps its amount across a reload', async () => {
    // A member of this file alone: its spin moves no other file's balance.
    await fundedMember(b.page, 'jackpot', 100_000);
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    const home = b.page;
    const other = await b.context.newPage();
    await Promise.all([home.goto('/'), other.goto('/')]);
    const before = await poolOf(home);
    expect(before).toBeGreaterThanOrEqual(10_000_000);
    await expect.poll(() => shownIn(home, 'jackpot'), { timeout: 8_000 }).toBe(before);
    await expect.poll(() => shownIn(other, 'jackpot'), { timeout: 8_000 }).toBe(before);
    await b.screenshot('jackpot-home-desktop-en');

    // A spin in the slot window feeds the pool; the window shows the same live pool.
    const game = await b.context.newPage();
    await game.goto(await launch(home, 'lucky-sevens', 'royal-slots'));
    await expect.poll(() => shownIn(game, 'jackpot-meter'), { timeout: 8_000 }).toBe(before);
    await game.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect
      .poll(() => game.getByRole('button', { name: 'Spin', exact: true }).isEnabled(), { timeout: 10_000 })
      .toBe(true);
    const grown = await poolOf(home);
    expect(grown).toBeGreaterThan(before);
    // Both home tabs and the game window settle on the new amount by themselves (pushed over SSE).
    for (const [page, id] of [
      [home, 'jackpot'],
      [other, 'jackpot'],
      [game, 'jackpot-meter'],
    ] as const) {
      await expect.poll(() => shownIn(page, id), { timeout: 10_000 }).toBe(grown);
    }
    // The figure finishes rolling to the new amount before the screenshot.
    await expect
      .poll(() => game.getByTestId('jackpot-meter').textContent(), { timeout: 10_000 })
      .toBe(formatMoney(grown, 'THB', 'en'));
    await game.screenshot({ path: 'e2e/screenshots/jackpot-slot-window-desktop-en.png' });
    await game.getByRole('button', { name: 'Paytable' }).click();
    await game.getByTestId('jackpot-rules').getByText('1 % of every stake').waitFor();
    await game.screenshot({ path: 'e2e/screenshots/jackpot-paytable-desktop-en.png' });
    await game.close();

    // A reload starts from the real pool, not from zero or a local counter.
    await other.reload();
    await expect.poll(() => shownIn(other, 'jackpot'), { timeout: 8_000 }).toBe(grown);
    expect(await other.getByTestId('jackpot').textContent()).toBe(formatMoney(grown, 'THB', 'en'));
    await other.close();
  }, 120_000);
});

describe.runIf(chromiumAvailable)('the progressive jackpot on a phone, in Thai', () => {
  const b = useBrowser(PHONE);

  it('fits the home banner, the slot window and its paytable into 360 px', async () => {
    await fundedMember(b.page, 'jackpotth', 100_000);
    await b.page.evaluate(() => localStorage.setItem('lang', 'th'));
    await b.page.goto('/');
    const pool = await poolOf(b.page);
    await expect.poll(() => shownIn(b.page, 'jackpot'), { timeout: 8_000 }).toBe(pool);
    // The banner itself fits (the page header's own width is the site-fixes work of issue 13).
    const banner = await b.page.locator('section', { has: b.page.getByTestId('jackpot') }).boundingBox();
    expect(banner!.x).toBeGreaterThanOrEqual(0);
    expect(banner!.x + banner!.width).toBeLessThanOrEqual(360);
    await b.screenshot('jackpot-home-phone-th');

    await b.page.goto(await launch(b.page, 'golden-dragon', 'royal-slots'));
    await b.page.getByText('แจ็คพอตสะสม').waitFor();
    await expect.poll(() => shownIn(b.page, 'jackpot-meter'), { timeout: 8_000 }).toBe(pool);
    expect(await widthOf(b.page)).toBeLessThanOrEqual(360);
    await b.screenshot('jackpot-slot-window-phone-th');
    await b.page
      .locator('button', { hasText: /Paytable|ตารางจ่าย/ })
      .first()
      .click();
    await b.page.getByTestId('jackpot-rules').getByText('ของทุกการเดิมพันในสล็อตนี้').waitFor();
    expect(await widthOf(b.page)).toBeLessThanOrEqual(360);
    await b.screenshot('jackpot-paytable-phone-th');
  }, 120_000);
});
