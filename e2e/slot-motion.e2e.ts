import { describe, expect, it } from 'vitest';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { chooseSiteLanguage, openGameWindow } from './support/play.ts';

describe.runIf(chromiumAvailable)('slot motion on a throttled phone', () => {
  const b = useBrowser(PHONE);

  it('spinning reels run on the compositor: no layout while they spin, frame rate measured', async () => {
    await fundedMember(b.page, 'slotmotion', 1_000_000);
    await chooseSiteLanguage(b.page, 'en');
    // The jackpot meter's pushed updates are not the reels' work either: its stream stays shut, so the
    // meter falls back to the poll answered below.
    await b.page.route('**/api/live/jackpot', (route) => route.fulfill({ status: 204 }));
    await openGameWindow(b.page, 'golden-dragon', 'royal-slots');
    const cdp = await b.context.newCDPSession(b.page);
    await cdp.send('Performance.enable');
    // The jackpot meter's own refresh is not the reels' work: it is answered with its first amount meanwhile.
    let jackpot: { status: number; body: Buffer; headers: Record<string, string> } | null = null;
    await b.page.route('**/api/routes/get-jackpot', async (route) => {
      if (!jackpot) {
        const first = await route.fetch();
        jackpot = { status: first.status(), body: await first.body(), headers: first.headers() };
      }
      await route.fulfill(jackpot);
    });
    // Hold the server's answer so the reels spin steadily while they are measured, until released.
    let asked = () => {};
    let release = () => {};
    await b.page.route('**/house/api/spin', async (route) => {
      asked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await route.continue();
    });
    const layoutCount = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'LayoutCount')!.value;
    /** Frame gaps over 1.2 s of spinning, and the layouts done meanwhile. */
    const measure = async (throttle: number) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      const spinAsked = new Promise<void>((resolve) => {
        asked = resolve;
      });
      await b.page.getByTestId('spin').click();
      // The spin has started (the reels are set spinning before the request) and all five spinning
      // strips are in place, drawn for two frames: the layout of starting the spin is over.
      await spinAsked;
      await b.page.waitForFunction(
        () => document.querySelectorAll('[data-testid=reels] > div > [aria-hidden=true]').length === 5,
      );
      await b.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const before = await layoutCount();
      const gaps = await b.page.evaluate(
        () =>
          new Promise<number[]>((resolve) => {
            const seen: number[] = [];
            const start = performance.now();
            let last = start;
            const tick = (now: number) => {
              seen.push(now - last);
              last = now;
              if (now - start < 1_200) requestAnimationFrame(tick);
              else resolve(seen.slice(1));
            };
            requestAnimationFrame(tick);
          }),
      );
      const layouts = (await layoutCount()) - before;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      release();
      await expect.poll(() => b.page.getByTestId('spin').isEnabled(), { timeout: 30_000 }).toBe(true);
      const fps = (1000 * gaps.length) / gaps.reduce((s, g) => s + g, 0);
      console.log(
        `spinning reels, CPU ×${throttle}: ${fps.toFixed(1)} fps, ${gaps.filter((g) => g > 20).length} of ${gaps.length} frames over 20 ms, ${layouts} layouts`,
      );
      return layouts;
    };
    // A mid-range phone: about a quarter of this machine's single-core speed.
    for (const throttle of [1, 4]) expect(await measure(throttle)).toBe(0);
    await b.page.unroute('**/house/api/spin');
    await b.page.unroute('**/api/routes/get-jackpot');
    await b.page.unroute('**/api/live/jackpot');
  }, 90_000);
});
