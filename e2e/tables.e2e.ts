import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BrowserSession, chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';
import { signInOperator, TABLES_OWNER } from './support/operator.ts';
import { balanceIn, chooseSiteLanguage, openGameWindow } from './support/play.ts';

/** The game window's own size on a desktop (SPEC §9). */
const GAME_WINDOW = { width: 1400, height: 800 };

/** A guest opens demo roulette from its lobby tile, places chips and spins with fun money. */
async function guestPlaysDemoRoulette(b: BrowserSession, locale: string, shot: string) {
  await b.page.goto('/');
  await chooseSiteLanguage(b.page, locale);
  await b.page.goto('/game');
  const tile = b.page.getByTestId('demo-roulette');
  const [game] = await Promise.all([b.context.waitForEvent('page'), tile.click()]);
  await game.getByTestId('demo-badge').waitFor();
  await game.setViewportSize(b.page.viewportSize()!);
  expect(await balanceIn(game)).toBe(1_000_000);
  // The fun money counts in the site's currency: baht here (฿10,000.00), as the site's own pages do.
  expect(await game.getByTestId('game-balance').textContent()).toBe('฿10,000.00');
  await game.locator('[data-spot="straight:17"]').click();
  await game.locator('[data-spot="red"]').click();
  await game.locator('[data-spot="split:17-20"]').click({ force: true });
  await game.locator('[data-spot="dozen:2"]').click();
  // Four chips of ฿50.00: each reads 50 on the layout, and the total says what they stake.
  expect(await game.getByTestId('chip-red').textContent()).toBe('50');
  expect(await game.getByTestId('roulette-total').textContent()).toBe('฿200.00');
  await game.screenshot({ path: `e2e/screenshots/${shot}-bets.png`, fullPage: true });
  await game.locator('button', { hasText: /^(Spin|หมุน)$/ }).click();
  const result = game.getByTestId('roulette-result');
  await result.waitFor({ timeout: 15_000 });
  const number = Number(await result.getAttribute('data-number'));
  expect(number).toBeGreaterThanOrEqual(0);
  expect(number).toBeLessThanOrEqual(36);
  await expect.poll(() => balanceIn(game)).not.toBe(1_000_000);
  await game.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await game.screenshot({ path: `e2e/screenshots/${shot}.png`, fullPage: true });
  await game.close();
}

/** Plays blackjack to the end: declines insurance, splits or doubles when offered once, then stands. */
async function playBlackjackToTheEnd(
  game: Page,
  labels: { deal: string; stand: string; noInsurance: string },
) {
  const nonceInFooter = async () => Number(await game.locator('footer').getAttribute('data-nonce'));
  const nonceBefore = await nonceInFooter();
  // The baht site's chip of ฿100.00 reads 100 (a face in satang read 10K).
  await game.getByRole('button', { name: '100', exact: true }).click();
  await game.getByRole('button', { name: labels.deal, exact: true }).click();
  const result = game.getByTestId('blackjack-result');
  for (let step = 0; step < 12; step++) {
    await game.locator('[data-move], [data-testid="blackjack-result"]').first().waitFor();
    // The deal used the next nonce: the fair line says so while the hand is still open.
    if (step === 0) await expect.poll(nonceInFooter).toBe(nonceBefore + 1);
    if (await result.isVisible()) break;
    const insurance = game.locator('[data-move="noInsurance"]');
    if (await insurance.isVisible()) {
      await insurance.click();
    } else {
      await game.locator('[data-move="stand"]').click();
    }
    await game.waitForTimeout(200);
  }
  await result.waitFor({ timeout: 10_000 });
  await game.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

describe.runIf(chromiumAvailable)('roulette and blackjack on a phone, in Thai', () => {
  const b = useBrowser(PHONE);

  it('a guest plays demo roulette from its tile with fun money', async () => {
    await guestPlaysDemoRoulette(b, 'th', 'roulette-demo-phone-th');
  }, 90_000);

  it('a member plays blackjack to the end', async () => {
    await fundedMember(b.page, 'bjphone', 200_000);
    await chooseSiteLanguage(b.page, 'th');
    await openGameWindow(b.page, 'blackjack', 'royal-tables');
    const before = await balanceIn(b.page);
    await playBlackjackToTheEnd(b.page, { deal: 'แจกไพ่', stand: 'หยุด', noInsurance: 'ไม่ซื้อประกัน' });
    await expect.poll(() => balanceIn(b.page)).not.toBe(before - 10_000 - 1);
    await b.screenshot('blackjack-phone-th');
  }, 90_000);

  it('the popular rail reflects play: the blackjack just played is on it, and its win on the ticker', async () => {
    // The count is reused for ten seconds: the rail shows the round within that.
    await expect
      .poll(
        async () => {
          await b.page.goto('/game');
          await b.page.getByTestId('category-all').waitFor();
          await b.page.waitForTimeout(500);
          return b.page.getByTestId('popular-rail').locator('[data-code="blackjack"]').count();
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe(1);
    await b.page.getByTestId('category-table').waitFor();
    await b.screenshot('lobby-popular-phone-th');
    await b.page.getByTestId('category-table').click();
    await b.page.locator('[data-testid="demo-roulette"]').waitFor();
    await b.screenshot('lobby-table-games-phone-th');
  }, 90_000);

  it('the wins ticker shows a win as it is paid, pushed without a reload, in baht with the nick masked', async () => {
    await b.page.goto('/game');
    await b.page.getByTestId('category-all').waitFor();
    const first = b.page.getByTestId('wins-ticker').locator('li').first();
    const firstLine = () => first.textContent({ timeout: 500 }).catch(() => '');
    await b.page.waitForTimeout(1_000);
    const before = await firstLine();
    // Played from this page's own session through the game server, so the lobby stays as it is.
    const url = await launch(b.page, 'roulette', 'royal-tables');
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const payout = await b.page.evaluate(async (gameToken) => {
      const call = async (action: string, body: object) =>
        (
          await fetch(`/house/api/${action}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token: gameToken, game: 'roulette', ...body }),
          })
        ).json();
      await call('init', {});
      for (let i = 0; i < 20; i++) {
        // Red and black: one of them pays unless the ball stops on zero.
        const spin = await call('roulette', { bets: { red: 1_000, black: 1_000 } });
        if (spin.payout > 0) return spin.payout as number;
      }
      return 0;
    }, token);
    expect(payout).toBe(2_000);
    await expect.poll(firstLine, { timeout: 5_000 }).not.toBe(before);
    const line = await firstLine();
    expect(line).toMatch(/N\*\*\*/);
    expect(line).toContain('฿20.00');
    await b.screenshot('lobby-wins-live-phone-th');
  }, 60_000);

  it("the home page's slot tab: every slot with its own art, the providers above them", async () => {
    await b.page.goto('/');
    await b.page.getByRole('tab', { name: 'สล็อต' }).click();
    const tiles = b.page.getByTestId('slot-tiles');
    await tiles.locator('img[src="/media/games/golden-dragon.svg"]').waitFor();
    const arts = await tiles.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(arts.length).toBeGreaterThanOrEqual(5);
    expect(new Set(arts).size).toBe(arts.length);
    await tiles.getByRole('button', { name: 'Royal Slots' }).waitFor();
    await b.screenshot('home-slot-games-phone-th');
  }, 60_000);
});

describe.runIf(chromiumAvailable)('roulette and blackjack in the 1400×800 game window, in English', () => {
  const b = useBrowser(GAME_WINDOW);

  it('a guest plays demo roulette from its tile with fun money', async () => {
    await guestPlaysDemoRoulette(b, 'en', 'roulette-demo-desktop-en');
  }, 90_000);

  it('a member plays blackjack to the end; the fair line and the way back stay in view', async () => {
    await fundedMember(b.page, 'bjdesk', 200_000);
    await chooseSiteLanguage(b.page, 'en');
    await openGameWindow(b.page, 'blackjack', 'royal-tables');
    await playBlackjackToTheEnd(b.page, { deal: 'Deal', stand: 'Stand', noInsurance: 'No insurance' });
    const line = await b.page.locator('footer').boundingBox();
    expect(line!.y + line!.height).toBeLessThanOrEqual(GAME_WINDOW.height);
    expect(await b.page.getByTestId('game-lobby').isVisible()).toBe(true);
    await b.screenshot('blackjack-desktop-en');
    // A slot's window too keeps its fair line in view at 1400×800.
    await openGameWindow(b.page, 'golden-dragon', 'royal-slots');
    const slotLine = await b.page.locator('footer').boundingBox();
    expect(slotLine!.y + slotLine!.height).toBeLessThanOrEqual(GAME_WINDOW.height);
    await b.screenshot('slot-window-1400x800');
  }, 90_000);

  it('the lobby on a desktop: rails, categories and the wins ticker', async () => {
    await b.page.goto('/game');
    await b.page.getByTestId('new-rail').locator('[data-code="roulette"]').waitFor();
    await b.page.getByTestId('wins-ticker').waitFor();
    await b.screenshot('lobby-desktop-en');
    await b.page.goto('/');
    await b.page.getByRole('tab', { name: 'Slots' }).click();
    await b.page.getByTestId('slot-tiles').locator('img[src="/media/games/ocean-treasure.svg"]').waitFor();
    await b.screenshot('home-slot-games-desktop-en');
  }, 60_000);
});

describe.runIf(chromiumAvailable)(
  "a site's table rules: set in the back office, shown in the game window",
  () => {
    const b = useBrowser(GAME_WINDOW);

    /** The Thai site's money screen (the default site is the one shown first). */
    async function moneyForm(title: string) {
      await b.page.goto('/admin/settings');
      const form = b.page.getByRole('region', { name: title });
      await form.waitFor();
      return form;
    }

    it('an owner gives the Thai site la partage (English, then Thai); its roulette window says so; then takes it back', async () => {
      await signInOperator(b, TABLES_OWNER);
      let form = await moneyForm('Currency & cash rules');
      const partage = form.getByLabel('Roulette: la partage (an even-money bet loses half on zero)');
      expect(await partage.isChecked()).toBe(false);
      await partage.check();
      await form.getByRole('button', { name: 'Save currency & cash rules' }).click();
      await form.getByText('Saved.').waitFor();
      await form.screenshot({ path: 'e2e/screenshots/admin-en-settings-tables.png' });
      await b.page.getByTestId('admin-language').selectOption({ label: 'ไทย' });
      form = await moneyForm('สกุลเงินและกฎการเงิน');
      expect(await form.getByLabel(/ลาปาร์ตาจ/).isChecked()).toBe(true);
      await form.screenshot({ path: 'e2e/screenshots/admin-th-settings-tables.png' });

      await fundedMember(b.page, 'partage', 50_000);
      await chooseSiteLanguage(b.page, 'en');
      await openGameWindow(b.page, 'roulette', 'royal-tables');
      await b.page
        .getByText('La partage: even-money bets lose only half on zero', { exact: false })
        .waitFor();
      await b.screenshot('roulette-la-partage-desktop-en');

      // Back as it was: other browser tests play roulette on this site.
      form = await moneyForm('สกุลเงินและกฎการเงิน');
      await form.getByLabel(/ลาปาร์ตาจ/).uncheck();
      await form.getByRole('button', { name: 'บันทึกสกุลเงินและกฎการเงิน' }).click();
      await form.getByText('บันทึกแล้ว').waitFor();
      await b.page.getByTestId('admin-language').selectOption({ label: 'English' });
    }, 90_000);
  },
);
