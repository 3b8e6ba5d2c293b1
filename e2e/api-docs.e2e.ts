import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';

/** The API reference renders under the strict CSP: any blocked script or style is a console error, which fails the file. */
for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe.runIf(chromiumAvailable)(`API reference at /api/docs (${label})`, () => {
    const b = useBrowser(viewport);

    it('shows the generated document with the member, admin, wallet and /public/ operations', {
      timeout: 120_000,
    }, async () => {
      await b.page.goto('/api/docs/');
      await b.page.locator('.swagger-ui .info .title').getByText('Casino platform APIs').waitFor();
      for (const tag of ['member', 'admin: members', 'wallet', 'public']) {
        await expect.poll(() => b.page.locator(`.opblock-tag[data-tag="${tag}"]`).count()).toBe(1);
      }
      await b.page.locator('.opblock-tag[data-tag="admin: members"]').click();
      await b.page
        .locator('.opblock-summary-path[data-path="/api/admin/members/{id}/adjust"]')
        .first()
        .waitFor();
      await b.page.locator('.opblock-tag[data-tag="public"]').click();
      await b.page
        .locator('.opblock-summary-path[data-path="/public/user/money_to_point"]')
        .first()
        .waitFor();
      await b.screenshot(`api-docs-${label}`);
    });
  });
}
