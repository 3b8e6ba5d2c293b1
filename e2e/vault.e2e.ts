import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BrowserSession, chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { chooseSiteLanguage } from './support/play.ts';

/** The vault panel's and dialog's words, per language (from the locale files the site loads). */
const WORDS = {
  en: {
    amount: 'Amount',
    toVault: 'Into vault',
    toCash: 'To balance',
    moved: 'Done: the money has been moved.',
    notEnough: 'The vault does not hold that much.',
    ok: 'OK',
    lineIn: 'Into vault',
    // The Thai demo site counts in baht, with its sign in English too.
    money: (baht: string) => `฿${baht}`,
  },
  th: {
    amount: 'จำนวนเงิน',
    toVault: 'เข้าตู้เซฟ',
    toCash: 'กลับเข้ายอดเงิน',
    moved: 'เรียบร้อย: ย้ายเงินแล้ว',
    notEnough: 'ในตู้เซฟมีเงินไม่พอ',
    ok: 'ตกลง',
    lineIn: 'เข้าตู้เซฟ',
    money: (baht: string) => `฿${baht}`,
  },
} as const;

const figure = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\u00a0/g, ' ');

/** Moves ฿250 into the vault and ฿50 back, then asks for too much, as a member would on my page. */
async function useTheVault(b: BrowserSession, locale: keyof typeof WORDS, prefix: string) {
  const w = WORDS[locale];
  await fundedMember(b.page, prefix, 50_000);
  await chooseSiteLanguage(b.page, locale);
  await b.page.goto('/user');
  // The amounts show once both the vault and the member's currency have loaded.
  await expect.poll(() => figure(b.page, 'vault-cash'), { timeout: 15_000 }).toBe(w.money('500.00'));
  // The amount's label reads as one line, its currency beside it (it fell on a line of its own).
  const label = b.page.locator('label:has(input[name="vault-amount"])');
  expect((await label.innerText()).trim()).toBe(`${w.amount} (THB)`);
  const move = async (amount: string, button: string, answer: string) => {
    await b.page.getByLabel(w.amount).fill(amount);
    await b.page.getByRole('button', { name: button, exact: true }).click();
    await b.page.getByText(answer).waitFor();
    await b.page.getByRole('button', { name: w.ok }).click();
  };
  // Typed in baht, as the member reads them.
  await move('250', w.toVault, w.moved);
  expect(await figure(b.page, 'vault-amount')).toBe(w.money('250.00'));
  expect(await figure(b.page, 'vault-cash')).toBe(w.money('250.00'));
  await move('50', w.toCash, w.moved);
  expect(await figure(b.page, 'vault-amount')).toBe(w.money('200.00'));
  expect(await figure(b.page, 'vault-cash')).toBe(w.money('300.00'));
  b.allow4xx({ status: 409, method: 'POST', path: '/api/routes/vault-withdraw' });
  await move('900', w.toCash, w.notEnough);
  expect(await figure(b.page, 'vault-amount')).toBe(w.money('200.00'));
  // The statement shows both legs of the move into the vault, in the page's language.
  await b.page.getByTestId('statement').getByText(w.lineIn).first().waitFor();
  // Nothing sticks out of a 360 px screen.
  const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.runIf(chromiumAvailable)('the vault on a phone, in English', () => {
  const b = useBrowser(PHONE);

  it('moves cash into the vault and back; asking for more than it holds is refused', async () => {
    await useTheVault(b, 'en', 'vaulten');
    await b.page.getByTestId('vault-amount').scrollIntoViewIfNeeded();
    await b.screenshot('vault-phone-en');
  });
});

describe.runIf(chromiumAvailable)('the vault on a phone, in Thai', () => {
  const b = useBrowser(PHONE);

  it('moves cash into the vault and back with Thai labels', async () => {
    await useTheVault(b, 'th', 'vaultth');
    await b.page.getByTestId('vault-amount').scrollIntoViewIfNeeded();
    await b.screenshot('vault-phone-th');
  });
});

describe.runIf(chromiumAvailable)('an older front end on a desktop', () => {
  const b = useBrowser(DESKTOP);

  it('opens a game through /public/: the absolute URL loads until the game shows the balance', async () => {
    const id = await fundedMember(b.page, 'vaultpub', 40_000);
    await chooseSiteLanguage(b.page, 'th');
    await b.page.goto('/user');
    await b.page.getByTestId('vault-amount').waitFor();
    await b.screenshot('vault-desktop-th');

    // The front end runs on another host: it talks to /public/ with the session header only.
    const post = async (path: string, body: object, session?: string) => {
      const res = await fetch(`${b.baseUrl}/public/${path}`, {
        method: 'POST',
        headers: {
          origin: 'https://front.example',
          'content-type': 'application/json;charset=UTF-8',
          ...(session ? { session } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    const login = await post('user/do_login', { id, pw: 'secret123' });
    const session = String(login.session);
    expect(await post('user/money_to_point', { balance: 15_000 }, session)).toMatchObject({ point: 15_000 });
    const opened = await post('slot/open_game', { code: 'lucky-sevens', company: 'Royal Slots' }, session);
    const gameUrl = String(opened.gameUrl);
    expect(gameUrl.startsWith(b.baseUrl)).toBe(true);
    await b.page.goto(gameUrl);
    const balance = b.page.getByTestId('game-balance');
    await balance.waitFor();
    // Only the cash is playable: the vault's 15,000 stays out of the game.
    await expect.poll(() => balance.getAttribute('data-value')).toBe('25000');
    await b.screenshot('vault-public-game-desktop');
  });
});

describe.runIf(chromiumAvailable)('a move whose answer is lost', () => {
  const b = useBrowser(PHONE);

  it('moves the money once when the member tries again after the connection dropped', async () => {
    const w = WORDS.en;
    await fundedMember(b.page, 'vaultlost', 50_000);
    await chooseSiteLanguage(b.page, 'en');
    await b.page.goto('/user');
    await expect.poll(() => figure(b.page, 'vault-cash'), { timeout: 15_000 }).toBe(w.money('500.00'));
    // The first move reaches the server and is applied; its answer never comes back.
    let dropped = false;
    await b.page.route('**/api/routes/vault-deposit', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await b.page.getByLabel(w.amount).fill('250');
    await b.page.getByRole('button', { name: w.toVault, exact: true }).click();
    await b.page.getByText('Something went wrong. Please try again.').waitFor();
    await b.page.getByRole('button', { name: w.ok }).click();
    // The member tries again, as the message says: the same move, not a second one.
    await b.page.getByRole('button', { name: w.toVault, exact: true }).click();
    await b.page.getByText(w.moved).waitFor();
    await b.page.getByRole('button', { name: w.ok }).click();
    expect(await figure(b.page, 'vault-amount')).toBe(w.money('250.00'));
    expect(await figure(b.page, 'vault-cash')).toBe(w.money('250.00'));
    // The browser's own line about the connection this test dropped.
    const provoked = b.errors.filter((e) => /ERR_CONNECTION_RESET|net::ERR_/.test(e));
    expect(provoked.length).toBeLessThanOrEqual(1);
    b.errors.splice(0, b.errors.length, ...b.errors.filter((e) => !provoked.includes(e)));
  });
});
