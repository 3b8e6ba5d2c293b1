import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { solidPng } from '../test/support/kyc-files.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { loginAs, memberCall, registerViaApi, siteBanks } from './support/member.ts';
import { LANGUAGE_OPERATORS, openAdminPath, signInOperator } from './support/operator.ts';
import { auditPage, countRequestsInFlight, settle } from './support/page-audit.ts';

/** The back office's screens the walk opens, with a word of each that must be on it once it has drawn. */
const ADMIN_PATHS = [
  '/',
  '/cashier',
  '/members',
  '/verification',
  '/person-flags',
  '/support',
  '/notes',
  '/content',
  '/games',
  '/promotions',
  '/settings',
  '/operators',
  '/me/password',
  '/audit',
  '/system',
] as const;
/**
 * What stays as it is in every language: the demo data's own names, the operators' logins, and the
 * technical words of the settings' labels (an API, a URL, paths).
 */
const ALLOWED = [
  'demo',
  'operator',
  ...LANGUAGE_OPERATORS,
  'phone-desk',
  'limits-desk',
  'sandbox',
  'https://front.example.com',
  'https',
  'public',
  'media',
  'API',
  // The standard's name, in the verification titles of every language, and the recovery channel.
  'KYC',
  'SMS',
  // The country and currency codes' standard, named in the labels of the fields that take one.
  'ISO',
  // The site's currency code beside amounts (ISO 4217, the same in every language).
  'THB',
  'KRW',
  // The system-health screen's technical names: the runtime, its heap, a percentile and the scrape path.
  'Node.js',
  'JavaScript',
  'Prometheus',
  '/metrics',
  'p99',
];

/** The trading desk's tabs (`?view=`), each opened by the walk. */
const TRADING_VIEWS = [
  'all',
  'live',
  'scheduled',
  'postponed',
  'ended',
  'cancelled',
  'bets',
  'reconciliation',
  'feed',
  'manual',
  'risk',
  'ticker',
  'limits',
];

/** The feed upload's format names its record kinds as the JSON lines spell them. */
const FEED_FORMAT = ['fixture, market, price, suspend, result, cancel', 'JSON'];

/**
 * The trading desk in `locale`: every tab, an event's market card, its cancel-window form and the
 * result dialog (cancelled before anything is sent). The events' own names (teams, leagues) are data.
 */
async function walkTradingDesk(b: ReturnType<typeof useBrowser>, locale: string, allowed: string[]) {
  const problems: string[] = [];
  const { page } = b;
  for (const view of TRADING_VIEWS) {
    await openAdminPath(page, `/trading${view === 'all' ? '' : `?view=${view}`}`);
    // Two frames: the tab is drawn, its list asked for ("Loading…" until its own events arrive).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect
      .poll(() =>
        page
          .locator('main')
          .getByText(/불러오는 중…|กำลังโหลด/)
          .count(),
      )
      .toBe(0);
    const names = await page.locator('[data-testid^="event-"] h2').allInnerTexts();
    const data = [...allowed, ...names, ...names.flatMap((n) => n.split(/ vs\.? | v | - /)), ...FEED_FORMAT];
    if (view === 'all') {
      const card = page.locator('[data-testid^="event-"]').first();
      // The market cards are sections within the event's panel.
      await card.locator('section section').first().waitFor();
      // The cancel-window form, open, and a result about to be entered: the dialog, then Cancel.
      await card.getByRole('button', { name: /…$/ }).last().click();
      const market = card.locator('section section').first();
      const score = market.locator('input[type="number"]');
      if ((await score.count()) >= 2) {
        await score.nth(0).fill('1');
        await score.nth(1).fill('0');
        await market.locator('form').last().locator('button[type="submit"]').click();
        await page.getByTestId('result-dialog').waitFor();
        for (const p of await auditPage(page, { locale, allowed: data }))
          problems.push(`${locale} trading dialog: ${p}`);
        await b.screenshot(`admin-walk-${locale}-trading-result-dialog`);
        await page.getByTestId('result-dialog').locator('[data-cancel]').click();
      }
    }
    for (const p of await auditPage(page, { locale, allowed: data }))
      problems.push(`${locale} trading ${view}: ${p}`);
    await b.screenshot(`admin-walk-${locale}-trading-${view}`);
  }
  return problems;
}

/** The back office's texts in `locale`: the new screens' test finds its tabs and panels by them. */
const adminTexts = (locale: string) =>
  JSON.parse(readFileSync(resolve(`src/shared/i18n/locales/${locale}/admin.json`), 'utf8')) as {
    cashier: { withdrawalsTab: string; changed: { password: string; bank: string } };
    dashboard: { memberDebts: string };
    settings: { accounts: string; phoneCountry: string };
    promotions: { new: string; newTitle: string };
  };

/** Picks the back office's language in the menu's switcher, as an operator would. */
async function chooseLanguage(page: import('playwright-core').Page, label: string) {
  await page.getByTestId('admin-language').selectOption({ label });
}

describe.runIf(chromiumAvailable)('the back office in Korean and Thai', () => {
  const b = useBrowser(PHONE);
  const allowed = [...ALLOWED];
  /** The member the first test registers; the walks open their page and their document in the queue. */
  let member = '';

  it('a Korean operator approves a deposit in the cashier queue at 360 px, the actions on screen', async () => {
    await b.page.addInitScript(countRequestsInFlight);
    // A member asks for a deposit.
    await b.page.goto('/');
    const id = `ko${Date.now().toString(36)}`.slice(0, 14);
    const bank = await registerViaApi(b.page, id);
    await loginAs(b.page, id);
    allowed.push(id, `N${id}`, bank.bankname, bank.bankOwner);
    member = id;
    // Their identity document waits in the verification queue the walks open.
    const png = [...solidPng(64, [90, 140, 200])];
    const uploaded = await b.page.evaluate(async (bytes) => {
      const res = await fetch('/api/kyc/documents/identity', {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(bytes),
      });
      return (await res.json()).status as string;
    }, png);
    expect(uploaded).toBe('success');
    const asked = await memberCall(b.page, 'apply-user-deposit', { balance: 30_000, code: `${Date.now()}` });
    expect(asked.status).toBe('success');

    await signInOperator(b, LANGUAGE_OPERATORS[0]);
    await chooseLanguage(b.page, '한국어');
    await b.page.getByRole('heading', { name: '대시보드', level: 1 }).waitFor();
    await b.page
      .getByRole('navigation', { name: '관리자' })
      .getByRole('link', { name: /^입출금/ })
      .click();
    await b.page.getByRole('heading', { name: '입출금', level: 1 }).waitFor();
    const row = b.page.getByRole('row').filter({ hasText: id });
    const approve = row.getByRole('button', { name: /^입금 #\d+ 승인$/ });
    await approve.waitFor();
    await settle(b.page, 'main h1');
    // A card, not a sideways-scrolling table: Approve and Reject are within the 360-px screen.
    for (const button of [approve, row.getByRole('button', { name: /^입금 #\d+ 거절$/ })]) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    expect(await auditPage(b.page, { locale: 'ko', allowed })).toEqual([]);
    await b.screenshot('admin-ko-cashier-phone');
    await approve.click();
    await row.getByText('฿300.00').first().waitFor();
    await b.screenshot('admin-ko-cashier-confirm-phone');
    await row.getByRole('button', { name: '승인 확인' }).click();
    await expect.poll(() => b.page.getByRole('row').filter({ hasText: id }).count()).toBe(0);
    // The member's balance holds the deposit.
    const session = await memberCall(b.page, 'get-user-statement', { page: 1, pageSize: 10 });
    expect(JSON.stringify(session)).toContain('30000');
  });

  it('remembers the language for the operator, not only in this browser', async () => {
    await b.page.evaluate(() => localStorage.removeItem('adminLang'));
    await b.page.goto('/admin');
    await b.page.getByRole('heading', { name: '대시보드', level: 1 }).waitFor();
    expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('ko');
  });

  for (const [locale, label, operator] of [
    ['ko', '한국어', LANGUAGE_OPERATORS[1]],
    ['th', 'ไทย', LANGUAGE_OPERATORS[2]],
  ] as const) {
    it(`walks every back-office page in ${locale} at 360 px: no raw key, no English, nothing wider`, async () => {
      await b.context.clearCookies();
      await b.page.evaluate(() => localStorage.removeItem('adminLang'));
      await signInOperator(b, operator);
      await chooseLanguage(b.page, label);
      const problems: string[] = [];
      for (const path of ADMIN_PATHS) {
        await openAdminPath(b.page, path);
        await expect.poll(() => b.page.locator('main').getByText('불러오는 중…').count()).toBe(0);
        for (const p of await auditPage(b.page, { locale, allowed }))
          problems.push(`${locale} ${path}: ${p}`);
        await b.screenshot(`admin-walk-${locale}${path === '/' ? '-dashboard' : path.replaceAll('/', '-')}`);
      }
      // The queue shows the member's document card, and their page its verification and account security.
      await openAdminPath(b.page, '/verification');
      await b.page
        .getByRole('link', { name: new RegExp(`^${member} `) })
        .first()
        .click();
      await b.page.getByTestId('member-kyc').waitFor();
      await b.page.getByTestId('member-security').waitFor();
      await settle(b.page, 'main h1');
      for (const p of await auditPage(b.page, { locale, allowed })) problems.push(`${locale} member: ${p}`);
      await b.screenshot(`admin-walk-${locale}-member-detail`);
      problems.push(...(await walkTradingDesk(b, locale, allowed)));
      expect(problems).toEqual([]);
    }, 150_000);
  }

  it("the site's account settings in Thai: each wrong field named, then saved unchanged", async () => {
    await openAdminPath(b.page, '/settings');
    const form = b.page.getByRole('region', { name: 'บัญชีสมาชิก' });
    const minAge = form.getByLabel('อายุขั้นต่ำในการสมัคร (16–99)');
    const terms = form.getByLabel('ฉบับของข้อกำหนดที่สมาชิกยอมรับ');
    const stored = { minAge: await minAge.inputValue(), terms: await terms.inputValue() };
    await minAge.fill('12');
    await terms.fill('v 2!');
    await form.getByRole('button', { name: 'บันทึกการตั้งค่าบัญชี' }).click();
    const problems = form.getByRole('alert');
    await problems.getByText('อายุขั้นต่ำต้องเป็นจำนวนเต็มตั้งแต่ 16 ถึง 99').waitFor();
    await problems.getByText(/^ฉบับของข้อกำหนดต้องมี 1 ถึง 32 ตัวอักษร/).waitFor();
    await form.scrollIntoViewIfNeeded();
    expect(await auditPage(b.page, { locale: 'th', allowed: [...allowed, 'v 2!'] })).toEqual([]);
    // The menu stays on top while scrolling; it is laid out in place for the picture of the form alone.
    // (through the CSSOM: the page's CSP refuses injected style sheets).
    const menuInPlace = (fixed: boolean) =>
      b.page.evaluate((on) => {
        const menu = document.querySelector('aside') as HTMLElement;
        menu.style.position = on ? 'static' : '';
      }, fixed);
    await menuInPlace(true);
    await form.screenshot({ path: 'e2e/screenshots/admin-th-settings-accounts-phone.png' });
    await menuInPlace(false);
    // Put back what was stored (other browser tests register members on this site) and save it.
    await minAge.fill(stored.minAge);
    await terms.fill(stored.terms);
    await form.getByRole('button', { name: 'บันทึกการตั้งค่าบัญชี' }).click();
    await form.getByText('บันทึกแล้ว').waitFor();
    expect(await problems.count()).toBe(0);
  });

  it('a Thai operator mistypes their current password on My password: told so in Thai, nothing changed', async () => {
    await openAdminPath(b.page, '/me/password');
    const form = b.page.locator('main form');
    await form.getByLabel('รหัสผ่านปัจจุบัน').fill('not-my-password-1');
    await form.getByLabel(/^รหัสผ่านใหม่/).fill('a-new-long-secret-1');
    b.allow4xx({ status: 400, path: '/api/admin/me/password', method: 'POST' });
    await form.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    // The server's reason was shown as it came: "The current password is wrong", in English.
    const alert = b.page.locator('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('รหัสผ่านปัจจุบันไม่ถูกต้อง');
    expect(await auditPage(b.page, { locale: 'th', allowed })).toEqual([]);
    await b.screenshot('admin-th-my-password-wrong-phone');
  });

  it('the content editor has a tab per language and names the missing translations', async () => {
    await b.page.evaluate(() => {
      window.history.pushState({}, '', '/admin/content');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await settle(b.page, 'main h1');
    await b.page.getByRole('button', { name: 'สร้างประกาศใหม่' }).click();
    const editor = b.page.getByRole('region', { name: 'สร้างประกาศใหม่' });
    const tabs = editor.getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual([
      'ไทย · ภาษาหลัก',
      'English · ยังไม่มี',
      '한국어 · ยังไม่มี',
      '日本語 · ยังไม่มี',
      'Tiếng Việt · ยังไม่มี',
    ]);
    await editor.getByLabel('หัวข้อ').fill('ประกาศ');
    await tabs.nth(1).click();
    await editor.getByLabel('หัวข้อ').fill('Notice');
    expect(await tabs.nth(1).innerText()).toBe('English');
    expect(await editor.getByTestId('missing-languages').innerText()).not.toContain('English');
    await b.screenshot('admin-th-content-editor-phone');
    await editor.getByRole('button', { name: 'ยกเลิก' }).click();
  });

  it("the day's new screens at 360 and 1366 px, in Thai and English: nothing past the edge, no raw key", async () => {
    // The first test's member: a password set without the old one, a new bank account, then a withdrawal.
    await loginAs(b.page, member);
    expect((await memberCall(b.page, 'user-set-password', { pw: 'taken0ver99' })).status).toBe('success');
    const [bank] = await siteBanks(b.page);
    const moved = await memberCall(b.page, 'user-change-bank', {
      pw: 'taken0ver99',
      bankname: bank,
      bankOwner: 'Someone Else',
      banknum: '999-888-7777',
    });
    expect(moved.status).toBe('success');
    const asked = await memberCall(b.page, 'apply-user-withdraw', { balance: 20_000, code: `${Date.now()}` });
    expect(asked.status).toBe('success');
    // A help ticket of theirs: support names its site.
    const title = `Withdrawal ${member}`;
    const help = await memberCall(b.page, 'user-write-help', { title, contents: 'Where is my money?' });
    expect(help.status).toBe('success');
    const data = [...allowed, 'Someone Else', bank!, title, 'Where is my money?'];
    const problems: string[] = [];
    for (const [locale, label] of [
      ['th', 'ไทย'],
      ['en', 'English'],
    ] as const) {
      const t = adminTexts(locale);
      await chooseLanguage(b.page, label);
      for (const size of [PHONE, DESKTOP]) {
        await b.page.setViewportSize(size);
        const shot = `admin-new-${locale}-${size.width}`;
        const check = async (where: string) => {
          for (const p of await auditPage(b.page, { locale, allowed: data }))
            problems.push(`${shot} ${where}: ${p}`);
        };
        // The withdrawal, its site and the two changes named under its bank account.
        await openAdminPath(b.page, '/cashier');
        await b.page
          .getByRole('tab', { name: new RegExp(`^${t.cashier.withdrawalsTab.split(' (')[0]}`) })
          .click();
        const row = b.page.getByRole('row').filter({ hasText: '999-888-7777' });
        await row.getByText(t.cashier.changed.password).waitFor();
        await row.getByText(t.cashier.changed.bank).waitFor();
        await settle(b.page, 'main h1');
        await check('cashier');
        // The whole row in view, Approve and Reject included: no sideways scroll, at 1366 px either.
        const hidden = await b.page.evaluate(() => {
          const wrap = document.querySelector('main [class*="tableWrap"]') as HTMLElement;
          return wrap.scrollWidth - wrap.clientWidth;
        });
        if (hidden > 0) problems.push(`${shot} cashier: the queue scrolls ${hidden} px sideways`);
        await row.screenshot({ path: `e2e/screenshots/${shot}-cashier-withdrawal.png` });
        // The member found by their login, their site named; their help ticket, its site named.
        await openAdminPath(b.page, `/members?q=${member}`);
        await b.page.getByRole('row').filter({ hasText: member }).getByText('Royal Casino').waitFor();
        await check('members');
        await b.page.locator('main table').screenshot({ path: `e2e/screenshots/${shot}-member-search.png` });
        await openAdminPath(b.page, '/support');
        const ticket = b.page.getByRole('article').filter({ hasText: title });
        await ticket.getByText('Royal Casino').waitFor();
        await check('support');
        await ticket.screenshot({ path: `e2e/screenshots/${shot}-ticket.png` });
        // The dashboard's member debts, per currency.
        await openAdminPath(b.page, '/');
        const debts = b.page.getByRole('region', { name: t.dashboard.memberDebts });
        await debts.getByTestId('member-debts-THB').waitFor();
        await check('dashboard');
        await debts.screenshot({ path: `e2e/screenshots/${shot}-member-debts.png` });
        // Settings → Member accounts, with the phone numbers' country.
        await openAdminPath(b.page, '/settings');
        const accounts = b.page.getByRole('region', { name: t.settings.accounts });
        await accounts.getByLabel(t.settings.phoneCountry).waitFor();
        await check('settings');
        await accounts.screenshot({ path: `e2e/screenshots/${shot}-settings-accounts.png` });
        // A new campaign's form (its currency and the free spins' stake), opened and left unsaved.
        await openAdminPath(b.page, '/promotions');
        await b.page.getByRole('button', { name: t.promotions.new }).click();
        const form = b.page.getByRole('region', { name: t.promotions.newTitle });
        await form.locator('form').waitFor();
        await check('promotions');
        await form.screenshot({ path: `e2e/screenshots/${shot}-campaign-form.png` });
      }
    }
    await b.page.setViewportSize(PHONE);
    await chooseLanguage(b.page, 'ไทย');
    // The withdrawal is refused again, so no other file's queue holds it.
    const refused = await fetch(`${inject('operatorUrl')}/reject-latest-withdrawal`, {
      method: 'POST',
      body: JSON.stringify({ loginId: member }),
    });
    expect(refused.status).toBe(200);
    expect(problems).toEqual([]);
  }, 120_000);

  it('the audit log fits a 1366-px screen and reads changes as field: old → new', async () => {
    await b.page.setViewportSize(DESKTOP);
    await b.page.evaluate(() => {
      window.history.pushState({}, '', '/admin/audit');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await settle(b.page, 'main h1');
    await b.page.getByRole('table').waitFor();
    const fit = await b.page.evaluate(() => {
      const wrap = document.querySelector('main [class*="tableWrap"]') as HTMLElement;
      return { page: document.documentElement.scrollWidth, table: wrap.scrollWidth, shown: wrap.clientWidth };
    });
    expect(fit.page).toBeLessThanOrEqual(DESKTOP.width);
    expect(fit.table).toBeLessThanOrEqual(fit.shown);
    const changes = await b.page.locator('main ul li').allInnerTexts();
    expect(changes.some((line) => line.includes(' → '))).toBe(true);
    expect(changes.some((line) => /[{}"]/.test(line.split(':')[0] ?? ''))).toBe(false);
    await b.screenshot('admin-th-audit-desktop');
    await b.page.setViewportSize(PHONE);
  });
});
