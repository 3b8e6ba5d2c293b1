import { describe, expect, it } from 'vitest';
import { chromiumAvailable, holdScripts, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';

declare global {
  interface Window {
    guestSeen?: boolean;
  }
}

/** What only a guest's page shows: the header's way to register (a member's shows their id instead). */
const GUEST_ONLY = 'a[href="/register"]';

/**
 * A logged-in member's home is rendered on the server with their figures (src/server/http/home-shell.ts),
 * as fast as a guest's and never the guest's page first: from the first paint to the hydrated page.
 */
describe.runIf(chromiumAvailable)("a member's home page as sent, then hydrated", () => {
  const b = useBrowser(PHONE);

  it("sends the member's header rendered, kept from shared caches", async () => {
    const id = await fundedMember(b.page, 'mh', 50_000);
    const reply = await b.page.request.get('/');
    expect(reply.headers()['cache-control']).toBe('private, no-store');
    const html = await reply.text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain('data-testid="user-id"');
    expect(root).toContain(id);
    expect(root).not.toContain('href="/register"');
    expect(root).toContain('data-testid="jackpot"');
  });

  it('shows no guest content at any point: the early paint (scripts held back), then hydrated', async () => {
    // Watches every change to the page from its first byte for anything only a guest sees.
    await b.page.addInitScript((selector) => {
      window.guestSeen = false;
      new MutationObserver(() => {
        if (document.querySelector(selector)) window.guestSeen = true;
      }).observe(document, { childList: true, subtree: true, attributes: true });
    }, GUEST_ONLY);
    // The site's scripts held back a moment: what shows meanwhile is the server's page alone.
    const release = await holdScripts(b.page);
    await b.page.goto('/', { waitUntil: 'commit' });
    await b.page.getByTestId('user-id').first().waitFor({ state: 'attached' });
    await b.page.getByTestId('jackpot').first().waitFor();
    expect(await b.page.locator('#root[inert]').count()).toBe(1);
    await b.screenshot('member-home-early-paint');
    release();
    await b.page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    await b.page.getByTestId('user-id').first().waitFor({ state: 'attached' });
    await b.page.waitForLoadState('networkidle');
    await b.screenshot('member-home-hydrated');
    expect(await b.page.evaluate(() => window.guestSeen)).toBe(false);
    await b.page.unroute('**/assets/*.js');
  });

  it('hydrates without asking again for what the server sent with the page', async () => {
    await fundedMember(b.page, 'mq', 50_000);
    const asked: string[] = [];
    b.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/routes/')) asked.push(path.slice('/api/routes/'.length));
    });
    await b.page.goto('/');
    await b.page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    await b.page.waitForLoadState('networkidle');
    // The layout's member queries (useLayoutData) and the health check were answered in the page.
    for (const route of [
      'user-health-check',
      'get-help-list',
      'get-in-game-balance',
      'get-deposit-payment',
      'get-withdrawal-payment',
      'get-user-notices',
    ])
      expect(asked, route).not.toContain(route);
  });
});
