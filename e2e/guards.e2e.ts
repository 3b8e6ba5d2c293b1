import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { dismissNoteAlert, loginDemo } from './support/member.ts';

/** SPEC §2: the member-only routes. */
const GUARDED = ['/deposit', '/withdraw', '/note', '/comp', '/user', '/help', '/notice'];

describe.runIf(chromiumAvailable)('guards on a phone', () => {
  const b = useBrowser(PHONE);

  it('warns a guest (msg2001) on every member-only page', async () => {
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    for (const path of GUARDED) {
      await b.page.goto(path);
      await b.page.getByRole('alert').getByText('Please log in first.').waitFor();
    }
    // The log-in card sits inside the 360-px screen with a margin, as every other card does: at full
    // width its border and rounded corners ran into the screen's edges.
    for (const path of ['/deposit', '/login']) {
      await b.page.goto(path);
      const card = (await b.page
        .locator('main section:has(form input[type="password"])')
        .first()
        .boundingBox())!;
      expect(card.x, path).toBeGreaterThanOrEqual(12);
      expect(PHONE.width - (card.x + card.width), path).toBeGreaterThanOrEqual(12);
    }
    await b.screenshot('guard-login-card-phone-en');
  });

  it('does not navigate a guest who taps a member link', async () => {
    await b.page.goto('/');
    for (const name of ['Deposit', 'Withdraw', 'My page']) {
      await b.page.getByRole('navigation').getByRole('link', { name }).filter({ visible: true }).click();
      await b.page.getByText('Please log in first.').waitFor();
      await b.page.getByRole('button', { name: 'OK' }).click();
      expect(new URL(b.page.url()).pathname).toBe('/');
    }
  });

  it('lets a guest into the game lobby, which SPEC §2 does not guard', async () => {
    await b.page
      .getByRole('navigation')
      .getByRole('link', { name: 'Games' })
      .filter({ visible: true })
      .click();
    await b.page.waitForURL((url) => url.pathname === '/game');
    expect(await b.page.getByText('Please log in first.').count()).toBe(0);
  });
});

describe.runIf(chromiumAvailable)('every page, as a member, for the screenshots', () => {
  const b = useBrowser(DESKTOP);
  dismissNoteAlert(b);

  it('opens each page without errors', { timeout: 90_000 }, async () => {
    await loginDemo(b.page);
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    b.allow4xx({ status: 404, method: 'GET', path: '/nowhere' });
    for (const path of [...GUARDED, '/game', '/admin/error', '/nowhere']) {
      await b.page.goto(path);
      await b.page.locator('main :is(h1, h2, p, button, a)').first().waitFor();
      await b.screenshot(`page${path.replace(/\//g, '-')}-desktop`);
    }
  });

  it('sends a signed-in member who opens the log-in or sign-up page to the home page', async () => {
    for (const path of ['/login', '/register']) {
      await b.page.goto(path);
      await b.page.waitForURL((url) => url.pathname === '/');
      await b.page.locator('main :is(h1, h2, p, button, a)').first().waitFor();
      expect(await b.page.getByRole('heading', { name: /^(Log in|Create your account)$/ }).count()).toBe(0);
    }
  });
});
