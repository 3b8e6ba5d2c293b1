import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEB_LAYOUT } from '../tools/build-web.ts';
import { firstLoadBytes } from '../tools/web-build/first-load.ts';
import { servedBuild } from '../tools/web-build/publish.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';

/**
 * The guest home as the server sends it (src/server/http/home-shell.ts): its largest paint, the first
 * casino tile, is in the HTML before any script runs, and the page is then hydrated and answers.
 */
describe.runIf(chromiumAvailable)('the guest home page as sent, then hydrated', () => {
  const b = useBrowser(PHONE);

  it('sends the jackpot and the tiles rendered, the first tile image asked for first, the CSS inline', async () => {
    const reply = await b.page.request.get('/');
    const html = await reply.text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toMatch(/<img src="\/media\/vendors\/royal-baccarat\.svg"[^>]*fetchPriority="high"/i);
    expect(root).toContain('data-testid="jackpot"');
    expect(root).toContain('Royal Baccarat');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" as="image" href="\/media\/vendors\/royal-baccarat\.svg"/);
    expect(head).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
    // The inline styles are allowed by their hash and nothing wider.
    const css = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
    const hash = createHash('sha256').update(css).digest('base64');
    expect(reply.headers()['content-security-policy']).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(html).toContain('<html lang="th"');
  });

  it('is a production build on Preact, though the test runner builds it (NODE_ENV=test)', () => {
    // The build's own files: it also carries the previous build's, for pages opened before it.
    const own = servedBuild(WEB_LAYOUT)?.own ?? [];
    const assets = own.filter((f) => f.endsWith('.js'));
    expect(assets.length).toBeGreaterThan(10);
    const scripts = assets.map((f) => readFileSync(`dist/web/assets/${f}`, 'utf8'));
    // Only a development JSX transform calls jsxDEV; only React DOM (56 KB of the 100 the home may
    // load) tags nodes with __reactFiber.
    expect(scripts.filter((js) => js.includes('jsxDEV') || js.includes('__reactFiber'))).toEqual([]);
  });

  it("keeps a guest's first-load JavaScript within 100 KB brotli (issue 19; 112 KB on React DOM)", () => {
    const files = firstLoadBytes(WEB_LAYOUT.served, 'index.html');
    expect(files.length).toBeGreaterThan(5);
    expect(files.reduce((sum, f) => sum + f.brotli, 0) / 1024).toBeLessThanOrEqual(100);
  });

  it('hydrates in Thai: the tabs answer, and the page looks as sent', async () => {
    await b.page.goto('/');
    await b.page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    await b.page.getByTestId('casino-tiles').getByText('Royal Baccarat').waitFor();
    await b.screenshot('home-shell-phone-th');
    await b.page.getByRole('tab', { name: 'สล็อต' }).click();
    await b.page.getByTestId('slot-tiles').getByText('Royal Slots').waitFor();
  });

  it('hydrates the sent markup in place, the parts below the fold and the closed panels after the rest', async () => {
    const page = await b.context.newPage();
    try {
      // Every element the page's scripts remove from the sent page (the parser's own work aside).
      await page.addInitScript(() => {
        const w = window as unknown as { removedBySpa: string[] };
        w.removedBySpa = [];
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (node instanceof Element) w.removedBySpa.push(node.outerHTML.slice(0, 80));
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/');
      const footer = await page.locator('footer').elementHandle();
      await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
      // The deferred parts' turns: a task each, after the hydration's own.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
      // Nothing the server sent was thrown away and drawn again: the footer is the node that was sent.
      expect(
        await page.evaluate(() => (window as unknown as { removedBySpa: string[] }).removedBySpa),
      ).toEqual([]);
      expect(await footer?.evaluate((el) => el.isConnected)).toBe(true);
      // And the deferred parts answer: the tab bar routes in the page, without loading another.
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await page.locator('[data-phone-tab-bar]').getByText('เกม').click();
      await page.waitForURL('**/game');
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("renders in the visitor's language once chosen, and hydrates that", async () => {
    await b.page.getByLabel('ภาษา').selectOption('en');
    await b.page.getByRole('tab', { name: 'Casino' }).waitFor();
    const html = await (await b.page.request.get('/')).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('>Latest notices<');
    await b.page.goto('/');
    await b.page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    await b.page.getByRole('tab', { name: 'Slots' }).click();
    await b.page.getByTestId('slot-tiles').getByText('Royal Slots').waitFor();
    await b.screenshot('home-shell-phone-en');
  });
});
