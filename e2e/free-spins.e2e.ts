import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, loginAs, memberCall, registerViaApi } from './support/member.ts';
import { FLAGS_OPERATORS, FREE_SPINS_OWNERS, signInOperator } from './support/operator.ts';
import { label } from './support/page-audit.ts';
import { chooseSiteLanguage } from './support/play.ts';
import { memberAtLevel, signInTrader, type TraderCall } from './support/trader.ts';

/** Each spin stakes ฿10 (a line bet of ฿1 on the 10 lines), paid by the promotion. */
const SPIN_STAKE = 1_000;
/** Twenty spins: the chance that none of them wins anything is far below one in a thousand. */
const SPINS = 20;
/** Only members of these levels are offered the campaigns: no other test file's member sees them. */
const SPINS_LEVEL = 8;
const WELCOME_LEVEL = 9;

interface MyBonus {
  amount: number;
  balance: number;
  wageringRequired: number;
  wageringDone: number;
  freeSpins: { left: number; won: number } | null;
}

/**
 * Free spins at 360 px in Thai and English (issue 36): the member takes a free spins offer on
 * /promotions, plays the spins in the slot window (its "Free spins: N left" bar), their wins become
 * the bonus, and a cash spin moves its wagering. Then compliance reviews a duplicate-person flag.
 */
describe.runIf(chromiumAvailable)('free spins: take, play in the slot window, bonus and wagering', () => {
  const b = useBrowser(PHONE);
  let admin: TraderCall;
  let campaignId = 0;

  beforeAll(async () => {
    admin = await signInTrader(FREE_SPINS_OWNERS[0]);
    const created = await admin('POST', '/promotions/campaigns', {
      name: 'Lucky Twenty',
      type: 'free_spins',
      currency: 'THB',
      freeSpinCount: SPINS,
      freeSpinStake: SPIN_STAKE,
      freeSpinGame: 'lucky-sevens',
      levels: [SPINS_LEVEL],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      wageringMultiple: 5,
      expiryDays: 7,
      terms: {
        th: 'ฟรีสปิน 20 ครั้งใน Lucky Sevens ยอดชนะเป็นโบนัส ทำเทิร์น 5 เท่า',
        en: '20 free spins on Lucky Sevens; wins are bonus money, wagered 5 times.',
      },
    });
    campaignId = (created.campaign as { id: number }).id;
  });

  const mine = async () => (await memberCall(b.page, 'get-my-bonuses', {})).active as MyBonus | null;

  /** Clicks the window's free spin button and waits for the spin to end with `left` spins left. */
  async function freeSpin(game: Page, left: number) {
    await game.getByTestId('promo-spin').click();
    if (left > 0) {
      await expect
        .poll(() => game.getByTestId('promo-spins-left').getAttribute('data-value'), { timeout: 15_000 })
        .toBe(String(left));
      await expect.poll(() => game.getByTestId('promo-spin').isEnabled(), { timeout: 15_000 }).toBe(true);
    }
  }

  it.each(['th', 'en'])(
    '%s: takes the free spins, plays them, sees the bonus and its wagering move',
    async (locale) => {
      const t = (ns: string, key: string) => label(locale, ns, key);
      const id = await fundedMember(b.page, `spins${locale}`, 10_000);
      await memberAtLevel(admin, id, SPINS_LEVEL);
      await chooseSiteLanguage(b.page, locale);

      // The offer: its spins, stake and slot, and the button that takes it.
      await b.page.goto('/promotions');
      const offer = b.page.getByTestId(`offer-${campaignId}`);
      await offer
        .getByRole('term')
        .filter({ hasText: t('promotions', 'freeSpinStake') })
        .waitFor();
      await offer.scrollIntoViewIfNeeded();
      await b.screenshot(`free-spins-offer-phone-${locale}`);
      await offer.getByTestId(`take-free-spins-${campaignId}`).click();
      await b.page.getByRole('button', { name: t('common', 'ok') }).click();
      const left = b.page.getByTestId('free-spins-left');
      await expect.poll(() => left.getAttribute('data-value')).toBe(String(SPINS));
      await b.screenshot(`free-spins-active-phone-${locale}`);

      // The play button opens the slot window, which shows the spins left and plays them.
      const [game] = await Promise.all([
        b.context.waitForEvent('page'),
        b.page.getByTestId('play-free-spins').click(),
      ]);
      await game.setViewportSize(PHONE);
      const bar = game.getByTestId('promo-spins');
      await bar.waitFor();
      expect(await game.getByTestId('promo-spins-left').getAttribute('data-value')).toBe(String(SPINS));
      const cash = await game.getByTestId('game-balance').getAttribute('data-value');
      await game.screenshot({ path: `e2e/screenshots/free-spins-window-phone-${locale}.png` });
      await freeSpin(game, SPINS - 1);
      await freeSpin(game, SPINS - 2);
      await game.getByTestId('promo-spins-bonus').waitFor();
      await game.screenshot({ path: `e2e/screenshots/free-spins-played-phone-${locale}.png` });
      // The spins cost the member nothing: the cash balance is as it was.
      expect(await game.getByTestId('game-balance').getAttribute('data-value')).toBe(cash);

      // The rest through the window's API, as its button does, then the last one by the button.
      const token = new URL(game.url()).searchParams.get('token')!;
      for (let i = 0; i < SPINS - 3; i++) {
        const reply = await game.evaluate(
          async (tk) =>
            (
              await fetch('/house/api/free-spin', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ token: tk, game: 'lucky-sevens' }),
              })
            ).json(),
          token,
        );
        expect(reply.status).toBe('success');
      }
      await game.reload();
      await expect.poll(() => game.getByTestId('promo-spins-left').getAttribute('data-value')).toBe('1');
      await freeSpin(game, 0);
      await game.getByText(t('play', 'promoSpins.done')).waitFor({ timeout: 15_000 });
      await game.screenshot({ path: `e2e/screenshots/free-spins-done-phone-${locale}.png` });

      // Every win is bonus money under wagering: 5× what the spins won, nothing wagered yet.
      const bonus = (await mine())!;
      expect(bonus.freeSpins).toMatchObject({ left: 0 });
      const won = bonus.freeSpins!.won;
      expect(won).toBeGreaterThan(0);
      expect(bonus).toMatchObject({ amount: won, balance: won, wageringRequired: 5 * won, wageringDone: 0 });
      expect(await game.getByTestId('promo-spins-bonus').getAttribute('data-value')).toBe(String(won));

      // A spin with cash moves the wagering; the promotions page follows.
      await game.getByRole('button', { name: t('play', 'spin'), exact: true }).click();
      await expect.poll(async () => (await mine())?.wageringDone, { timeout: 15_000 }).toBe(1_000);
      await game.close();
      await b.page.bringToFront();
      await b.page.reload();
      const progress = b.page.getByTestId('wagering-progress');
      await progress.waitFor();
      await expect.poll(() => progress.innerText()).toContain('10.00');
      expect(await left.getAttribute('data-value')).toBe('0');
      await b.page.getByTestId('active-bonus').scrollIntoViewIfNeeded();
      await b.screenshot(`free-spins-wagering-phone-${locale}`);
    },
  );
});

/** A welcome bonus taken by a second member in the same browser is flagged: compliance clears it with a reason. */
describe.runIf(chromiumAvailable)('duplicate-person flags in the back office', () => {
  const b = useBrowser(DESKTOP);
  let admin: TraderCall;
  let welcomeId = 0;

  beforeAll(async () => {
    admin = await signInTrader(FREE_SPINS_OWNERS[1]);
    const created = await admin('POST', '/promotions/campaigns', {
      name: 'Flag Welcome',
      type: 'first_deposit',
      currency: 'THB',
      percentBps: 1_000,
      cap: 10_000,
      minDeposit: 0,
      levels: [WELCOME_LEVEL],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      wageringMultiple: 1,
    });
    welcomeId = (created.campaign as { id: number }).id;
  });

  /** A member who took the welcome bonus, from this browser (its user agent and address). */
  async function welcomed(prefix: string): Promise<string> {
    const id = `${prefix}${Date.now().toString(36)}`.slice(0, 16);
    await b.page.goto('/');
    await registerViaApi(b.page, id);
    await loginAs(b.page, id);
    const found = (await admin('GET', `/members?q=${id}`)).members as { id: number; loginId: string }[];
    await admin('POST', `/members/${found.find((m) => m.loginId === id)!.id}/level`, {
      level: WELCOME_LEVEL,
    });
    const asked = await memberCall(b.page, 'apply-user-deposit', {
      balance: 10_000,
      code: `${Date.now()}`,
      promo: welcomeId,
    });
    expect(asked.status).toBe('success');
    const approved = await fetch(`${inject('operatorUrl')}/approve-latest-deposit`, {
      method: 'POST',
      body: JSON.stringify({ loginId: id }),
    });
    expect(approved.status).toBe(200);
    await memberCall(b.page, 'read-all-note', {});
    await memberCall(b.page, 'user-logout', {});
    return id;
  }

  it('lists the flag with both logins and what matched; compliance clears it with a reason (en, th)', async () => {
    const first = await welcomed('flaga');
    const second = await welcomed('flagb');

    await signInOperator(b, FLAGS_OPERATORS[0]);
    await b.page.getByRole('link', { name: 'Duplicate persons' }).click();
    const table = b.page.getByRole('table', { name: 'Duplicate persons' });
    // registerViaApi gives every member the same phone and bank account: three flags; this one is the device's.
    const pair = () => table.getByRole('row').filter({ hasText: second }).filter({ hasText: first });
    const row = pair().filter({ hasText: 'Device and address' });
    await row.waitFor();
    expect(await pair().count()).toBe(3);
    await b.screenshot('person-flags-desktop-en');
    await b.page.setViewportSize(PHONE);
    await row.scrollIntoViewIfNeeded();
    await b.screenshot('person-flags-phone-en');

    // Clearing needs a reason; the flag then leaves the open list and shows under Cleared with it.
    const decision = row.getByRole('form');
    await decision.getByLabel('Reason (kept in the audit log)').fill('Same household, checked by phone');
    await decision.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await b.page.getByRole('tab', { name: 'Cleared' }).click();
    const cleared = pair();
    await cleared.getByText('Same household, checked by phone').waitFor();
    await cleared.scrollIntoViewIfNeeded();
    await b.screenshot('person-flags-cleared-phone-en');

    // The same screen in Thai, for a compliance operator who reads Thai.
    await b.context.clearCookies();
    await b.page.setViewportSize(DESKTOP);
    await signInOperator(b, FLAGS_OPERATORS[1]);
    await b.page.getByTestId('admin-language').selectOption({ label: 'ไทย' });
    await b.page
      .getByRole('link', { name: label('th', 'admin', 'nav.personFlags') })
      .first()
      .click();
    await b.page.setViewportSize(PHONE);
    await b.page.getByRole('tab', { name: label('th', 'admin', 'flags.state.cleared') }).click();
    await b.page.getByText('Same household, checked by phone').first().waitFor();
    await b.screenshot('person-flags-cleared-phone-th');
  });
});
