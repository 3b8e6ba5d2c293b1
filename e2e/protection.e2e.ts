import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, memberCall } from './support/member.ts';

/** The texts each language shows on my page for this journey. */
const WORDS = {
  th: {
    activity: 'กิจกรรมของฉัน',
    // The statement in the member's language, times in the Thai demo site's zone.
    header: 'ลำดับ,วันที่และเวลา (Asia/Bangkok),ประเภท,บัญชี,จำนวนเงิน,สกุลเงิน',
    depositLine: 'ฝาก,ยอดเงิน',
    baht: (amount: string) => `฿${amount}`,
    download: 'ดาวน์โหลดรายการเดินบัญชี (CSV)',
    start: 'เริ่มทันที',
    confirm: 'พักการเล่นจนถึง',
    ok: 'ตกลง',
    state: 'คุณกำลังพักการเล่นจนถึง',
    week: '7 วัน',
    year: '12 เดือน',
  },
  en: {
    activity: 'My activity',
    header: 'No.,Date and time (Asia/Bangkok),Kind,Account,Amount,Currency',
    depositLine: 'Deposit,Balance',
    // English writes the same sign as Thai.
    baht: (amount: string) => `฿${amount}`,
    download: 'Download statement (CSV)',
    start: 'Start now',
    confirm: 'Take a break until',
    ok: 'OK',
    state: 'You are taking a break until',
    week: '7 days',
    year: '12 months',
  },
} as const;

for (const lang of ['th', 'en'] as const) {
  describe.runIf(chromiumAvailable)(`player protection on my page, phone, ${lang}`, () => {
    const b = useBrowser(PHONE);
    const w = WORDS[lang];

    it('shows activity, downloads the CSV statement, takes a break and is refused play', async () => {
      const id = await fundedMember(b.page, `pr${lang}`, 100_000);
      await b.page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await b.page.goto('/user');
      const activity = b.page.getByTestId('activity');
      await activity.getByText(w.activity).waitFor();
      // 100,000 satang: the Thai demo site counts in baht.
      await expect.poll(() => activity.getByTestId('deposits-today').textContent()).toBe(w.baht('1,000.00'));
      expect(await activity.getByTestId('stakes-today').textContent()).toBe(w.baht('0.00'));
      await activity.getByRole('button', { name: w.year }).click();
      expect(await activity.getByTestId('deposits-months12').textContent()).toBe(w.baht('1,000.00'));
      await activity.getByTestId('last-login').waitFor();
      await activity.scrollIntoViewIfNeeded();
      await b.screenshot(`protection-activity-${lang}-phone`);

      const [download] = await Promise.all([
        b.page.waitForEvent('download'),
        b.page.getByRole('button', { name: w.download }).click(),
      ]);
      const csv = readFileSync((await download.path())!, 'utf8');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe(w.header);
      expect(lines[1]).toMatch(/^\d+,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00,/);
      expect(lines[1]).toContain(`,${w.depositLine},"1,000.00",THB`);

      const panel = b.page.getByTestId('protection');
      await panel.getByRole('combobox').selectOption({ label: w.week });
      await panel.getByRole('button', { name: w.start }).click();
      const dialog = b.page.locator('dialog');
      await dialog.getByText(w.confirm).waitFor();
      await b.screenshot(`protection-confirm-${lang}-phone`);
      await dialog.getByRole('button', { name: w.ok }).click();
      await b.page.locator('dialog').getByRole('button', { name: w.ok }).click(); // "Done" alert
      await panel.getByTestId('protection-state').getByText(w.state).waitFor();
      await panel.scrollIntoViewIfNeeded();
      await b.screenshot(`protection-state-${lang}-phone`);

      // The site refuses play and deposits now, saying until when (403).
      b.allow4xx(
        { status: 403, method: 'POST', path: '/api/routes/open-game' },
        { status: 403, method: 'POST', path: '/api/routes/apply-user-deposit' },
      );
      const launch = await memberCall(b.page, 'open-game', {
        code: 'lucky-sevens',
        company: 'royal-slots',
        timeStemp: Date.now(),
      });
      expect(launch).toMatchObject({ status: 'excluded', msg: 'msg3101' });
      const deposit = await memberCall(b.page, 'apply-user-deposit', {
        balance: 10_000,
        code: `${Date.now()}`,
      });
      expect(deposit.status).toBe('excluded');
      await b.page.goto('/game');
      await b.page.getByText('Golden Dragon').first().click();
      await b.page.locator('dialog').getByText(w.state).waitFor();
      await b.screenshot(`protection-refused-${lang}-phone`);
      await b.page.locator('dialog').getByRole('button', { name: w.ok }).click();
      expect(id).toBeTruthy();
    });
  });
}
