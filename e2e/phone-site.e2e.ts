import { describe, expect, it } from 'vitest';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';

const POPUP = '[DEMO] Welcome bonus';
const EIGHT_HOURS = 28_800_000;

describe.runIf(chromiumAvailable)('the site on a 360-px phone', () => {
  const b = useBrowser(PHONE, { keepPopups: true });
  const popup = () => b.page.getByRole('dialog', { name: POPUP });

  /** The popup's box and the top of the phone tab bar. */
  async function placement() {
    const box = (await popup().boundingBox())!;
    const bar = (await b.page.locator('[data-phone-tab-bar]').boundingBox())!;
    const { width } = b.page.viewportSize()!;
    return { box, barTop: bar.y, width };
  }

  it('shows a Thai guest the whole header with the log-in button on screen', async () => {
    await b.page.goto('/');
    await popup().waitFor();
    const login = (await b.page.getByRole('button', { name: 'เข้าสู่ระบบ' }).boundingBox())!;
    expect(login.x + login.width).toBeLessThanOrEqual(360);
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await b.screenshot('phone-home-guest-th');
  });

  it('keeps a popup dragged off any edge on screen, above the tab bar, also after the screen turns', async () => {
    const drag = async (dx: number, dy: number) => {
      const handle = (await popup().getByText(POPUP).boundingBox())!;
      await b.page.mouse.move(handle.x + 10, handle.y + 10);
      await b.page.mouse.down();
      await b.page.mouse.move(handle.x + 10 + dx, handle.y + 10 + dy, { steps: 4 });
      await b.page.mouse.up();
    };
    for (const [dx, dy] of [
      [-600, -600],
      [600, 900],
      [-50, 2000],
    ] as const) {
      await drag(dx, dy);
      const { box, barTop, width } = await placement();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(barTop);
    }
    await b.page.setViewportSize({ width: 740, height: 360 });
    await expect
      .poll(async () => {
        const { box, barTop } = await placement();
        return box.y + box.height <= barTop && box.x + box.width <= 740;
      })
      .toBe(true);
    await b.page.setViewportSize(PHONE);
    await expect
      .poll(async () => {
        const { box, barTop } = await placement();
        return box.y + box.height <= barTop && box.x + box.width <= 360 && box.x >= 0;
      })
      .toBe(true);
    await popup().getByRole('button', { name: 'ปิด' }).waitFor();
    await b.screenshot('phone-popup-dragged-th');
  });

  it('hides a popup for 8 hours (SPEC §9 28,800,000 ms), while Close lasts one load', async () => {
    await popup().getByRole('button', { name: 'ไม่แสดงอีก 8 ชั่วโมง' }).click();
    await popup().waitFor({ state: 'detached' });
    const stamp = Number(
      await b.page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('pop_'))?.[1]),
    );
    expect(stamp).toBeGreaterThan(0);
    const hideAgo = async (ms: number) => {
      await b.page.evaluate((ms) => {
        for (const key of Object.keys(localStorage)) {
          if (key.startsWith('pop_')) localStorage.setItem(key, String(Date.now() - ms));
        }
      }, ms);
      await b.page.reload();
      await b.page.getByRole('link', { name: 'หน้าแรก' }).waitFor();
    };
    await hideAgo(EIGHT_HOURS - 5_000);
    await b.page.getByText('Royal Baccarat').first().waitFor();
    expect(await popup().count()).toBe(0);
    await hideAgo(EIGHT_HOURS);
    await popup().waitFor();
    await popup().getByRole('button', { name: 'ปิด' }).click();
    await popup().waitFor({ state: 'detached' });
    await b.page.reload();
    await popup().waitFor();
  });
});
