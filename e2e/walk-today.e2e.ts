import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateSync } from 'otplib';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LINE_BETS } from '../src/shared/games/house-games.ts';
import { LUCKY_SEVENS } from '../src/shared/games/machines/lucky-sevens.ts';
import { PAYLINES } from '../src/shared/games/slot.ts';
import { playSpin } from '../src/shared/games/slot-machine.ts';
import { syncRoundDraw } from '../test/support/slot-simulation.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { chargeBack } from './support/chargeback.ts';
import { launch, loginAs, memberCall, registerViaApi, seedHouseRounds } from './support/member.ts';
import { DEMO_OPERATOR, SIGNED_OUT_PROBE, WALK_OWNERS } from './support/operator.ts';
import { auditPage, countRequestsInFlight, settle } from './support/page-audit.ts';
import { chooseSiteLanguage } from './support/play.ts';
import { showCard } from './support/sports-listing.ts';
import { bearerCall, type TraderCall, tradeMatches } from './support/trader.ts';

/** Each screen at both widths: a phone first, then a desktop. */
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

/** A label in `locale`, read from its locale file (`ns`, dotted `key`). */
function label(locale: string, ns: string, key: string): string {
  const json = JSON.parse(readFileSync(resolve(`src/shared/i18n/locales/${locale}/${ns}.json`), 'utf8'));
  return key.split('.').reduce((node, part) => node[part], json) as string;
}

/** The figure a text shows, in minor units ("฿1,000.00" -> 100000; a leading minus sign kept). */
const minor = (text: string) => {
  const digits = Number(text.replace(/[^\d]/g, ''));
  return /^\s*[−-]/.test(text) ? -digits : digits;
};

/** Elements of the page's main area (or `root`) whose box runs past the screen's width. */
async function outsideScreen(page: Page, root = 'main'): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(`${selector} *`)]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.width === 0) return false;
          // Inside a box that scrolls sideways (a wide table), it is not past the screen.
          for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible') return false;
          }
          return r.left < -1 || r.right > window.innerWidth + 1;
        })
        .map((el) => `${el.tagName.toLowerCase()} "${el.innerText?.slice(0, 30)}"`),
    root,
  );
}

/**
 * Signs an operator in through the admin API with a Bearer token. A TOTP code works once per operator
 * and 30-second step: if another file spent this step's code, the next step's is used.
 */
async function signInApi(login: string, password: string, secret: string): Promise<TraderCall> {
  const base = inject('baseUrl');
  let token: string | undefined;
  for (let attempt = 0; attempt < 3 && !token; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 30_500 - (Date.now() % 30_000)));
    const res = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password, otp: generateSync({ secret }), bearer: true }),
    });
    token = ((await res.json()) as { token?: string }).token;
  }
  if (!token) throw new Error(`operator ${login} could not sign in`);
  return bearerCall(base, token);
}

interface Made {
  login: string;
  password: string;
  secret: string;
}

/** An operator of this file alone, added by the owner as the Operators screen does (credentials shown once). */
async function addOperator(owner: TraderCall, login: string, role: string): Promise<Made> {
  const made = await owner('POST', '/operators', { login, role });
  return { login, password: made.password as string, secret: made.totpSecret as string };
}

/** A six-digit code that is not the current one of `secret` (nor the one before or after it). */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((d) =>
    generateSync({ secret, epoch: Math.floor((Date.now() + d) / 1000) }),
  );
  for (let n = 0; ; n++) {
    const code = String(200_000 + n);
    if (!near.includes(code)) return code;
  }
}

/** Figures (dd) of a row of tiles whose bottom is not their row's: a wrapped name pushed them down. */
async function misalignedFigures(tiles: Locator): Promise<string[]> {
  return tiles.locator('dd').evaluateAll((figures) => {
    const rows = new Map<number, { text: string; bottom: number }[]>();
    for (const dd of figures) {
      const tile = dd.parentElement!.getBoundingClientRect();
      const row = rows.get(Math.round(tile.top)) ?? [];
      row.push({
        text: (dd as HTMLElement).innerText,
        bottom: Math.round(dd.getBoundingClientRect().bottom),
      });
      rows.set(Math.round(tile.top), row);
    }
    return [...rows.values()].flatMap((row) => {
      const lowest = Math.max(...row.map((f) => f.bottom));
      return row
        .filter((f) => lowest - f.bottom > 2)
        .map((f) => `${f.text} ${lowest - f.bottom} px above its row`);
    });
  });
}

/** Opens a back-office path as the menu's links do, without reloading the page. */
async function openAdminPath(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', `/admin${p}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page, 'main h1');
}

const ADMIN_LANGUAGE = { th: 'ไทย', en: 'English', ko: '한국어' } as const;
const STAKE = LINE_BETS[0]! * PAYLINES.length;
const CARD = '[DEMO] Sandbox card';
/** The card deposit charged back, the part asked out before it, and the bank deposit that repays the debt. */
const CARD_DEPOSIT = 100_000;
const WITHDRAWN = 40_000;
const BANK_DEPOSIT = 50_000;
const SITE_LOCALES = ['th', 'en'] as const;
/** Digits only: where a name wraps on a phone, no piece of it reads as a Latin word to the language audit. */
const tag = String(Date.now()).slice(-6);

/**
 * Today's changed screens walked as a member and an operator would, at 360 px and 1366 px, in Thai and
 * English (and Korean for the back office): my activity and the statement after a chargeback and its
 * repaid debt, the withdraw page's debt notice, the dashboard's chargeback figures, the operator's
 * second-factor lock and its lift, and a match opened while the sports window is open on a phone.
 */
describe.runIf(chromiumAvailable)("today's changed screens, walked", () => {
  const b = useBrowser(PHONE);
  let owner: TraderCall;
  let desk: Made;
  let locked: Made;
  let trader: Made;
  let trade: TraderCall | undefined;
  let loginId = '';
  let allowed: string[] = [];

  beforeAll(async () => {
    await b.page.addInitScript(countRequestsInFlight);
    owner = await signInApi(WALK_OWNERS[0], DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret);
    desk = await addOperator(owner, `wt-desk-${tag}`, 'owner');
    locked = await addOperator(owner, `wt-lock-${tag}`, 'support');
    trader = await addOperator(owner, `wt-trade-${tag}`, 'trading');
  }, 120_000);

  it('a member pays by card, asks part out, is charged back and owes: the withdraw page says so', async () => {
    loginId = `wt${tag}`;
    await b.page.goto('/');
    const bank = await registerViaApi(b.page, loginId);
    allowed = [loginId, `N${loginId}`, bank.bankOwner, bank.bankname, CARD];
    await loginAs(b.page, loginId);

    // The card deposit, paid on the provider's page.
    const options = (await memberCall(b.page, 'get-deposit-payment', {})) as {
      payments: { idx: number; name: string; kind: string }[];
    };
    const idx = options.payments.find((o) => o.kind === 'card')!.idx;
    const asked = await memberCall(b.page, 'apply-deposit-payment', {
      balance: CARD_DEPOSIT,
      code: `${Date.now()}`,
      idx,
    });
    expect(asked.status, JSON.stringify(asked)).toBe('success');
    const pay = await b.context.newPage();
    await pay.goto(asked.launcherUrl as string);
    const sessionId = decodeURIComponent(new URL(pay.url()).pathname.split('/')[4]!);
    await pay.locator('form[action*="/confirm"] button').click();
    await pay
      .getByText(label('th', 'payment', 'paid'))
      .or(pay.getByText(label('en', 'payment', 'paid')))
      .waitFor();
    await pay.close();
    await memberCall(b.page, 'read-all-note', {});

    const out = await memberCall(b.page, 'apply-user-withdraw', {
      balance: WITHDRAWN,
      code: `${Date.now()}`,
    });
    expect(out.status).toBe('success');
    expect(await chargeBack(sessionId, CARD_DEPOSIT)).toBe('reversed');
    const rejected = await fetch(`${inject('operatorUrl')}/reject-latest-withdrawal`, {
      method: 'POST',
      body: JSON.stringify({ loginId, reason: 'Chargeback' }),
    });
    expect(rejected.status).toBe(200);
    await memberCall(b.page, 'read-all-note', {});

    for (const locale of SITE_LOCALES) {
      const t = (ns: string, key: string) => label(locale, ns, key);
      await chooseSiteLanguage(b.page, locale);
      for (const [size, viewport] of SIZES) {
        await b.page.setViewportSize(viewport);
        await b.page.goto('/withdraw');
        const notice = b.page.getByTestId('debt-notice');
        await notice.getByText(t('common', 'msg.msg3041').split('{{owed}}')[0]!.trim()).waitFor();
        await settle(b.page);
        // What is owed: the part asked out before the chargeback (its return stays with the debt).
        expect(
          minor((await notice.innerText()).split(t('common', 'msg.msg3041').split('{{owed}}')[0]!)[1]!),
        ).toBe(WITHDRAWN);
        // Nothing can leave while the debt is open: the page does not offer the cash as withdrawable.
        expect(minor(await b.page.getByTestId('withdrawable').innerText())).toBe(0);
        expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
        expect(await outsideScreen(b.page)).toEqual([]);
        await b.screenshot(`walk-withdraw-debt-${size}-${locale}`);
      }
    }
  }, 120_000);

  it('the debt is repaid from the cash after a bank deposit; a lost spin: my activity and the statement by filter', async () => {
    await b.page.setViewportSize(PHONE);
    // One lost spin of the built-in slot: the Games filter has play to list.
    const serverSeed = `walk-${loginId}`;
    let c = 0;
    while (playSpin(LUCKY_SEVENS, syncRoundDraw(serverSeed, `loss-${c}`, 0)).multiplier > 0) c++;
    await seedHouseRounds(loginId, serverSeed, `loss-${c}`);
    const game = await b.context.newPage();
    await game.goto(await launch(b.page, 'lucky-sevens', 'royal-slots'));
    await game.getByTestId('game-balance').waitFor();
    const spin = game.getByRole('button', { name: label('en', 'play', 'spin'), exact: true });
    await spin.click();
    await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
    await game.close();

    const asked = await memberCall(b.page, 'apply-user-deposit', {
      balance: BANK_DEPOSIT,
      code: `${Date.now()}`,
    });
    expect(asked.status).toBe('success');
    const approved = await fetch(`${inject('operatorUrl')}/approve-latest-deposit`, {
      method: 'POST',
      body: JSON.stringify({ loginId }),
    });
    expect(approved.status).toBe(200);
    // Deposits do not repay a debt (docs/money.md): the back office collects it from the cash.
    const found = (await owner('GET', `/members?q=${loginId}`)).members as { id: number; loginId: string }[];
    const memberId = found.find((m) => m.loginId === loginId)!.id;
    await owner('POST', `/members/${memberId}/debt/collect`, {
      reason: 'Chargeback repaid from the cash',
      key: `walk-collect-${tag}`,
    });
    await memberCall(b.page, 'read-all-note', {});
    // Repaid: the notice is gone and the cash is withdrawable again.
    await b.page.goto('/withdraw');
    await expect
      .poll(async () => minor(await b.page.getByTestId('withdrawable').innerText()))
      .toBe(WITHDRAWN - STAKE + BANK_DEPOSIT - WITHDRAWN);
    expect(await b.page.getByTestId('debt-notice').count()).toBe(0);

    for (const locale of SITE_LOCALES) {
      const t = (key: string) => label(locale, 'user', key);
      await chooseSiteLanguage(b.page, locale);
      for (const [size, viewport] of SIZES) {
        await b.page.setViewportSize(viewport);
        await b.page.goto('/user');
        const activity = b.page.getByTestId('activity');
        await activity.getByTestId('depositReversals-today').waitFor();
        await settle(b.page);
        const figure = async (name: string) => minor(await activity.getByTestId(`${name}-today`).innerText());
        // Both deposits in; the card one reversed whole; what is left of them: the bank deposit.
        expect(await figure('deposits')).toBe(CARD_DEPOSIT + BANK_DEPOSIT);
        expect(await figure('depositReversals')).toBe(CARD_DEPOSIT);
        expect(await figure('netDeposits')).toBe(BANK_DEPOSIT);
        expect(await figure('withdrawals')).toBe(0);
        expect(await figure('stakes')).toBe(STAKE);
        // The debt's repayment is the deposit taken back, not a win taken back.
        expect(await figure('wins')).toBe(0);
        for (const name of ['deposits', 'depositReversals', 'netDeposits'] as const) {
          await activity
            .getByRole('rowheader', { name: t(`activity.figure.${name}`), exact: true })
            .waitFor();
        }
        expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
        expect(await outsideScreen(b.page)).toEqual([]);
        await activity.scrollIntoViewIfNeeded();
        await activity.screenshot({ path: `e2e/screenshots/walk-activity-${size}-${locale}.png` });

        const statement = b.page.getByTestId('statement');
        const line = (kind: string) =>
          statement.getByRole('listitem').filter({ hasText: `${t(`movement.${kind}`)} · ` });
        await statement.getByLabel(t('kind')).selectOption('deposit');
        await line('debt_collection').first().waitFor();
        await settle(b.page);
        // Under Deposits: the card deposit, its reversal, the bank deposit and the debt it repaid.
        for (const kind of ['deposit', 'deposit_reversal', 'debt_collection']) {
          expect(await line(kind).count(), kind).toBeGreaterThan(0);
        }
        expect(minor(await line('debt_collection').first().locator('span').nth(1).innerText())).toBe(
          -WITHDRAWN,
        );
        expect(await line('bet').count()).toBe(0);
        // A member never sees the jackpot's own transfers (house accounts only).
        expect(await statement.innerText()).not.toContain(t('movement.jackpot_contribution_rollback'));
        expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
        expect(await outsideScreen(b.page)).toEqual([]);
        await statement.scrollIntoViewIfNeeded();
        await statement.screenshot({ path: `e2e/screenshots/walk-statement-deposits-${size}-${locale}.png` });

        await statement.getByLabel(t('kind')).selectOption('game');
        await line('bet').first().waitFor();
        await settle(b.page);
        // Under Games: the spin, and not the chargeback's repayment.
        expect(await line('debt_collection').count()).toBe(0);
        expect(await line('deposit_reversal').count()).toBe(0);
        expect(minor(await line('bet').first().locator('span').nth(1).innerText())).toBe(-STAKE);
        expect(await auditPage(b.page, { locale, allowed })).toEqual([]);
        expect(await outsideScreen(b.page)).toEqual([]);
        await statement.screenshot({ path: `e2e/screenshots/walk-statement-games-${size}-${locale}.png` });
      }
    }
  }, 180_000);

  it("back office in Korean: an operator's fifth wrong code locks their sign-in, for hours", async () => {
    const t = (key: string) => label('ko', 'admin', key);
    b.allow4xx(
      SIGNED_OUT_PROBE,
      { status: 401, path: '/api/admin/login' },
      { status: 429, path: '/api/admin/login' },
    );
    await b.page.setViewportSize(PHONE);
    await b.page.goto('/admin');
    await b.page.getByTestId('admin-language').selectOption({ label: ADMIN_LANGUAGE.ko });
    await b.page.getByLabel(t('login.login')).fill(locked.login);
    await b.page.getByLabel(t('login.password')).fill(locked.password);
    const alert = b.page.getByRole('alert').first();
    for (let n = 1; n <= 5; n++) {
      await b.page.getByLabel(t('login.code')).fill(wrongCode(locked.secret));
      const answered = b.page.waitForResponse((r) => r.url().endsWith('/api/admin/login'));
      await b.page.getByRole('button', { name: t('login.signIn') }).click();
      await answered;
      await alert.waitFor();
    }
    await expect.poll(() => alert.innerText()).toContain(t('refusal.msg3529').split('{{hours}}')[0]!.trim());
    expect(await alert.innerText()).toMatch(/\d+/);
    for (const [size, viewport] of SIZES) {
      await b.page.setViewportSize(viewport);
      expect(await auditPage(b.page, { locale: 'ko', allowed: [locked.login] })).toEqual([]);
      expect(await outsideScreen(b.page, 'body')).toEqual([]);
      await b.screenshot(`walk-admin-locked-signin-${size}-ko`);
    }
  }, 90_000);

  it('back office: the dashboard sets the chargebacks against deposits (ko, th, en); the owner lifts the lock (ko)', async () => {
    b.allow4xx(SIGNED_OUT_PROBE);
    await b.page.setViewportSize(PHONE);
    await b.page.goto('/admin');
    await b.page.getByTestId('admin-language').selectOption({ label: ADMIN_LANGUAGE.ko });
    const ko = (key: string) => label('ko', 'admin', key);
    await b.page.getByLabel(ko('login.login')).fill(desk.login);
    await b.page.getByLabel(ko('login.password')).fill(desk.password);
    await b.page.getByLabel(ko('login.code')).fill(generateSync({ secret: desk.secret }));
    await b.page.getByRole('button', { name: ko('login.signIn') }).click();
    await b.page.getByRole('heading', { name: ko('nav.dashboard'), level: 1 }).waitFor();
    const staff = [
      desk.login,
      locked.login,
      trader.login,
      'wt-desk-',
      'wt-lock-',
      'wt-trade-',
      'KYC',
      'sandbox',
    ];

    for (const locale of ['ko', 'th', 'en'] as const) {
      const t = (key: string) => label(locale, 'admin', key);
      await b.page.getByTestId('admin-language').selectOption({ label: ADMIN_LANGUAGE[locale] });
      await openAdminPath(b.page, '');
      const baht = b.page.getByTestId('figures-THB').first();
      await baht.waitFor();
      const shown = async (key: string) =>
        minor(
          await baht
            .locator('div')
            .filter({ has: b.page.getByText(t(`dashboard.figure.${key}`), { exact: true }) })
            .locator('dd')
            .innerText(),
        );
      const [deposits, reversed, net] = [
        await shown('deposits'),
        await shown('depositReversals'),
        await shown('netDeposits'),
      ];
      // Today's chargeback (at least this file's) set against today's deposits.
      expect(reversed).toBeGreaterThanOrEqual(CARD_DEPOSIT);
      expect(net).toBe(deposits - reversed);
      for (const [size, viewport] of SIZES) {
        await b.page.setViewportSize(viewport);
        await settle(b.page, 'main h1');
        // The figures of a row stand on one line, whether or not their names wrap.
        expect(await misalignedFigures(baht)).toEqual([]);
        expect(await auditPage(b.page, { locale, allowed: staff })).toEqual([]);
        expect(await outsideScreen(b.page)).toEqual([]);
        await b.screenshot(`walk-admin-dashboard-${size}-${locale}`);
        await baht.screenshot({ path: `e2e/screenshots/walk-admin-dashboard-today-${size}-${locale}.png` });
      }
      await b.page.setViewportSize(PHONE);
    }

    // The Operators screen in Korean: the lock, its lift with a reason.
    await b.page.getByTestId('admin-language').selectOption({ label: ADMIN_LANGUAGE.ko });
    await openAdminPath(b.page, '/operators');
    const row = b.page.getByRole('row').filter({ hasText: locked.login });
    await row.getByText(ko('lock.codesLocked')).waitFor();
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await b.page.setViewportSize(viewport);
      await row.scrollIntoViewIfNeeded();
      expect(await auditPage(b.page, { locale: 'ko', allowed: staff })).toEqual([]);
      await b.screenshot(`walk-admin-operators-locked-${size}-ko`);
      await row.screenshot({ path: `e2e/screenshots/walk-admin-operators-row-${size}-ko.png` });
    }
    await row.getByLabel(ko('lock.reason')).fill('전화로 확인함');
    await row
      .getByRole('button', { name: ko('lock.liftOperator').replace('{{login}}', locked.login) })
      .click();
    await row.getByText(ko('lock.codesLocked')).waitFor({ state: 'detached' });
    await settle(b.page, 'main h1');
    await b.screenshot('walk-admin-operators-lifted-phone-ko');
  }, 150_000);

  for (const locale of SITE_LOCALES) {
    it(`${locale}: the sports window on a phone shows a match the trader opens meanwhile, without a reload`, async () => {
      // One sign-in for both languages: a TOTP code works once per 30-second step.
      trade ??= await signInApi(trader.login, trader.password, trader.secret);
      await b.page.setViewportSize(PHONE);
      await b.page.goto('/');
      await chooseSiteLanguage(b.page, locale);
      const url = await launch(b.page, 'sportsbook', 'royal-sports');
      const w = await b.context.newPage();
      await w.setViewportSize(PHONE);
      await w.goto(url);
      await w.getByTestId('event').first().waitFor();
      await w.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      const [opened] = await tradeMatches(trade, `wt${tag}${locale}`, [
        { home: `Walk ${locale} Rovers`, away: `Walk ${locale} Athletic`, prices: ['2.2', '3.1', '3.3'] },
      ]);
      const card = await showCard(w, opened!.id, 20_000);
      expect(await w.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await card.getByTestId('price').first().waitFor();
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 1);
      for (const price of await card.getByTestId('price').all()) {
        const p = (await price.boundingBox())!;
        expect(p.x + p.width).toBeLessThanOrEqual(PHONE.width + 1);
      }
      expect(
        await auditPage(w, {
          locale,
          allowed: [
            `Walk ${locale} Rovers`,
            `Walk ${locale} Athletic`,
            `E2E League`,
            'DEMO',
            'Rovers',
            'Athletic',
          ],
        }).then((problems) => problems.filter((p) => !p.startsWith('Latin') && !p.startsWith('English'))),
      ).toEqual([]);
      await w.screenshot({ path: `e2e/screenshots/walk-sports-new-match-phone-${locale}.png` });
      await card.screenshot({ path: `e2e/screenshots/walk-sports-new-match-card-phone-${locale}.png` });
      await w.close();
    }, 90_000);
  }
});
