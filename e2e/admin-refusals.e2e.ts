import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { loginAs, memberCall, registerViaApi } from './support/member.ts';
import { openAdminPath, REFUSALS_OPERATOR, signInOperator } from './support/operator.ts';
import { auditPage, countRequestsInFlight } from './support/page-audit.ts';

/**
 * The server's refusals (a 4xx with `status`, `msg` and an English `message`) as a Thai operator reads
 * them: each in Thai, never the server's English reason (src/admin/api/refusal.ts).
 */
describe.runIf(chromiumAvailable)('the server refuses a Thai operator: told so in Thai', () => {
  const b = useBrowser(PHONE);

  it('a taken login, an unknown time zone, a missing member and a deposit another desk decided first', async () => {
    await b.page.addInitScript(countRequestsInFlight);
    // A member asks for a deposit: the cashier queue shows it.
    await b.page.goto('/');
    const id = `rf${Date.now().toString(36)}`.slice(0, 14);
    const bank = await registerViaApi(b.page, id);
    await loginAs(b.page, id);
    const asked = await memberCall(b.page, 'apply-user-deposit', { balance: 20_000, code: `${Date.now()}` });
    expect(asked.status).toBe('success');
    const allowed = [id, `N${id}`, bank.bankname, bank.bankOwner, REFUSALS_OPERATOR];

    await signInOperator(b, REFUSALS_OPERATOR);
    await b.page.getByTestId('admin-language').selectOption({ label: 'ไทย' });
    await b.page.getByRole('heading', { name: 'แดชบอร์ด', level: 1 }).waitFor();
    const alertIn = (where: Locator) => where.getByRole('alert');

    // 1. A login another operator holds: 409 `already` with the id-taken key, "the login refusals-th is taken".
    await openAdminPath(b.page, '/operators');
    const add = b.page.getByRole('region', { name: 'เพิ่มผู้ดูแล' });
    await add.getByLabel('ชื่อผู้ใช้').fill(REFUSALS_OPERATOR);
    b.allow4xx({ status: 409, method: 'POST', path: '/api/admin/operators' });
    await add.getByRole('button', { name: 'เพิ่มผู้ดูแล' }).click();
    const taken = alertIn(add);
    await taken.waitFor();
    expect(await taken.innerText()).toBe('ชื่อผู้ใช้นี้ถูกใช้แล้ว เลือกชื่ออื่น');
    expect(await auditPage(b.page, { locale: 'th', allowed })).toEqual([]);
    await add.screenshot({ path: 'e2e/screenshots/admin-th-refusal-login-taken-phone.png' });

    // 2. A time zone the database does not know: 400 `invalid`, "the database knows no time zone Mars/Olympus".
    await openAdminPath(b.page, '/settings');
    const hours = b.page.getByRole('region', { name: 'เวลาทำการและการล็อกการเงิน' }).first();
    const zone = hours.getByLabel('เขตเวลาของเวลาทำการ');
    const stored = await zone.inputValue();
    await zone.fill('Mars/Olympus');
    b.allow4xx({ status: 400, method: 'POST', path: /^\/api\/admin\/settings\/sites\/\d+\/cashier$/ });
    await hours.getByRole('button', { name: 'บันทึกเวลาทำการ' }).click();
    const unknownZone = alertIn(hours);
    await unknownZone.waitFor();
    expect(await unknownZone.innerText()).toBe('เซิร์ฟเวอร์ไม่รับข้อมูลที่ส่ง ตรวจสอบค่าแล้วลองอีกครั้ง');
    await hours.scrollIntoViewIfNeeded();
    await hours.screenshot({ path: 'e2e/screenshots/admin-th-refusal-time-zone-phone.png' });
    await zone.fill(stored);

    // 3. A member page with no member: 404 `not_found`, "no member 987654321".
    b.allow4xx({ status: 404, method: 'GET', path: '/api/admin/members/987654321' });
    await openAdminPath(b.page, '/members/987654321');
    const missing = b.page.locator('main').getByRole('alert');
    await missing.waitFor();
    expect(await missing.innerText()).toBe('ไม่พบรายการ อาจถูกลบไปแล้ว โหลดหน้าใหม่');
    expect(await auditPage(b.page, { locale: 'th', allowed })).toEqual([]);
    await b.screenshot('admin-th-refusal-member-missing-phone');

    // 4. The member's deposit, rejected at another desk while this one confirms it: 409 `already`, "this
    // deposit was already rejected by refusals-th"; the queue names the outcome and who in Thai.
    await openAdminPath(b.page, '/cashier');
    const row = b.page.getByRole('row').filter({ hasText: id });
    const approve = row.getByRole('button', { name: /^อนุมัติรายการฝาก #\d+$/ });
    await approve.waitFor();
    const requestId = Number((await approve.getAttribute('aria-label'))?.match(/#(\d+)/)?.[1]);
    await approve.click();
    const elsewhere = await b.page.evaluate(async (requestId) => {
      const res = await fetch(`/api/admin/cashier/deposit/${requestId}/reject`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Rejected at the other desk' }),
      });
      return res.status;
    }, requestId);
    expect(elsewhere).toBe(200);
    b.allow4xx({ status: 409, method: 'POST', path: `/api/admin/cashier/deposit/${requestId}/approve` });
    await row.getByRole('button', { name: 'ยืนยันการอนุมัติ' }).click();
    const lost = b.page
      .locator('main')
      .getByRole('alert')
      .filter({ hasText: `#${requestId}` });
    await lost.waitFor();
    expect(await lost.locator('p').innerText()).toBe(
      `รายการฝาก #${requestId}: ${REFUSALS_OPERATOR} ปฏิเสธไปแล้ว`,
    );
    expect(await auditPage(b.page, { locale: 'th', allowed })).toEqual([]);
    await b.screenshot('admin-th-refusal-decided-elsewhere-phone');
  }, 120_000);
});
