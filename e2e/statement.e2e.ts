import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LINE_BETS } from '../src/shared/games/house-games.ts';
import { LUCKY_SEVENS } from '../src/shared/games/machines/lucky-sevens.ts';
import { PAYLINES } from '../src/shared/games/slot.ts';
import { playSpin } from '../src/shared/games/slot-machine.ts';
import { syncRoundDraw } from '../test/support/slot-simulation.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { launch, memberCall, seedHouseRounds } from './support/member.ts';
import { STATEMENT_OWNER } from './support/operator.ts';
import { newMemberIn } from './support/play.ts';
import { memberAtLevel, signInTrader, type TraderCall } from './support/trader.ts';

/** The member site's `user` texts in `locale`. */
const userTexts = (locale: string) =>
  JSON.parse(readFileSync(resolve(`src/shared/i18n/locales/${locale}/user.json`), 'utf8')) as {
    movement: Record<string, string>;
    accountKind: Record<string, string>;
    kind: string;
  };
const spinLabel = (locale: string) =>
  JSON.parse(readFileSync(resolve(`src/shared/i18n/locales/${locale}/play.json`), 'utf8')).spin as string;

/** Only members of this level are offered this file's campaigns: no other file's member gets them. */
const LEVEL = 12;
/** The slot's smallest total stake, what the window's first spin stakes. */
const STAKE = LINE_BETS[0]! * PAYLINES.length;

/**
 * A promotion's money on my page's statement at 360 px, in Thai and in English: a welcome bonus with no
 * wagering converted to cash, and a cashback on a lost spin, each named in the member's language (never
 * `cashback` or `bonus_convert`) and listed under the statement's bonus filter.
 */
describe.runIf(chromiumAvailable)('the statement names a promotion’s money, on a phone', () => {
  const b = useBrowser(PHONE);
  let admin: TraderCall;
  let welcome = 0;

  beforeAll(async () => {
    admin = await signInTrader(STATEMENT_OWNER);
    const window = {
      currency: 'THB',
      levels: [LEVEL],
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      terms: { th: 'ทดสอบรายการเดินบัญชี', en: 'Statement test' },
    };
    const created = await admin('POST', '/promotions/campaigns', {
      ...window,
      name: 'Statement welcome',
      type: 'first_deposit',
      percentBps: 10_000,
      cap: 50_000,
      minDeposit: 10_000,
      wageringMultiple: 0,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    welcome = (created.campaign as { id: number }).id;
    await admin('POST', '/promotions/campaigns', {
      ...window,
      name: 'Statement cashback',
      type: 'cashback',
      percentBps: 5_000,
      cap: 100_000,
      cashbackPeriodDays: 1,
      wageringMultiple: 0,
      startsAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
  });

  /** Seeds under which the member's next spin (nonce 0) loses its stake. */
  async function loseNextSpin(loginId: string) {
    const serverSeed = `statement-${loginId}`;
    let c = 0;
    while (playSpin(LUCKY_SEVENS, syncRoundDraw(serverSeed, `loss-${c}`, 0)).multiplier > 0) c++;
    await seedHouseRounds(loginId, serverSeed, `loss-${c}`);
  }

  it.each(['th', 'en'])(
    '%s: the bonus converted and the cashback, in words, under Bonuses',
    async (locale) => {
      const u = userTexts(locale);
      const id = `stmt${locale}${Date.now().toString(36)}`.slice(0, 16);
      await newMemberIn(b.page, locale, id);
      await memberAtLevel(admin, id, LEVEL);

      // The welcome bonus at the first deposit, nothing to wager: converted to cash at once.
      const asked = await memberCall(b.page, 'apply-user-deposit', {
        balance: 100_000,
        code: `${Date.now()}`,
        promo: welcome,
      });
      expect(asked.status).toBe('success');
      const approved = await fetch(`${inject('operatorUrl')}/approve-latest-deposit`, {
        method: 'POST',
        body: JSON.stringify({ loginId: id }),
      });
      expect(approved.status).toBe(200);
      expect(await memberCall(b.page, 'convert-bonus', {})).toMatchObject({ status: 'success' });

      // One lost spin of the built-in slot, then a day passes: the cashback pays half of it.
      await loseNextSpin(id);
      const game = await b.context.newPage();
      await game.goto(await launch(b.page, 'lucky-sevens', 'royal-slots'));
      await game.getByTestId('game-balance').waitFor();
      const spin = game.getByRole('button', { name: spinLabel(locale), exact: true });
      await spin.click();
      await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
      await game.close();
      const paid = await fetch(`${inject('operatorUrl')}/cashback-yesterday`, {
        method: 'POST',
        body: JSON.stringify({ loginId: id }),
      });
      expect(await paid.json()).toMatchObject({ status: 'success', paid: 1 });
      await memberCall(b.page, 'read-all-note', {});

      await b.page.goto('/user');
      const statement = b.page.getByTestId('statement');
      await statement.getByText(`${u.movement.cashback} · ${u.accountKind.cash}`).waitFor();
      await statement.getByText(`${u.movement.bonus_convert} · ${u.accountKind.cash}`).waitFor();
      await statement.getByText(`${u.movement.bonus_convert} · ${u.accountKind.bonus}`).waitFor();
      await statement.getByText(`${u.movement.bonus_grant} · ${u.accountKind.bonus}`).waitFor();
      await statement.getByText(`${u.movement.bet} · ${u.accountKind.cash}`).waitFor();
      // The cashback is half the stake lost.
      const lines = (await memberCall(b.page, 'get-user-statement', { kind: 'bonus' })).list as {
        kind: string;
        amount: number;
      }[];
      expect(lines.find((l) => l.kind === 'cashback')?.amount).toBe(STAKE / 2);
      await statement.scrollIntoViewIfNeeded();
      await b.screenshot(`statement-promotions-phone-${locale}`);

      // The bonus filter lists the promotion's lines and nothing else; no internal name anywhere.
      await statement.getByLabel(u.kind).selectOption('bonus');
      await expect.poll(() => statement.getByRole('listitem').count()).toBe(4);
      await b.screenshot(`statement-bonus-filter-phone-${locale}`);
      expect(await statement.textContent()).not.toMatch(/cashback|bonus_|movement\.|accountKind\./);
      // Nothing wider than the phone.
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      // The same lines on a desktop, nothing wider than its screen either.
      await b.page.setViewportSize(DESKTOP);
      await statement.scrollIntoViewIfNeeded();
      await statement.screenshot({ path: `e2e/screenshots/statement-bonus-filter-desktop-${locale}.png` });
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        DESKTOP.width,
      );
      await b.page.setViewportSize(PHONE);
    },
    120_000,
  );
});
