import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NOTICES } from '../src/server/db/seed-demo-content.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMemberLoggedOut, MEMBER_PASSWORD } from './support/member.ts';

describe.runIf(chromiumAvailable)('home page on a desktop', () => {
  const b = useBrowser(DESKTOP);
  // This file's own member: it logs in and launches games here, touching no other file's member.
  let member = '';
  beforeAll(async () => {
    member = await fundedMemberLoggedOut(b.page, 'home', 100_000);
  });

  it('shows a guest the jackpot and casino tiles, opens a built-in game in demo and asks to log in for sports (msg2001)', async () => {
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    await b.page.goto('/');
    await b.page.getByTestId('casino-tiles').getByText('Royal Baccarat').waitFor();
    // The banner shows the real progressive pool, which never holds less than its reseed.
    const jackpot = async () => Number(await b.page.getByTestId('jackpot').getAttribute('data-amount'));
    await expect.poll(jackpot, { timeout: 8_000 }).toBeGreaterThanOrEqual(10_000_000);
    await b.page.getByText(DEMO_NOTICES[0].title).first().waitFor();
    await b.screenshot('home-guest-desktop-tiles');
    // A built-in game plays in demo for a guest (fun money, no login): its window opens with ?demo=1.
    const [demo] = await Promise.all([
      b.context.waitForEvent('page'),
      b.page.getByText('Royal Baccarat').click(),
    ]);
    await demo.waitForURL(/\/play\/baccarat\?demo=1/);
    // Closed, so the member's game below opens a new window instead of reusing this one ('royal-game').
    await demo.close();
    // Sports has no demo: a guest is asked to log in.
    await b.page.getByRole('tab', { name: 'Sports' }).click();
    await b.page.getByTestId('sport-tiles').getByRole('button').first().click();
    await b.page.getByText('Please log in first.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
  });

  it("opens a slot provider's games in a modal, in English", async () => {
    await b.page.getByRole('tab', { name: 'Slots' }).click();
    await b.page.getByText('Royal Slots').click();
    const modal = b.page.getByTestId('slot-games');
    await modal.getByText('Golden Dragon').waitFor();
    await b.screenshot('home-slot-modal-desktop');
    await b.page.getByRole('button', { name: 'Close' }).click();
  });

  it('launches a casino game for a member in a 1400×800 window after the loading box', async () => {
    await b.page.getByPlaceholder('ID').fill(member);
    await b.page.getByPlaceholder('Password').fill(MEMBER_PASSWORD);
    await b.page.getByRole('button', { name: 'Log in' }).click();
    await b.page.getByTestId('user-id').waitFor();
    const popup = b.context.waitForEvent('page');
    await b.page.getByRole('tab', { name: 'Casino' }).click();
    await b.page.getByText('Royal Baccarat').click();
    await b.page.getByText('Loading the game...').waitFor();
    const game = await popup;
    await game.waitForURL(/\/play\/baccarat\?token=/);
    expect(game.viewportSize()).toMatchObject({ width: 1400, height: 800 });
    await game.close();
    // The box closes by itself after 4 seconds.
    await b.page.getByText('Loading the game...').waitFor({ state: 'hidden', timeout: 6_000 });
  });

  it('says maintenance (msg2218) and then the failure (msg2012) for a vendor under maintenance', async () => {
    b.allow4xx({ status: 409, method: 'POST', path: '/api/routes/open-game' });
    await b.page.getByText('Royal Live Tables').click();
    await b.page.getByText('This game is under maintenance.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByText('Something went wrong. Please try again.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
  });
});

describe.runIf(chromiumAvailable)('home page on a phone, in Korean', () => {
  const b = useBrowser(PHONE);

  it('shows Korean names in the slot modal', async () => {
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.setItem('lang', 'ko'));
    await b.page.goto('/');
    await b.page.getByRole('tab', { name: '슬롯' }).click();
    await b.page.getByText('로얄 슬롯').click();
    await b.page.getByTestId('slot-games').getByText('골든 드래곤').waitFor();
    await b.screenshot('home-slot-modal-phone-ko');
    await b.page.getByRole('button', { name: '닫기' }).click();
    await b.page.getByRole('tab', { name: '카지노' }).click();
    await b.screenshot('home-guest-phone-ko');
  });
});
