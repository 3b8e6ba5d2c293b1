import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LINE_BETS } from '../src/shared/games/house-games.ts';
import { PAYLINES } from '../src/shared/games/slot.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { launch, memberCall } from './support/member.ts';
import { PROMO_DESK, PROMO_OWNER, signInOperator } from './support/operator.ts';
import { label } from './support/page-audit.ts';
import { newMemberIn } from './support/play.ts';
import { memberAtLevel, signInTrader, type TraderCall } from './support/trader.ts';

/** The slot's smallest total stake: what each spin below stakes (the window opens on the smallest line bet). */
const STAKE = LINE_BETS[0]! * PAYLINES.length;
/** Bonus and wagering (×1 of the bonus) of two and a half stakes: three spins complete it, one does not. */
const BONUS = Math.round(STAKE * 2.5);
/** Only members of this level are offered the campaign: no other test file's member sees it. */
const PROMO_LEVEL = 7;
/** What the next level needs in total wagered: far beyond any test's play, so nobody rises to it. */
const NEXT_LEVEL_NEEDS = 1_000_000_000_00;

/**
 * Promotions at 360 px, in Thai and in English (issue 36): a welcome campaign the operator creates
 * through the admin API; the member opts in at deposit, the deposit is approved, a built-in slot's
 * spins move the wagering progress on /promotions, and the member converts the bonus to cash.
 */
describe.runIf(chromiumAvailable)('promotions: opt in at deposit, wager, convert', () => {
  const b = useBrowser(PHONE);
  let admin: TraderCall;
  let campaignId = 0;

  beforeAll(async () => {
    admin = await signInTrader(PROMO_OWNER);
    const created = await admin('POST', '/promotions/campaigns', {
      name: 'Royal Welcome',
      type: 'first_deposit',
      currency: 'THB',
      percentBps: 10_000,
      cap: BONUS,
      minDeposit: 10_000,
      levels: [PROMO_LEVEL],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      wageringMultiple: 1,
      wageringBase: 'bonus',
      expiryDays: 7,
      terms: {
        th: 'โบนัส 100% สำหรับการฝากครั้งแรก ทำเทิร์น 1 เท่า',
        en: '100% on your first deposit, wagered once.',
      },
    });
    campaignId = (created.campaign as { id: number }).id;
    // The level above the campaign's, on every site: the member's VIP card shows how far it is.
    const sites = (await admin('GET', '/settings/sites')).sites as { id: number }[];
    for (const site of sites) {
      await admin('POST', `/promotions/vip-levels/${site.id}`, {
        levels: [{ level: PROMO_LEVEL + 1, wagered: NEXT_LEVEL_NEEDS }],
      });
    }
  });

  /** A new member of this test, logged in, at the campaign's level, the site in `locale`. */
  async function member(locale: string): Promise<string> {
    const id = `promo${locale}${Date.now().toString(36)}`.slice(0, 16);
    await newMemberIn(b.page, locale, id);
    await memberAtLevel(admin, id, PROMO_LEVEL);
    return id;
  }

  const progressOf = async () => {
    const mine = (await memberCall(b.page, 'get-my-bonuses', {})) as {
      active: { wageringDone: number; wageringRequired: number } | null;
    };
    return mine.active;
  };

  it.each(['th', 'en'])(
    '%s: takes the welcome bonus at deposit, plays, watches it move, converts',
    async (locale) => {
      const t = (ns: string, key: string) => label(locale, ns, key);
      const id = await member(locale);

      // The offer, its numbers and terms in the member's language.
      await b.page.goto('/promotions');
      const offer = b.page.getByTestId(`offer-${campaignId}`);
      await offer.waitFor();
      await offer.getByText(t('promotions', 'type.first_deposit')).waitFor();
      await offer.getByText('100%', { exact: true }).waitFor();
      await b.screenshot(`promotions-offer-phone-${locale}`);
      // The member's VIP card: the level, nothing wagered yet, the way to the next level.
      const vip = b.page.getByTestId('vip-progress');
      await vip.getByText(t('promotions', 'vipTitle')).waitFor();
      expect(await vip.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
      await vip.scrollIntoViewIfNeeded();
      await b.screenshot(`promotions-vip-phone-${locale}`);

      // Opting in at deposit: the offer's link chooses it on the deposit page.
      await offer.getByRole('link', { name: t('promotions', 'takeAtDeposit') }).click();
      await b.page.getByTestId(`deposit-promo-${campaignId}`).waitFor();
      await expect
        .poll(() => b.page.getByTestId(`deposit-promo-${campaignId}`).getAttribute('aria-pressed'))
        .toBe('true');
      await b.page.locator('#amount').fill('1000');
      await b.screenshot(`promotions-deposit-phone-${locale}`);
      await b.page.getByRole('button', { name: t('cashier', 'submitDeposit') }).click();
      await b.page.getByText(t('common', 'msg.msg2010')).waitFor();
      await b.page.getByRole('button', { name: t('common', 'ok') }).click();
      const approved = await fetch(`${inject('operatorUrl')}/approve-latest-deposit`, {
        method: 'POST',
        body: JSON.stringify({ loginId: id }),
      });
      expect(approved.status).toBe(200);
      await memberCall(b.page, 'read-all-note', {});
      expect(await progressOf()).toEqual(
        expect.objectContaining({ wageringDone: 0, wageringRequired: BONUS }),
      );

      // The active bonus with its progress at 0; the header shows the bonus apart from cash.
      await b.page.goto('/promotions');
      await b.page.getByTestId('active-bonus').waitFor();
      await b.page.getByTestId('header-bonus').waitFor();
      const bonusBar = b.page.getByTestId('active-bonus').getByRole('progressbar');
      expect(await bonusBar.getAttribute('aria-valuenow')).toBe('0');
      await b.screenshot(`promotions-active-phone-${locale}`);

      // A built-in slot in a second tab; the promotions page follows its spins.
      const game = await b.context.newPage();
      await game.goto(await launch(b.page, 'lucky-sevens', 'royal-slots'));
      await game.getByTestId('game-balance').waitFor();
      const spin = game.getByRole('button', { name: label(locale, 'play', 'spin'), exact: true });
      const spinOnce = async () => {
        await spin.click();
        await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
      };
      await spinOnce();
      await expect.poll(async () => (await progressOf())?.wageringDone).toBe(STAKE);
      await b.page.bringToFront();
      await expect
        .poll(() => bonusBar.getAttribute('aria-valuenow'), { timeout: 15_000 })
        .toBe(String(Math.floor((STAKE * 100) / BONUS)));
      // The bar grows with a short transition: the picture is taken once it has.
      await b.page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      await b.screenshot(`promotions-progress-phone-${locale}`);

      // Two more spins complete the wagering; the page offers the conversion.
      await game.bringToFront();
      await spinOnce();
      await spinOnce();
      await game.close();
      await expect.poll(async () => (await progressOf())?.wageringDone).toBe(BONUS);
      const convert = b.page.getByTestId('convert-bonus');
      await convert.waitFor({ timeout: 15_000 });
      await b.screenshot(`promotions-complete-phone-${locale}`);
      await convert.click();
      await b.page.getByRole('button', { name: t('common', 'ok') }).click();
      await b.page.getByText(t('promotions', 'noActive')).waitFor();
      await b.page.getByTestId('bonus-history').getByText(t('promotions', 'status.converted')).waitFor();
      await expect.poll(() => b.page.getByTestId('header-bonus').count()).toBe(0);
      await b.screenshot(`promotions-converted-phone-${locale}`);

      // The same page on a wide screen.
      await b.page.setViewportSize(DESKTOP);
      await b.page.goto('/promotions');
      await b.page.getByTestId('bonus-history').getByText(t('promotions', 'status.converted')).waitFor();
      // The welcome bonus taken is in the history, no longer among the offers.
      expect(await b.page.getByTestId(`offer-${campaignId}`).count()).toBe(0);
      await b.page.getByTestId('vip-progress').getByText(t('promotions', 'vipTitle')).waitFor();
      await b.screenshot(`promotions-desktop-${locale}`);
      await b.page.setViewportSize(PHONE);
    },
  );

  it('th: no empty card on the page while the VIP progress is on its way', async () => {
    await member('th');
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await b.page.route('**/api/routes/get-vip-progress', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await b.page.goto('/promotions');
      await b.page.getByText(label('th', 'promotions', 'codeTitle')).waitFor();
      await b.page.getByText(label('th', 'promotions', 'noActive')).waitFor();
      // Every card on the page says something: a blank box reads as a page that broke.
      const blank = await b.page
        .locator('main section')
        .evaluateAll((cards) => cards.filter((card) => !card.textContent?.trim()).length);
      expect(blank).toBe(0);
      release();
      await b.page
        .getByTestId('vip-progress')
        .getByText(label('th', 'promotions', 'vipTitle'))
        .waitFor();
    } finally {
      release();
      await b.page.unroute('**/api/routes/get-vip-progress');
    }
  });

  it('en: a withdrawal while the bonus runs warns, asks, and forfeits it on yes', async () => {
    const t = (ns: string, key: string) => label('en', ns, key);
    const id = await member('en');
    const asked = await memberCall(b.page, 'apply-user-deposit', {
      balance: 100_000,
      code: `${Date.now()}`,
      promo: campaignId,
    });
    expect(asked.status).toBe('success');
    const approved = await fetch(`${inject('operatorUrl')}/approve-latest-deposit`, {
      method: 'POST',
      body: JSON.stringify({ loginId: id }),
    });
    expect(approved.status).toBe(200);
    await memberCall(b.page, 'read-all-note', {});
    await b.page.goto('/withdraw');
    await b.page.getByTestId('forfeit-warning').waitFor();
    await b.page.locator('#amount').fill('500');
    await b.screenshot('promotions-withdraw-phone-en');
    await b.page.getByRole('button', { name: t('cashier', 'submitWithdraw') }).click();
    // No: the bonus stays and nothing is asked of the cashier.
    await b.page.getByText(t('common', 'msg.msg3607')).waitFor();
    await b.page.getByRole('button', { name: t('common', 'cancel') }).click();
    expect(await progressOf()).not.toBeNull();
    // Yes: the withdrawal is requested and the bonus forfeited.
    await b.page.getByRole('button', { name: t('cashier', 'submitWithdraw') }).click();
    await b.page.getByRole('button', { name: t('common', 'ok') }).click();
    await b.page.getByText(t('common', 'msg.msg2015')).waitFor();
    await b.page.getByRole('button', { name: t('common', 'ok') }).click();
    expect(await progressOf()).toBeNull();
    await b.page.goto('/promotions');
    await b.page.getByTestId('bonus-history').getByText(t('promotions', 'status.forfeited')).waitFor();
  });

  it('back office: the campaign in the list, its report (two conversions, one forfeiture) and its form', async () => {
    await b.page.setViewportSize(DESKTOP);
    await signInOperator(b, PROMO_DESK);
    await b.page.getByRole('link', { name: 'Promotions' }).click();
    const list = b.page.getByRole('table', { name: 'Campaigns' });
    const row = list.getByRole('row').filter({ hasText: 'Royal Welcome' });
    await row.getByRole('button', { name: 'Open' }).click();
    const report = b.page.getByRole('table', { name: 'Report of Royal Welcome' });
    await expect
      .poll(() => report.getByRole('row').filter({ hasText: 'Converted' }).innerText())
      .toMatch(/Converted\s+2\s/);
    expect(await report.getByRole('row').filter({ hasText: 'Forfeited' }).innerText()).toMatch(
      /Forfeited\s+1\s/,
    );
    await b.page.getByRole('tab', { name: /English/ }).click();
    await expect
      .poll(() => b.page.getByLabel('Terms in the chosen language').inputValue())
      .toBe('100% on your first deposit, wagered once.');
    await b.screenshot('promotions-admin-desktop');
    await b.page.setViewportSize(PHONE);
    await b.screenshot('promotions-admin-phone');
  });
});
