import { describe, expect, it } from 'vitest';
import { DEMO_POPUP } from '../src/server/db/seed-demo-content.ts';
import { formatMoney } from '../src/shared/money.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';

const POPUP = DEMO_POPUP.title;
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

  it('loads a guest page without the member health check (no 401), with a favicon', async () => {
    const refused: string[] = [];
    const onResponse = (r: { status(): number; url(): string }) => {
      if (r.status() === 401) refused.push(r.url());
    };
    b.page.on('response', onResponse);
    await b.page.goto('/notice');
    await b.page.getByRole('link', { name: 'หน้าแรก' }).waitFor();
    await b.page.waitForLoadState('networkidle');
    b.page.off('response', onResponse);
    expect(refused).toEqual([]);
    const icon = await b.page.locator('link[rel="icon"]').getAttribute('href');
    expect((await b.page.request.get(icon!)).status()).toBe(200);
  });

  it('answers an unknown path with the not-found page and HTTP 404', async () => {
    b.allow4xx({ status: 404, method: 'GET', path: '/no-such-page' });
    const res = await b.page.goto('/no-such-page');
    expect(res!.status()).toBe(404);
    await b.page.getByRole('link', { name: 'หน้าแรก' }).first().waitFor();
    expect((await b.page.goto('/notice'))!.status()).toBe(200);
  });

  it('marks Japanese and Vietnamese pages as ja and vi', async () => {
    for (const [locale, lang] of [
      ['jp', 'ja'],
      ['vn', 'vi'],
    ] as const) {
      await b.page.evaluate((l) => localStorage.setItem('lang', l), locale);
      await b.page.reload();
      await expect.poll(() => b.page.locator('html').getAttribute('lang')).toBe(lang);
    }
    await b.page.evaluate(() => localStorage.setItem('lang', 'th'));
  });

  it('lets a guest open the game lobby from the tab bar', async () => {
    await b.page.goto('/');
    await b.page.locator('[data-phone-tab-bar]').getByRole('link', { name: 'เกม' }).click();
    await b.page.waitForURL((url) => url.pathname === '/game');
  });

  it('docks the messenger contacts in the tab bar, over no page content', async () => {
    await fundedMember(b.page, 'phone', 300_000);
    await b.page.goto('/notice');
    const bar = b.page.locator('[data-phone-tab-bar]');
    const contact = bar.getByRole('button', { name: 'ติดต่อเรา' });
    await contact.waitFor();
    const dates = b.page.getByText(/^\d{4}-\d{2}-\d{2}$/);
    await dates.first().waitFor();
    const button = (await contact.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(barBox.y);
    // Whatever is under the contact button is the tab bar itself.
    const hit = await b.page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[data-phone-tab-bar]')),
      [button.x + button.width / 2, button.y + button.height / 2],
    );
    expect(hit).toBe(true);
    await contact.click();
    await expect.poll(() => bar.getByRole('listitem').count()).toBeGreaterThan(0);
    await b.screenshot('phone-messenger-dock-th');
    await contact.click();
  });

  it('shows a member the comp minimum and their own rates before they try', async () => {
    await b.page.goto('/comp');
    const terms = b.page.getByTestId('comp-terms');
    // The Thai demo site's minimum, 100 baht, in its money.
    const minimum = formatMoney(10_000, 'THB', 'th');
    await terms.getByText(minimum, { exact: true }).waitFor();
    await terms.getByText('ระดับ 1').waitFor();
    await terms.getByText('1% ของทุกเดิมพัน').waitFor();
    expect(await terms.getByText('0.5% ของทุกเดิมพัน').count()).toBe(2);
    await b.page.getByTestId('comp-progress').getByText(`อีก ${minimum} จึงจะแลกได้`).waitFor();
    expect(await b.page.getByRole('button', { name: 'แลกเป็นยอดเงิน' }).isDisabled()).toBe(true);
    await b.screenshot('phone-comp-th');
  });

  it('lists bets with their time and a verify link, pages through older ones and filters by kind', async () => {
    const gameUrl = await launch(b.page, 'lucky-sevens', 'royal-slots');
    const gameToken = new URL(gameUrl, 'http://x').searchParams.get('token')!;
    const spun = await b.page.evaluate(async (token) => {
      const call = (action: string, body: object) =>
        fetch(`/house/api/${action}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      await call('init', { token, game: 'lucky-sevens' });
      const rounds: string[] = [];
      for (let i = 0; i < 21; i++)
        rounds.push((await call('spin', { token, game: 'lucky-sevens', lineBet: 100 })).roundId);
      return rounds;
    }, gameToken);
    expect(spun.filter(Boolean)).toHaveLength(21);
    await b.page.goto('/user');
    // The operator's popup floats over the page; this test is about the lists below it.
    await popup().getByRole('button', { name: 'ไม่แสดงอีก 8 ชั่วโมง' }).click();
    const bets = b.page.getByTestId('bets');
    await expect.poll(() => bets.getByTestId('bet-row').count()).toBe(20);
    const first = bets.getByTestId('bet-row').first();
    expect(await first.locator('time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(GMT\+7\)$/);
    const href = (await first.getByRole('link', { name: 'ตรวจสอบ' }).getAttribute('href'))!;
    const link = new URL(href, 'http://x');
    expect(link.pathname).toBe('/play/verify');
    expect(link.searchParams.get('game')).toBe('lucky-sevens');
    expect(link.searchParams.get('nonce')).toBe('20');
    await b.screenshot('phone-bet-history-th');
    await bets.getByRole('button', { name: 'แสดงรายการเก่ากว่า' }).click();
    await expect.poll(() => bets.getByTestId('bet-row').count()).toBe(21);
    expect(await bets.getByRole('button', { name: 'แสดงรายการเก่ากว่า' }).count()).toBe(0);
    await bets.getByLabel('ประเภท').selectOption('casino');
    await bets.getByText('ยังไม่มีการเดิมพัน').waitFor();
    const statement = b.page.getByTestId('statement');
    await statement.getByLabel('ประเภท').selectOption('deposit');
    await expect.poll(() => statement.getByRole('listitem').count()).toBe(1);
    await statement.getByText('ฝาก · ยอดเงิน').waitFor();
    await b.screenshot('phone-statement-filtered-th');
  });
});
