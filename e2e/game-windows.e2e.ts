import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { chooseSiteLanguage, openGameWindow, pageProblems } from './support/play.ts';

const SLOTS = ['golden-dragon', 'fruit-fiesta', 'lucky-sevens'];

/** Walks every screen of the game windows: the three slots (paytable, autoplay, fairness), baccarat, verify. */
async function walk(b: ReturnType<typeof useBrowser>, locale: string, size: string) {
  const seen: Record<string, string[]> = {};
  const check = async (name: string) => {
    await b.screenshot(`play-${name}-${locale}-${size}`);
    seen[name] = await pageProblems(b.page, locale);
  };
  await fundedMember(b.page, 'windows', 1_000_000);
  await chooseSiteLanguage(b.page, locale);
  for (const code of SLOTS) {
    await openGameWindow(b.page, code, 'royal-slots');
    await check(code);
    // The spin buttons are clear of the fairness line pinned at the window's foot (they sat under it).
    const spinBox = (await b.page.getByTestId('spin').boundingBox())!;
    const fairBox = (await b.page.locator('footer[data-nonce]').boundingBox())!;
    expect(spinBox.y + spinBox.height).toBeLessThanOrEqual(fairBox.y);
    await b.page.getByTestId('quick-spin').click();
    await b.page.getByTestId('spin').click();
    await expect.poll(() => b.page.getByTestId('spin').isEnabled(), { timeout: 20_000 }).toBe(true);
    await check(`${code}-spun`);
    await b.page.getByRole('button', { name: /Paytable|ตารางจ่าย|배당표|配当表|Bảng trả thưởng/ }).click();
    await b.page.getByTestId('paytable').waitFor();
    await check(`${code}-paytable`);
    await b.page.getByTestId('paytable').getByRole('button').last().click();
  }
  await b.page.getByTestId('autoplay-open').click();
  await b.page.getByTestId('autoplay-loss-limit').waitFor();
  await check('autoplay');
  await b.page.keyboard.press('Escape');
  await b.page.getByRole('dialog').getByRole('button').last().click();
  await openGameWindow(b.page, 'baccarat', 'royal-baccarat');
  await b.page.locator('button[class*="banker"]').click();
  await b.page.locator('button[class*="spin"]').click();
  await b.page.getByTestId('baccarat-result').waitFor({ timeout: 15_000 });
  await check('baccarat');
  await b.page.getByTestId('game-fairness').click();
  // A client seed of digits: a random one could spell a Latin word.
  await b.page.getByRole('dialog').locator('input').fill('20261123');
  await b.page.getByTestId('change-seed').click();
  await b.page.getByTestId('verify-link').waitFor();
  await check('fairness');
  const href = (await b.page.getByTestId('verify-link').getAttribute('href'))!;
  await b.page.goto(href);
  await b.page.locator('main button').click();
  await b.page.getByTestId('verify-result').waitFor();
  await check('verify');
  return seen;
}

describe.runIf(chromiumAvailable)('the game windows on a 360 px phone, in Thai', () => {
  const b = useBrowser(PHONE);
  it('fit the screen, show no raw key and no English', async () => {
    const seen = await walk(b, 'th', 'phone');
    for (const [name, problems] of Object.entries(seen)) expect(problems, name).toEqual([]);
  }, 180_000);
});

describe.runIf(chromiumAvailable)('the game windows on a 360 px phone, in Korean', () => {
  const b = useBrowser(PHONE);
  it('fit the screen, show no raw key and no English', async () => {
    const seen = await walk(b, 'ko', 'phone');
    for (const [name, problems] of Object.entries(seen)) expect(problems, name).toEqual([]);
  }, 180_000);
});

describe.runIf(chromiumAvailable)('the game windows on a desktop, in Vietnamese', () => {
  const b = useBrowser(DESKTOP);
  it('show no raw key and no English', async () => {
    const seen = await walk(b, 'vn', 'desktop');
    for (const [name, problems] of Object.entries(seen)) expect(problems, name).toEqual([]);
  }, 180_000);
});
