import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyDecimal } from '../src/shared/money.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';
import { WINDOW_TRADERS } from './support/operator.ts';
import { auditPage, countRequestsInFlight, settle } from './support/page-audit.ts';
import { signInTrader, type TraderCall } from './support/trader.ts';

const LOCALES = ['th', 'en', 'ko', 'jp', 'vn'] as const;
/** What the test changes, as Thai and English say it. */
const WORDS = {
  th: { seconds: (n: number) => `${n} วินาที`, down: 'ปัดลงเป็นหน่วยที่เล็กที่สุด', nearest: 'ปัดเป็นหน่วยที่ใกล้ที่สุด' },
  en: {
    seconds: (n: number) => `${n} seconds`,
    down: 'Down to the smallest unit',
    nearest: 'To the nearest smallest unit',
  },
};

/** The rules page as the member reads it: the settings it cites and the rules that use them. */
async function shownRules(page: Page) {
  const delay = page.getByTestId('rule-bet-delay');
  const rounding = page.getByTestId('rule-rounding');
  const reduced = page.getByTestId('rule-reduced-multiple');
  return {
    reducedMultiple: await reduced.getAttribute('data-rule'),
    multiples: await page.getByTestId('rules-multiples').innerText(),
    seconds: Number(await delay.getAttribute('data-seconds')),
    delay: await delay.innerText(),
    rounding: await rounding.getAttribute('data-rounding'),
    roundingText: await rounding.innerText(),
    inPlay: await page.getByTestId('rules-inPlay').innerText(),
    roundingExample: await page.getByTestId('rules-rounding-example').innerText(),
  };
}

/** The window has opened the member's book session (the slip shows the balance, hidden on a phone). */
async function windowReady(page: Page): Promise<void> {
  await page.locator('[data-testid="slip-balance"][data-value]').waitFor({ state: 'attached' });
  await page.getByTestId('nav-rules').waitFor();
}

async function openRules(page: Page): Promise<void> {
  await page.getByTestId('nav-rules').click();
  await page.getByTestId('rules-results').waitFor();
  await settle(page, '[data-testid="rules-results"]');
}

/**
 * The house rules in the sports window, in the member's language, citing the book's settings as the
 * server has them: a trader changes the bet delay and the rounding through the admin API and the
 * page says so the next time it opens.
 */
describe.runIf(chromiumAvailable)('the sports window’s published betting rules', () => {
  const b = useBrowser(PHONE);
  let trader: TraderCall;
  let before: Record<string, unknown>;

  beforeAll(async () => {
    trader = await signInTrader(WINDOW_TRADERS[3]);
    before = (await trader('GET', '/sports/settings')).settings as Record<string, unknown>;
  });
  // The other browser tests share this server: the book gets its house rules back.
  afterAll(async () => {
    await trader('POST', '/sports/settings', before);
  });

  it('Thai on a 360-px phone: the delay and rounding the server has, then the ones a trader sets', async () => {
    await trader('POST', '/sports/settings', {
      betDelaySeconds: 7,
      rounding: 'nearest',
      reducedMultiple: 'void',
    });
    await fundedMember(b.page, 'rules', 10_000);
    const url = await launch(b.page, 'sportsbook', 'royal-sports');
    await b.page.addInitScript(countRequestsInFlight);
    await b.page.goto(url);
    await windowReady(b.page);
    // The way in fits the phone's header beside the odds format.
    const link = (await b.page.getByTestId('nav-rules').boundingBox())!;
    expect(link.x + link.width).toBeLessThanOrEqual(PHONE.width);
    expect(await b.page.getByTestId('nav-rules').innerText()).toBe('กติกา');

    await openRules(b.page);
    const th = await shownRules(b.page);
    expect(th).toMatchObject({
      seconds: 7,
      delay: WORDS.th.seconds(7),
      rounding: 'nearest',
      reducedMultiple: 'void',
    });
    expect(th.roundingText).toBe(WORDS.th.nearest);
    expect(th.inPlay).toContain(WORDS.th.seconds(7));
    // 10,001 satang at 1.50 is exactly 15,001.5: to nearest, 15,002. The figures are in the member's
    // currency (THB on the Thai site, as their bets), every amount of the sentence in the one money format.
    expect(th.roundingExample).toContain('฿100.01');
    expect(th.roundingExample).toContain('฿150.015');
    expect(th.roundingExample).toContain('฿150.02');
    expect(th.roundingExample).not.toMatch(/KRW|₩/);
    expect(await b.page.getByRole('heading', { level: 2 }).innerText()).toBe('กติกาการเดิมพัน');
    expect(await auditPage(b.page, { locale: 'th', allowed: [] })).toEqual([]);
    await b.screenshot('sports-rules-th-phone');

    await trader('POST', '/sports/settings', {
      betDelaySeconds: 3,
      rounding: 'down',
      reducedMultiple: 'single',
    });
    await b.page.getByRole('button', { name: '← กลับ', exact: true }).click();
    await openRules(b.page);
    const changed = await shownRules(b.page);
    expect(changed).toMatchObject({
      seconds: 3,
      delay: WORDS.th.seconds(3),
      rounding: 'down',
      reducedMultiple: 'single',
    });
    expect(changed.multiples).not.toBe(th.multiples);
    expect(changed.roundingText).toBe(WORDS.th.down);
    expect(changed.inPlay).toContain(WORDS.th.seconds(3));
    expect(changed.roundingExample).toContain('฿150.015');
    expect(changed.roundingExample).toContain('฿150.01');
    expect(changed.roundingExample).not.toContain('150.02');
  });

  it('English on a desktop: the same settings, the platform’s limits, each rule in its words', async () => {
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    await b.page.setViewportSize(DESKTOP);
    await b.page.reload();
    await windowReady(b.page);
    expect(await b.page.getByTestId('nav-rules').innerText()).toBe('Rules');
    await openRules(b.page);
    const en = await shownRules(b.page);
    expect(en).toMatchObject({ seconds: 3, delay: WORDS.en.seconds(3), rounding: 'down' });
    expect(en.roundingText).toBe(WORDS.en.down);
    expect(en.reducedMultiple).toBe('single');
    expect(en.multiples).toContain('the bet stands as a single on the selection left');
    expect(en.inPlay).toContain(`waits ${WORDS.en.seconds(3)} before it is accepted`);
    expect(en.roundingExample).toContain(
      `returns exactly ${formatMoneyDecimal('150.015', 'THB', 'en', 3)}, paid as ${formatMoney(15_001, 'THB', 'en')}`,
    );
    // The platform's limits as installed (migration 0011), in the member's minor units, and the dead heat example of SPORTSBOOK.md.
    expect(await b.page.getByTestId('rule-max-payout').innerText()).toBe(
      formatMoney(100_000_000, 'THB', 'en'),
    );
    expect(await b.page.getByTestId('rule-max-stake').innerText()).toBe(formatMoney(5_000_000, 'THB', 'en'));
    expect(await b.page.getByTestId('rules-deadHeat-example').innerText()).toContain(
      `a return of ${formatMoney(55_000, 'THB', 'en')}`,
    );
    expect(await auditPage(b.page, { locale: 'en', allowed: [] })).toEqual([]);
    await b.screenshot('sports-rules-en-desktop');
    await b.page.setViewportSize(PHONE);
    await b.screenshot('sports-rules-en-phone');
  });

  it('reads in all five languages within 360 px, with no word left in English', async () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      await b.page.evaluate((l) => localStorage.setItem('lang', l), locale);
      await b.page.reload();
      await windowReady(b.page);
      await openRules(b.page);
      // The member's currency code as the money formatter writes it in Korean and Japanese (KRW is always allowed).
      for (const p of await auditPage(b.page, { locale, allowed: ['THB'] })) problems.push(`${locale}: ${p}`);
      if (locale !== 'th' && locale !== 'en') await b.screenshot(`sports-rules-${locale}-phone`);
      if (locale === 'th') {
        await b.page.setViewportSize(DESKTOP);
        await b.screenshot('sports-rules-th-desktop');
        await b.page.setViewportSize(PHONE);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
