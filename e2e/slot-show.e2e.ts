import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GOLDEN_DRAGON } from '../src/shared/games/machines/golden-dragon.ts';
import { playSpin } from '../src/shared/games/slot-machine.ts';
import { syncRoundDraw } from '../test/support/slot-simulation.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { balanceIn, chooseSiteLanguage, openGameWindow } from './support/play.ts';

/** What the show has on screen at one moment: the banner's text, the reels' resting symbols, reels spinning. */
interface Frame {
  banner: string | null;
  grid: (string | null)[][];
  spinning: number;
}

/** Records a frame at every change of the page, from now on (read with `shownFrames`). */
const recordFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { showFrames: Frame[] };
    w.showFrames = [];
    let last = '';
    const snap = () => {
      const reels = [...document.querySelectorAll('[data-testid=reels] > div')];
      const frame = {
        banner: document.querySelector('[data-testid=feature-banner]')?.textContent ?? null,
        // A reel's resting symbols are its first child's; a spinning reel adds its strip beside them.
        grid: reels.map((reel) =>
          [...(reel.firstElementChild?.querySelectorAll('svg[data-symbol]') ?? [])].map((s) =>
            s.getAttribute('data-symbol'),
          ),
        ),
        spinning: document.querySelectorAll('[data-testid=reels] > div > [aria-hidden=true]').length,
      };
      const key = JSON.stringify(frame);
      if (key !== last) w.showFrames.push(frame);
      last = key;
    };
    new MutationObserver(snap).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
const shownFrames = (page: Page) =>
  page.evaluate(() => (window as unknown as { showFrames: Frame[] }).showFrames);

/** The whole number in a text ("ฟรีสปินได้ 1,200" → 1200). */
const amountIn = (text: string) => Number(text.replace(/[^\d]/g, ''));

/**
 * The free-spins show: the page is handed a real engine outcome with free spins (found by seed), as if
 * the server had settled it. No money moves in this test. What a player sees is checked against that
 * outcome: the announcement, each free spin's reels and running total, and the total win presented.
 */
describe.runIf(chromiumAvailable)('the free-spins show', () => {
  const b = useBrowser(PHONE);

  it('announces the free spins, plays each one and presents the total', async () => {
    let nonce = 0;
    let outcome = playSpin(GOLDEN_DRAGON, syncRoundDraw('show', 'look', nonce));
    while (outcome.feature?.kind !== 'freeSpins' || outcome.multiplier < 100) {
      outcome = playSpin(GOLDEN_DRAGON, syncRoundDraw('show', 'look', ++nonce));
    }
    const feature = outcome.feature;
    const lineBet = 100;
    const payout = outcome.multiplier * lineBet;
    // The free spins' running total after each one, as the banner shows it.
    const runningTotals = feature.spins.map((_, i) =>
      feature.spins.slice(0, i + 1).reduce((sum, s) => sum + s.pay * feature.winMultiplier * lineBet, 0),
    );
    expect(feature.spins).toHaveLength(8);
    expect(feature.winMultiplier).toBe(3);
    // The spins' wins are the whole of the win: nothing else for the total to come from.
    expect(outcome.pay * lineBet + runningTotals.at(-1)!).toBe(payout);

    await fundedMember(b.page, 'slotshow', 1_000_000);
    await chooseSiteLanguage(b.page, 'th');
    await openGameWindow(b.page, 'golden-dragon', 'royal-slots');
    await b.page.route('**/house/api/spin', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'success',
          roundId: 'H1',
          outcome,
          stake: 10 * lineBet,
          payout,
          balance: 1_234_500,
          nonce: 0,
        }),
      }),
    );
    await recordFrames(b.page);
    await b.page.getByTestId('spin').click();
    await b.page.getByText('ฟรีสปิน 8 ครั้ง!').waitFor({ timeout: 20_000 });
    await b.screenshot('slot-free-spins-banner-th-phone');
    // The fourth free spin's reels at rest, for the screenshot.
    await b.page.waitForFunction(
      () =>
        document.querySelector('[data-testid=feature-banner]')?.textContent?.includes('ฟรีสปินที่ 4 จาก 8') &&
        document.querySelectorAll('[data-testid=reels] > div > [aria-hidden=true]').length === 0,
      undefined,
      { timeout: 30_000, polling: 'raf' },
    );
    await b.screenshot('slot-free-spin-4-th-phone');
    const celebration = b.page.getByTestId('celebration');
    await celebration.waitFor({ timeout: 40_000 });
    // The celebration counts up to the whole win, free spins included.
    expect(Number(await celebration.getByTestId('win-amount').getAttribute('data-amount'))).toBe(payout);
    await expect
      .poll(async () => amountIn((await celebration.getByTestId('win-amount').textContent()) ?? ''), {
        timeout: 10_000,
      })
      .toBe(payout);
    await b.screenshot('slot-celebration-th-phone');
    // When the count ends the celebration leaves the screen: the total rests in the win bar, the
    // balance is the server's, and the buttons under it answer a tap again.
    await celebration.waitFor({ state: 'detached', timeout: 10_000 });
    const rested = b.page.getByTestId('win-bar').getByTestId('win-amount');
    // (its figure is written on the next animation frame)
    await expect.poll(async () => amountIn((await rested.textContent()) ?? '')).toBe(payout);
    expect(await balanceIn(b.page)).toBe(1_234_500);
    await b.page.getByRole('button', { name: 'ตารางจ่าย' }).click({ timeout: 5_000 });
    await b.page.getByTestId('paytable').waitFor();

    // What the show put on screen, in order.
    const frames = await shownFrames(b.page);
    const atRest = (f: Frame) => f.spinning === 0;
    let at = frames.findIndex((f) => f.banner?.includes('ฟรีสปิน 8 ครั้ง!') && f.banner.includes('ทุกการชนะ ×3'));
    expect(at, 'the free spins are announced').toBeGreaterThanOrEqual(0);
    // The paid spin's reels rest on its own symbols under the announcement.
    expect(frames[at]!.grid).toEqual(outcome.window);
    for (const [i, spin] of feature.spins.entries()) {
      const shown = frames.findIndex(
        (f, k) =>
          k > at &&
          atRest(f) &&
          f.banner?.includes(`ฟรีสปินที่ ${i + 1} จาก 8`) &&
          amountIn(f.banner.split('ฟรีสปินได้')[1] ?? '') === runningTotals[i] &&
          JSON.stringify(f.grid) === JSON.stringify(spin.window),
      );
      expect(
        shown,
        `free spin ${i + 1}: its reels (${JSON.stringify(spin.window)}) and the total ${runningTotals[i]} after it; seen: ${JSON.stringify(
          frames
            .slice(at + 1)
            .filter(atRest)
            .slice(0, 12),
        )}`,
      ).toBeGreaterThan(at);
      at = shown;
    }
  }, 120_000);
});
