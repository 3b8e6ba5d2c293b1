import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, holdScripts, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';

/**
 * The sports window's first screen is rendered on the server with the book's first answers
 * (src/server/http/sports-shell.ts, issue 35), so a phone paints it before any script has run; the
 * window then hydrates it: prices answer a tap, and a slip kept in this browser shows its picks.
 */
/**
 * Waits for the window to finish hydrating (`#root` no longer inert). A page that never does fails with
 * what it shows, so a failure on a loaded CI runner says where the window stopped.
 */
async function hydrated(page: Page): Promise<void> {
  await page
    .locator('#root:not([inert])')
    .waitFor({ state: 'attached', timeout: 20_000 })
    .catch(async (e: Error) => {
      const state = await page
        .evaluate(() => ({
          url: location.pathname,
          readyState: document.readyState,
          inert: document.querySelectorAll('#root[inert]').length,
          events: document.querySelectorAll('[data-testid="listing"] [data-event]').length,
          prices: document.querySelectorAll('[data-testid="listing"] [data-testid="price"]').length,
          text: document.body.innerText.slice(0, 300),
        }))
        .catch((why: Error) => why.message);
      throw new Error(`${e.message}\nthe window never hydrated: ${JSON.stringify(state)}`);
    });
}

describe.runIf(chromiumAvailable)("the sports window's first screen, sent rendered", () => {
  const b = useBrowser(PHONE);

  it('sends the listing rendered for a launch, kept from shared caches; the plain window otherwise', async () => {
    await fundedMember(b.page, 'ssh', 10_000);
    const url = await launch(b.page, 'sportsbook', 'royal-sports');
    const reply = await b.page.request.get(url);
    expect(reply.headers()['cache-control']).toBe('private, no-store');
    const html = await reply.text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain('data-testid="listing"');
    expect(root).toContain('data-testid="price"');
    expect(root).toContain('data-testid="favourites"');
    expect(html).toContain('id="sports-shell"');
    // No launch token (a proof's link, a guest): the plain window, which asks for itself.
    const plain = await (await b.page.request.get('/sports?bet=1')).text();
    expect(plain).not.toContain('id="sports-shell"');
    const refused = await (await b.page.request.get('/sports?token=not-a-launch')).text();
    expect(refused).not.toContain('id="sports-shell"');
  });

  it('paints before its scripts run, then hydrates: a tap on a price, and the kept slip shown picked', {
    timeout: 60_000,
  }, async () => {
    await fundedMember(b.page, 'ssk', 10_000);
    const url = await launch(b.page, 'sportsbook', 'royal-sports');
    // The window's scripts held back: what shows meanwhile is the server's page alone.
    const release = await holdScripts(b.page);
    let id: string | null;
    try {
      await b.page.goto(url, { waitUntil: 'commit' });
      // The listing's first match with a price open to bets, as the server drew it (other test files
      // share the book: a match of theirs may come first with its market suspended).
      const card = b.page
        .locator('[data-testid="listing"] [data-event]')
        .filter({ has: b.page.locator('[data-testid="price"]:not([disabled])') })
        .first();
      await card.locator('[data-testid="price"]').first().waitFor();
      id = await card.getAttribute('data-event');
      expect(await b.page.locator('#root[inert]').count()).toBe(1);
      await b.screenshot('sports-shell-early-paint');
    } finally {
      // Released whatever happened: a script held past this test would keep the next one from hydrating.
      release();
    }
    await hydrated(b.page);
    const home = b.page
      .locator(`[data-testid="listing"] [data-event="${id}"] [data-testid="price"]:not([disabled])`)
      .first();
    await home.click();
    await expect.poll(() => home.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => b.page.getByTestId('slip-toggle').textContent()).toContain('(1)');
    await b.page.unroute('**/assets/*.js');

    // Opened again: the slip kept in this browser is read after hydration and its pick is marked.
    await b.page.goto(await launch(b.page, 'sportsbook', 'royal-sports'));
    await hydrated(b.page);
    const again = b.page
      .locator(`[data-testid="listing"] [data-event="${id}"] [data-testid="price"]:not([disabled])`)
      .first();
    await expect.poll(() => again.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => b.page.getByTestId('slip-toggle').textContent()).toContain('(1)');
    await b.screenshot('sports-shell-hydrated');
  });

  it('hydrates without asking again for what came with the page (the zone, the house rules, the first screen)', {
    timeout: 60_000,
  }, async () => {
    await fundedMember(b.page, 'ssq', 10_000);
    const url = await launch(b.page, 'sportsbook', 'royal-sports');
    const asked: string[] = [];
    b.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'POST') asked.push(path.replace(/^\/(sports\/)?api\/(routes\/)?/, ''));
    });
    await b.page.goto(url);
    await hydrated(b.page);
    await b.page.waitForLoadState('networkidle');
    for (const route of ['get-reg-domain', 'rules', 'init', 'leagues', 'popular', 'favourites'])
      expect(asked, route).not.toContain(route);
  });
});
