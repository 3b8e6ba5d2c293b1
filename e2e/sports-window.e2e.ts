import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/shared/money.ts';
import { chromiumAvailable, DESKTOP, useBrowser } from './support/browser.ts';
import { fundedMember, memberCall } from './support/member.ts';
import { signInOperator, WINDOW_TRADERS } from './support/operator.ts';
import { priceButton, showCard } from './support/sports-listing.ts';
import { signInTrader, type TradedEvent, type TraderCall, tradeMatches } from './support/trader.ts';

const tag = `w${Date.now().toString(36)}`;

/** The slip's figures as the window shows them (digits only: the locale's separators dropped). */
const figure = async (w: Page, id: string) =>
  Number((await w.getByTestId(id).innerText()).replace(/\D/g, ''));
/** Presses "place" and waits for the receipt of the new bet (not the one shown before). */
async function placeAndWaitForReceipt(w: Page): Promise<void> {
  const before = await w.getByTestId('ticket').allInnerTexts();
  await w.getByTestId('place').click();
  await expect
    .poll(async () => {
      const now = await w.getByTestId('ticket').allInnerTexts();
      return now.length > 0 && now.every((t) => !before.includes(t));
    })
    .toBe(true);
}
/** An amount of satang as the Thai site shows it (฿200.00). */
const baht = (satang: number) => formatMoney(satang, 'THB', 'th');
/** The slip's names of a 1x2 pick in Thai: a placed bet must keep them (the receipt, my bets, the proof). */
const TH_HOME = 'ผลการแข่งขัน · เจ้าบ้าน';
const TH_AWAY = 'ผลการแข่งขัน · ทีมเยือน';

describe.runIf(chromiumAvailable)('the sports window on a desktop (Thai, the default)', () => {
  const b = useBrowser(DESKTOP);
  let trader: TraderCall;
  let matches: TradedEvent[];
  let w: Page;
  let memberId = '';

  it('refuses a guest with msg2001 from the home page’s sports tab', async () => {
    await b.page.goto('/');
    await b.page.getByRole('tab', { name: 'กีฬา' }).click();
    await b.page.getByTestId('sport-tiles').getByRole('button').first().click();
    await b.page.getByText('กรุณาเข้าสู่ระบบก่อน').waitFor();
    await b.screenshot('sports-guest-refused');
    await b.page.keyboard.press('Escape');
  });

  it('a member opens the window from the sports tile (the loading dialog, a 1400×800 window)', async () => {
    trader = await signInTrader(WINDOW_TRADERS[0]);
    matches = await tradeMatches(trader, tag, [
      { home: 'Amber Foxes', away: 'Basalt Owls', prices: ['2.0', '3.4', '4.2'] },
      { home: 'Cobalt Herons', away: 'Dune Lynxes', prices: ['3.0', '3.3', '2.4'] },
      { home: 'Ember Stags', away: 'Fjord Wolves', prices: ['4.0', '3.6', '1.9'] },
      { home: 'Granite Bears', away: 'Harbor Seals', prices: ['1.8', '3.5', '4.5'], live: true },
    ]);
    memberId = await fundedMember(b.page, 'sw', 200_000);
    await b.page.goto('/');
    await b.page.getByRole('tab', { name: 'กีฬา' }).click();
    const [popup] = await Promise.all([
      b.context.waitForEvent('page'),
      b.page.getByTestId('sport-tiles').getByRole('button').first().click(),
    ]);
    // The site's 4-s loading dialog (SPEC §4) shows while the window opens.
    expect(await b.page.locator('dialog[open]').count()).toBe(1);
    w = popup;
    await w.waitForLoadState();
    expect(new URL(w.url()).pathname).toBe('/sports');
    await showCard(w, matches[0]!.id);
    await expect.poll(() => figure(w, 'slip-balance')).toBe(200_000);
    await w.setViewportSize(DESKTOP);
    await w.screenshot({ path: 'e2e/screenshots/sports-window-list-th.png' });
  });

  it('places a single: the slip’s return is the server’s, a receipt, the balance moves', async () => {
    await (await priceButton(w, matches[0]!.id, 'home')).click();
    await w.getByTestId('stake').fill('100');
    // Typed in baht, as the window shows money: 100 is ฿100.00 (it was read as 100 satang).
    expect(await figure(w, 'total-stake')).toBe(10_000);
    expect(await figure(w, 'potential-return')).toBe(20_000);
    await placeAndWaitForReceipt(w);
    const receipt = w.getByTestId('receipt');
    expect(await figure(w, 'receipt-return')).toBe(20_000);
    expect(await receipt.getByTestId('ticket').innerText()).toMatch(/^#\d+$/);
    // The pick reads on the receipt as it read on the slip; the teams keep their names.
    expect(await receipt.innerText()).toContain(`Amber Foxes v Basalt Owls · ${TH_HOME}`);
    await expect.poll(() => figure(w, 'slip-balance')).toBe(190_000);
    await w.screenshot({ path: 'e2e/screenshots/sports-window-receipt-th.png' });
  });

  it('places a 3-leg multiple and a Trixie', async () => {
    for (const m of matches.slice(0, 3)) await (await priceButton(w, m.id, 'home')).click();
    await w.getByRole('tab', { name: 'สเต็ป' }).click();
    await w.getByTestId('stake').fill('10');
    expect(await figure(w, 'lines')).toBe(1);
    // 2.0 × 3.0 × 4.0 = 24
    expect(await figure(w, 'potential-return')).toBe(24_000);
    await placeAndWaitForReceipt(w);
    expect(await figure(w, 'receipt-return')).toBe(24_000);

    for (const m of matches.slice(0, 3)) await (await priceButton(w, m.id, 'home')).click();
    await w.getByRole('tab', { name: 'ระบบ' }).click();
    await w.getByTestId('system').selectOption('trixie');
    await w.getByTestId('stake').fill('10');
    expect(await figure(w, 'lines')).toBe(4);
    expect(await figure(w, 'total-stake')).toBe(4_000);
    // 6 + 8 + 12 + 24 a unit (SPORTSBOOK.md's Trixie)
    expect(await figure(w, 'potential-return')).toBe(50_000);
    await w.screenshot({ path: 'e2e/screenshots/sports-window-trixie-th.png' });
    await placeAndWaitForReceipt(w);
    expect(await figure(w, 'receipt-stake')).toBe(4_000);
    await expect.poll(() => figure(w, 'slip-balance')).toBe(190_000 - 1_000 - 4_000);
  });

  it('shows a price the trader moves while it is on the slip, and handles it by the member’s choice', async () => {
    const m = matches[1]!;
    await (await priceButton(w, m.id, 'away')).click();
    await w.getByTestId('stake').fill('10');
    await trader('POST', `/sports/markets/${m.marketId}/prices`, {
      prices: [{ key: 'away', price: '2.6', format: 'decimal' }],
    });
    const leg = w.getByTestId('slip-leg');
    await expect.poll(() => leg.getAttribute('data-moved')).toBe('1');
    await w.getByTestId('price-moved').waitFor();
    expect(await w.getByTestId('old-price').innerText()).toBe('2.40');
    expect(await w.getByTestId('slip-price').innerText()).toContain('2.60');
    await w.screenshot({ path: 'e2e/screenshots/sports-window-price-moved-th.png' });
    // "Accept no change": refused (409), with the reason.
    b.allow4xx({ status: 409, method: 'POST', path: '/sports/api/place' });
    await w.getByRole('radio').nth(0).check();
    await w.getByTestId('place').click();
    await expect.poll(() => w.getByTestId('refusal').getAttribute('data-refusal')).toBe('price_changed');
    expect(await w.getByTestId('refusal').innerText()).toContain('ราคาเปลี่ยนแล้ว');
    // "Accept better prices" (remembered): the longer price is taken.
    await w.getByRole('radio').nth(1).check();
    await placeAndWaitForReceipt(w);
    expect(await w.getByTestId('receipt').innerText()).toContain('2.60');
    expect(await w.getByTestId('receipt').innerText()).toContain(`Cobalt Herons v Dune Lynxes · ${TH_AWAY}`);
    await w.reload();
    await showCard(w, m.id);
    await (await priceButton(w, m.id, 'draw')).click();
    expect(await w.getByRole('radio').nth(1).isChecked()).toBe(true);
    await w.getByTestId('slip-leg').getByRole('button').click();
  });

  it('moves a live price on screen without a reload, with the live notice', async () => {
    const live = matches[3]!;
    await w.getByTestId('nav-live').click();
    await w.getByTestId('live-notice').waitFor();
    const home = await priceButton(w, live.id, 'home');
    expect(await home.getAttribute('data-price')).toBe('9/5');
    await w.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await trader('POST', `/sports/markets/${live.marketId}/prices`, {
      prices: [{ key: 'home', price: '1.5', format: 'decimal' }],
    });
    await expect.poll(() => home.getAttribute('data-price')).toBe('3/2');
    // The arrow follows the new price by a render (an effect sees the move), and stays for 4 s.
    await expect.poll(() => home.getAttribute('data-move')).toBe('down');
    await trader('POST', `/sports/events/${live.id}/state`, { score: { home: 1, away: 0, clock: "23'" } });
    await expect
      .poll(() => w.locator(`[data-event="${live.id}"] [data-testid="score"]`).innerText())
      .toBe('1–0');
    await trader('POST', `/sports/markets/${live.marketId}/status`, { open: false });
    await expect.poll(() => home.isDisabled()).toBe(true);
    expect(await w.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await w.screenshot({ path: 'e2e/screenshots/sports-window-live-th.png' });
  });

  it('shows a match the book opens while the window is open, without a reload', async () => {
    await w.getByTestId('nav-sports').click();
    await w.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const [opened] = await tradeMatches(trader, `${tag}n`, [
      { home: 'Quartz Rovers', away: 'Rowan Athletic', prices: ['2.2', '3.1', '3.3'] },
    ]);
    await showCard(w, opened!.id);
    expect(await (await priceButton(w, opened!.id, 'home')).getAttribute('data-price')).toBe('11/5');
    expect(await w.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('keeps the slip in view beside the list as the member scrolls down it', async () => {
    await w.getByTestId('nav-sports').click();
    await w.getByTestId('event').first().waitFor();
    await w.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => w.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    // A price picked far down the list lands on a slip the member can see, not one scrolled away.
    const slip = (await w.getByTestId('slip').boundingBox())!;
    expect(slip.y).toBeGreaterThanOrEqual(-1);
    expect(slip.y).toBeLessThan(80);
    await w.screenshot({ path: 'e2e/screenshots/sports-window-scrolled-th.png' });
    await w.evaluate(() => window.scrollTo(0, 0));
  });

  it('settled by the trader: the member sees the return, the balance and the proof; then a resettlement with its reason', async () => {
    const before = await figure(w, 'slip-balance');
    const first = matches[0]!;
    // The trader enters the result on the back office's trading desk (in the member's browser, another tab's role).
    await signInOperator(b, WINDOW_TRADERS[2]);
    await b.page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Trading' })
      .click();
    const market = b.page
      .getByTestId(`event-${first.id}`)
      .getByRole('region', { name: 'Market Match result' });
    const result = market.getByRole('form', { name: 'Match result result' });
    await result.getByLabel('Home').fill('2');
    await result.getByLabel('Away').fill('0');
    await result.getByRole('button', { name: 'Enter result' }).click();
    // The desk asks first, naming the match and the result; only then is it sent.
    const dialog = b.page.getByRole('dialog', { name: 'Enter this result?' });
    expect(await dialog.getByTestId('dialog-result').innerText()).toBe('2–0');
    await dialog.getByRole('button', { name: 'Yes, enter result' }).click();
    await market
      .getByText(/Result confirmed/)
      .first()
      .waitFor();
    await b.screenshot('sports-window-desk-settles');
    // The single on match 1 won 20,000; the multiple and the Trixie still wait for their other legs.
    await expect.poll(() => figure(w, 'slip-balance')).toBe(before + 20_000);
    await w.getByTestId('nav-bets').click();
    const single = w.locator('[data-testid="bet"][data-status="settled"]').first();
    await single.waitFor();
    // Stakes and returns are satang on the Thai site: the 20,000 won back reads ฿200.00.
    expect(await single.getByTestId('bet-return').innerText()).toContain(baht(20_000));
    expect(await single.getByTestId('bet-leg').getAttribute('data-state')).toBe('won');
    await single.getByTestId('show-proof').click();
    const proof = single.getByTestId('proof');
    await proof.waitFor();
    expect(await single.getByTestId('bet-leg').innerText()).toContain(
      `Amber Foxes v Basalt Owls · ${TH_HOME}`,
    );
    expect(await proof.getByTestId('proof-leg').innerText()).toContain(
      `Amber Foxes v Basalt Owls · ${TH_HOME}`,
    );
    // The result came from the trading desk, said in Thai.
    expect(await proof.getByTestId('proof-leg').innerText()).toContain('ทีมเทรดของเว็บ');
    expect(await w.getByTestId('my-bets').innerText()).not.toMatch(/Match result|· (home|draw|away)\b|desk/);
    // Times count years as the date filters do (2026), not in the Buddhist era Thai defaults to (2569).
    const thisYear = String(new Date().getFullYear());
    expect(await w.getByTestId('my-bets').innerText()).toContain(thisYear);
    expect(await w.getByTestId('my-bets').innerText()).not.toContain(String(Number(thisYear) + 543));
    expect(await proof.getByTestId('proof-return').innerText()).toContain(baht(20_000));
    expect(await w.getByTestId('totals').innerText()).toContain(`+${baht(10_000)}`);
    await w.screenshot({ path: 'e2e/screenshots/sports-window-proof-th.png', fullPage: true });

    // The trader corrects the score: match 1 was a draw. The single is resettled to 0, with the reason.
    await trader('POST', `/sports/markets/${first.marketId}/correct`, {
      result: { kind: 'score', home: 1, away: 1 },
      reason: 'score entered wrongly',
    });
    await expect.poll(() => figure(w, 'slip-balance')).toBe(before);
    await w.getByTestId('state').selectOption('settled');
    await w.getByTestId('state').selectOption('');
    const corrected = w.locator('[data-testid="bet"]').filter({ hasText: 'score entered wrongly' }).first();
    await corrected.waitFor();
    // The resettlement says what its amount is: the bet's new return.
    expect(await corrected.getByTestId('corrections').innerText()).toMatch(
      /^สรุปผลใหม่ · ผลตอบแทนใหม่ ฿0\.00 · /,
    );
    expect(await corrected.getByTestId('bet-leg').getAttribute('data-state')).toBe('lost');
    await w.screenshot({ path: 'e2e/screenshots/sports-window-resettled-th.png', fullPage: true });

    // The member site's own bet history lists the bets, each linking to its proof in the window.
    const list = (await memberCall(b.page, 'get-slot-bets-list', { kind: 'sport' })).list as {
      verifyUrl: string;
    }[];
    expect(list.length).toBe(4);
    expect(list.every((r) => /^\/sports\?bet=\d+$/.test(r.verifyUrl))).toBe(true);
    await b.page.goto('/user');
    await b.page.evaluate(() => localStorage.setItem('lang', 'th'));
    const link = b.page.getByTestId('bets').getByRole('link').first();
    await link.waitFor();
    const [proofPage] = await Promise.all([b.context.waitForEvent('page'), link.click()]);
    await proofPage.getByTestId('my-bets').waitFor();
    await proofPage.getByTestId('proof').or(proofPage.getByTestId('bet')).first().waitFor();
    await proofPage.setViewportSize(DESKTOP);
    await proofPage.screenshot({ path: 'e2e/screenshots/sports-window-proof-link-th.png' });
    expect(memberId).not.toBe('');
  });
});
