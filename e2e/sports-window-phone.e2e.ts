import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { WINDOW_TRADERS } from './support/operator.ts';
import { auditPage, countRequestsInFlight, settle } from './support/page-audit.ts';
import { priceButton, showCard } from './support/sports-listing.ts';
import { signInTrader, type TradedEvent, type TraderCall, tradeMatches } from './support/trader.ts';

const LOCALES = ['th', 'en', 'ko', 'jp', 'vn'] as const;
/** The book's sport `football` (named "Football" by its feed), as each language names it. */
const FOOTBALL = { th: 'ฟุตบอล', en: 'Football', ko: '축구', jp: 'サッカー', vn: 'Bóng đá' };
/** A 1x2 home pick as the slip names it in each language: a placed bet keeps the same words. */
const HOME_PICK = {
  th: 'ผลการแข่งขัน · เจ้าบ้าน',
  en: 'Match result · Home',
  ko: '승무패 · 홈',
  jp: '試合結果 · ホーム',
  vn: 'Kết quả trận đấu · Chủ nhà',
};
const tag = `p${Date.now().toString(36)}`;
const figure = async (w: Page, id: string) =>
  Number((await w.getByTestId(id).innerText()).replace(/\D/g, ''));

/** Hides the operator's popup notices for today, as a member would, once they have shown. */
async function hidePopups(page: Page): Promise<void> {
  const hide = page.getByTestId('popup-hide-today').first();
  await hide.waitFor({ timeout: 3_000 }).catch(() => undefined);
  for (let i = 0; i < 10 && (await hide.isVisible()); i++) await hide.click();
}

/**
 * The sports window on a 360-px phone, in Korean: opened from the phone's left sidebar, a single and a
 * 3-leg multiple through the slip's bottom sheet; then a walk of the window in all five languages:
 * no raw key, no stray English, nothing wider than the screen.
 */
describe.runIf(chromiumAvailable)('the sports window on a 360-px phone', () => {
  // The operator's popups are hidden here before the sidebar opens (the shared handler's Escape would close it).
  const b = useBrowser(PHONE, { keepPopups: true });
  let trader: TraderCall;
  let matches: TradedEvent[];
  let w: Page;

  it('refuses a guest from the left sidebar with msg2001 (Korean)', async () => {
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.setItem('lang', 'ko'));
    await b.page.goto('/');
    await hidePopups(b.page);
    await b.page.getByRole('button', { name: '게임' }).click();
    await b.page.getByTestId('drawer-sport').first().click();
    await b.page.getByText('먼저 로그인해 주세요.').waitFor({ timeout: 5_000 });
    await b.screenshot('sports-phone-guest-refused-ko');
    await b.page.keyboard.press('Escape');
  });

  it('a member opens the window from the sidebar and places a single and a 3-leg multiple', async () => {
    trader = await signInTrader(WINDOW_TRADERS[1]);
    matches = await tradeMatches(trader, tag, [
      { home: 'Ivory Cranes', away: 'Jade Otters', prices: ['1.5', '3.8', '6.0'] },
      { home: 'Kestrel Park', away: 'Lumen Town', prices: ['2.2', '3.1', '3.3'] },
      { home: 'Marsh Rangers', away: 'Nimbus City', prices: ['2.5', '3.2', '2.9'] },
      { home: 'Onyx Harriers', away: 'Pine Vale', prices: ['2.1', '3.3', '3.5'], live: true },
    ]);
    await fundedMember(b.page, 'swp', 100_000);
    await b.page.goto('/');
    await hidePopups(b.page);
    await b.page.getByRole('button', { name: '게임' }).click();
    const [popup] = await Promise.all([
      b.context.waitForEvent('page'),
      b.page.getByTestId('drawer-sport').first().click(),
    ]);
    w = popup;
    await w.setViewportSize(PHONE);
    await w.addInitScript(countRequestsInFlight);
    await showCard(w, matches[0]!.id);
    await w.screenshot({ path: 'e2e/screenshots/sports-phone-list-ko.png' });

    await (await priceButton(w, matches[0]!.id, 'home')).click();
    await w.getByTestId('slip-toggle').click();
    await w.getByTestId('stake').fill('20');
    expect(await figure(w, 'potential-return')).toBe(3_000);
    await w.screenshot({ path: 'e2e/screenshots/sports-phone-slip-ko.png' });
    await w.getByTestId('place').click();
    await w.getByTestId('receipt').waitFor();
    await expect.poll(() => figure(w, 'slip-balance')).toBe(98_000);
    await w.getByTestId('slip-toggle').click();

    for (const m of matches.slice(0, 3)) await (await priceButton(w, m.id, 'home')).click();
    await w.getByTestId('slip-toggle').click();
    await w.getByRole('tab', { name: '멀티' }).click();
    await w.getByTestId('stake').fill('10');
    // 1.5 × 2.2 × 2.5 = 8.25
    expect(await figure(w, 'potential-return')).toBe(8_250);
    await w.getByTestId('place').click();
    await expect.poll(() => w.getByTestId('receipt').count()).toBe(1);
    await expect.poll(() => figure(w, 'receipt-return')).toBe(8_250);
    const receipt = await w.getByTestId('receipt').innerText();
    await w.screenshot({ path: 'e2e/screenshots/sports-phone-receipt-ko.png', fullPage: true });
    await w.getByTestId('slip-toggle').click();
    // Something to prove in every language: the trader settles match 1.
    await trader('POST', `/sports/markets/${matches[0]!.marketId}/result`, {
      result: { kind: 'score', home: 3, away: 1 },
    });
    // The receipt names each pick as the slip did, in Korean; the teams keep their names.
    for (const event of [
      'Ivory Cranes v Jade Otters',
      'Kestrel Park v Lumen Town',
      'Marsh Rangers v Nimbus City',
    ])
      expect(receipt).toContain(`${event} · ${HOME_PICK.ko}`);
  });

  it('reads in all five languages within 360 px: list, live, event, slip, my bets and a proof', async () => {
    const problems: string[] = [];
    const audit = async (where: string, locale: string) => {
      for (const p of await auditPage(w, { locale, allowed: [] })) problems.push(`${where} ${locale}: ${p}`);
    };
    for (const locale of LOCALES) {
      await w.evaluate((l) => localStorage.setItem('lang', l), locale);
      await w.reload();
      await showCard(w, matches[0]!.id);
      await settle(w, '[data-testid="event"]');
      await audit('list', locale);
      // The three tabs each whole, on one line, within the screen (Vietnamese "Cược của tôi" was cut).
      for (const tab of await w.locator('[data-testid^="nav-"]').all()) {
        const box = (await tab.boundingBox())!;
        if (box.x < 0 || box.x + box.width > PHONE.width || box.height > 44)
          problems.push(
            `nav ${locale}: "${await tab.innerText()}" at ${box.x}..${box.x + box.width}, ${box.height} px high`,
          );
      }
      // The way back to the site, whole on the header's line, in every language.
      const back = (await w.getByTestId('sports-to-site').boundingBox())!;
      const rules = (await w.getByTestId('nav-rules').boundingBox())!;
      if (back.x + back.width > PHONE.width || Math.abs(back.y - rules.y) > 4)
        problems.push(
          `header ${locale}: ✕ at ${back.x}..${back.x + back.width}, y ${back.y} (rules y ${rules.y})`,
        );
      expect(await w.getByTestId('competition').first().locator('h2').textContent()).toMatch(
        new RegExp(`^${FOOTBALL[locale]} · `),
      );
      if (locale === 'th' || locale === 'jp')
        await w.screenshot({ path: `e2e/screenshots/sports-walk-list-${locale}.png` });
      await w.getByTestId('nav-live').click();
      await w.getByTestId('live-notice').waitFor();
      await audit('live', locale);
      await w.getByTestId('nav-sports').click();
      await (await showCard(w, matches[1]!.id)).locator('button').first().click();
      await w.getByTestId('event-page').waitFor();
      await audit('event', locale);
      await (await priceButton(w, matches[1]!.id, 'away')).click();
      await w.getByTestId('slip-toggle').click();
      await w.getByTestId('stake').fill('10');
      await audit('slip', locale);
      if (locale === 'th' || locale === 'vn')
        await w.screenshot({ path: `e2e/screenshots/sports-walk-slip-${locale}.png` });
      await w.getByTestId('slip-leg').getByRole('button').click();
      await w.getByTestId('slip-toggle').click();
      await w.getByTestId('nav-bets').click();
      const settled = w.locator('[data-testid="bet"][data-status="settled"]').first();
      await settled.waitFor();
      await settled.getByTestId('show-proof').click();
      await settled.getByTestId('proof').waitFor();
      await audit('my bets', locale);
      // The settled single on match 1 reads as the slip read, in the bet and in its proof.
      const pick = `Ivory Cranes v Jade Otters · ${HOME_PICK[locale]}`;
      expect(await settled.getByTestId('bet-leg').innerText()).toContain(pick);
      expect(await settled.getByTestId('proof-leg').innerText()).toContain(pick);
      if (locale !== 'en')
        expect(await w.getByTestId('my-bets').innerText()).not.toMatch(
          /Match result|· (home|draw|away)\b|desk/,
        );
      // Scrolled to the end, the last bet clears the floating slip button.
      await w.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastBet = (await w.getByTestId('bet').last().boundingBox())!;
      const toggle = (await w.getByTestId('slip-toggle').boundingBox())!;
      if (lastBet.y + lastBet.height > toggle.y)
        problems.push(`my bets ${locale}: the last bet ends under the slip button`);
      await w.evaluate(() => window.scrollTo(0, 0));
      if (locale === 'th' || locale === 'ko')
        await w.screenshot({ path: `e2e/screenshots/sports-walk-bets-${locale}.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("the ✕ closes the window the site opened; in the site's own tab it goes to the home page", async () => {
    const sportsUrl = w.url();
    await w.getByTestId('sports-to-site').click();
    await expect.poll(() => w.isClosed()).toBe(true);
    // A blocked pop-up opens the book in the site's tab: ✕ there leads home, not nowhere.
    await b.page.goto(sportsUrl);
    await b.page.getByTestId('sports-to-site').click();
    await b.page.waitForURL((url) => url.pathname === '/');
    await b.page.locator('#root main[data-route="/"]').waitFor();
  });
});
