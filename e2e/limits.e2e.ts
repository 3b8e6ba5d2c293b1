import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch, memberCall } from './support/member.ts';
import { LIMITS_OPERATOR, signInOperator } from './support/operator.ts';
import { chooseSiteLanguage, openGameWindow } from './support/play.ts';

/** What each language shows for this journey. */
const WORDS = {
  th: {
    save: 'บันทึกวงเงิน',
    ok: 'ตกลง',
    applied: 'เรียบร้อย: วงเงินของคุณมีผลทันที',
    request: 'ส่งคำขอฝาก',
    // The Thai demo site counts in baht: ฿1,100.00 is 110,000 satang.
    depositRefused: 'การฝากนี้จะเกินวงเงินฝากรายวันของคุณ ฿1,100.00 (ใช้ไปแล้ว ฿1,000.00)',
    lossRefused: 'เดิมพันนี้จะเกินวงเงินขาดทุนรายวันของคุณ ฿1.50 (ขาดทุนแล้ว ฿0.00)',
    used: '฿1,000.00',
    reality: 'แจ้งเตือนการเล่น',
    // 15 or 16: the clock moves 16 minutes from a moment within the session's first minute.
    played: /คุณเล่นมาแล้ว 1[56] นาทีในรอบนี้/,
    continue: 'เล่นต่อ',
    logout: 'ออกจากระบบ',
  },
  en: {
    save: 'Save limit',
    ok: 'OK',
    applied: 'Done: your limit applies now.',
    request: 'Request deposit',
    // English writes the baht's code (with a no-break space, which text matching reads as a space).
    depositRefused: 'This deposit would pass your daily deposit limit of ฿1,100.00 (฿1,000.00 used).',
    lossRefused: 'This bet would pass your daily loss limit of ฿1.50 (฿0.00 lost).',
    used: '฿1,000.00',
    reality: 'Reality check',
    played: /You have played for 1[56] minutes this session\./,
    continue: 'Continue playing',
    logout: 'Log out',
  },
} as const;

const CASES = [
  { lang: 'th', viewport: PHONE, size: 'phone' },
  { lang: 'en', viewport: DESKTOP, size: 'desktop' },
] as const;

for (const { lang, viewport, size } of CASES) {
  describe.runIf(chromiumAvailable)(`limits and the reality check, ${size}, ${lang}`, () => {
    const b = useBrowser(viewport);
    const w = WORDS[lang];

    async function setLimit(choice: string, amount: string) {
      await b.page.goto('/user');
      const panel = b.page.getByTestId('limits');
      await panel.getByTestId('limit-choice').selectOption(choice);
      await panel.getByTestId('limit-amount').fill(amount);
      await panel.getByRole('button', { name: w.save }).click();
      const dialog = b.page.locator('dialog');
      await dialog.getByText(w.applied).waitFor();
      await dialog.getByRole('button', { name: w.ok }).click();
    }

    it('sets a deposit and a loss limit on my page and is refused by each with its message', async () => {
      await fundedMember(b.page, `lm${lang}`, 100_000);
      await chooseSiteLanguage(b.page, lang);
      // Typed in baht, as the member reads them.
      await setLimit('deposit:day', '1100');
      const row = b.page.getByTestId('limit-row').first();
      await row.getByText(w.used).waitFor();
      await row.scrollIntoViewIfNeeded();
      await b.screenshot(`limits-set-${lang}-${size}`);

      // The refusals this test provokes: the deposit over its limit (403), the spin over its loss limit (409).
      b.allow4xx(
        { status: 403, method: 'POST', path: '/api/routes/apply-user-deposit' },
        { status: 409, method: 'POST', path: '/house/api/spin' },
      );
      await b.page.goto('/deposit');
      await b.page.locator('#amount').fill('200');
      await b.page.getByRole('button', { name: w.request }).click();
      await b.page.locator('dialog').getByText(w.depositRefused).waitFor();
      await b.screenshot(`limits-deposit-refused-${lang}-${size}`);
      await b.page.locator('dialog').getByRole('button', { name: w.ok }).click();

      await setLimit('loss:day', '1.50');
      await openGameWindow(b.page, 'lucky-sevens', 'royal-slots');
      const before = await b.page.getByTestId('game-balance').getAttribute('data-value');
      await b.page.getByTestId('spin').click();
      await b.page.getByRole('alert').getByText(w.lossRefused).waitFor();
      await b.screenshot(`limits-spin-refused-${lang}-${size}`);
      expect(await b.page.getByTestId('game-balance').getAttribute('data-value')).toBe(before);
    }, 120_000);

    it('pauses a game window and the sports window with the reality check, and records the answer', async () => {
      await b.page.clock.install();
      await fundedMember(b.page, `rc${lang}`, 100_000);
      await chooseSiteLanguage(b.page, lang);
      expect((await memberCall(b.page, 'set-reality-check', { minutes: 15 })).status).toBe('success');
      await openGameWindow(b.page, 'lucky-sevens', 'royal-slots');
      await b.page.getByTestId('quick-spin').click();
      await b.page.getByTestId('spin').click();
      await expect.poll(() => b.page.getByTestId('spin').isEnabled(), { timeout: 20_000 }).toBe(true);
      await b.page.locator('html[data-reality-due]').waitFor({ state: 'attached' });
      await b.page.clock.runFor('16:00');
      const check = b.page.getByTestId('reality-check');
      await check.getByText(w.reality).waitFor();
      await check.getByText(w.played).waitFor();
      expect(await check.getByTestId('reality-net').textContent()).toMatch(/^[−+]?฿[\d,]+\.\d\d$/);
      await b.screenshot(`reality-game-${lang}-${size}`);
      await check.getByRole('button', { name: w.continue }).click();
      await check.waitFor({ state: 'detached' });

      const sports = await launch(b.page, 'sportsbook', 'royal-sports');
      await b.page.goto(sports);
      await b.page.locator('#reality-check[data-due]').waitFor({ state: 'attached' });
      await b.page.clock.runFor('15:00');
      const inSports = b.page.getByTestId('reality-check');
      await inSports.getByText(w.reality).waitFor();
      // The window as the member sees it (the whole page is a long list under the fixed dialog).
      await b.page.screenshot({ path: `e2e/screenshots/reality-sports-${lang}-${size}.png` });
      await inSports.getByRole('button', { name: w.logout }).click();
      await b.page.waitForURL((url) => url.pathname === '/');
      b.allow4xx({ status: 401, method: 'POST', path: '/api/routes/get-limits' });
      expect((await memberCall(b.page, 'get-limits', {})).status).toBe('unauthorized');
    }, 120_000);
  });
}

describe.runIf(chromiumAvailable)("a member's limits in the back office, desktop", () => {
  const b = useBrowser(DESKTOP);

  it('lists the limits with a waiting raise, their history, a limit hit and a reality check answer', async () => {
    const id = await fundedMember(b.page, 'bolim', 100_000);
    await memberCall(b.page, 'set-limit', { kind: 'deposit', period: 'week', amount: 120_000 });
    await memberCall(b.page, 'set-limit', { kind: 'deposit', period: 'week', amount: 110_000 });
    await memberCall(b.page, 'set-limit', { kind: 'deposit', period: 'week', amount: 200_000 });
    await memberCall(b.page, 'set-limit', { kind: 'session', period: 'session', amount: 90 });
    b.allow4xx({ status: 403, method: 'POST', path: '/api/routes/apply-user-deposit' });
    const refused = await memberCall(b.page, 'apply-user-deposit', {
      balance: 20_000,
      code: `${Date.now()}`,
    });
    expect(refused).toMatchObject({ status: 'limit', msg: 'msg3112' });
    await memberCall(b.page, 'answer-reality-check', { choice: 'continue', where: 'lucky-sevens' });

    await signInOperator(b, LIMITS_OPERATOR);
    await b.page.getByRole('link', { name: 'Members' }).click();
    await b.page.getByLabel('Search members').fill(id);
    await b.page.getByRole('button', { name: 'Search' }).click();
    await b.page.getByRole('link', { name: id }).click();
    const panel = b.page.getByRole('region', { name: /^Limits/ });
    const limits = panel.getByRole('table', { name: 'Limits', exact: true });
    await limits.getByText('Deposit per week').waitFor();
    await limits.getByText('member may confirm from').waitFor();
    await panel.getByRole('table', { name: 'Limit history' }).getByText('Raise asked (waits 24 h)').waitFor();
    const events = panel.getByRole('table', { name: 'Limit hits and reality checks' });
    await events.getByText('Limit hit: Deposit per week').waitFor();
    await events.getByText(/Reality check in lucky-sevens: continue/).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await b.page.screenshot({ path: 'e2e/screenshots/admin-member-limits.png' });
  }, 120_000);
});
