import { describe, expect, it } from 'vitest';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { PHONE_OPERATOR, signInOperator } from './support/operator.ts';

/** The back office on a 360-px phone: every section reachable, nothing wider than the screen. */
describe.runIf(chromiumAvailable)('back office on a phone', () => {
  const b = useBrowser(PHONE);
  /** Fails naming the elements that stick out, so a layout regression says where it is. */
  const fitsTheScreen = async () => {
    const overflowing = await b.page.evaluate((width) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll('body *')) {
        const right = el.getBoundingClientRect().right;
        if (right > width + 1 && !el.closest('[class*="tableWrap"], [role="tablist"], nav')) {
          out.push(`${el.tagName.toLowerCase()}.${el.className} → ${Math.round(right)}px`);
        }
      }
      return out.slice(0, 5);
    }, PHONE.width);
    expect(overflowing).toEqual([]);
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  };

  it('signs in and shows the dashboard within the screen width, waiting badges included', async () => {
    // A waiting ticket puts a badge on Support, a link that sits beyond the screen's edge.
    await b.page.goto('/');
    await b.page.evaluate(() =>
      fetch('/api/routes/none-login-write', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Guest',
          contact: 'guest@example.com',
          title: 'Phone check',
          contents: 'Hi',
        }),
      }),
    );
    await signInOperator(b, PHONE_OPERATOR);
    await b.page.getByRole('region', { name: 'Today' }).waitFor();
    await fitsTheScreen();
    await b.screenshot('admin-phone-dashboard');
  });

  const sections = [
    ['Cashier', 'Cashier'],
    ['Members', 'Members'],
    ['Verification', 'Verification'],
    ['Support', 'Support'],
    ['Content', 'Content'],
    ['Games', 'Games'],
    ['Promotions', 'Promotions'],
    ['Settings', 'Settings'],
    ['Operators', 'Operators'],
    ['Audit log', 'Audit log'],
  ] as const;
  for (const [link, heading] of sections) {
    it(`opens ${heading} from the menu`, async () => {
      await b.page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: new RegExp(`^${link}`) })
        .click();
      await b.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expect.poll(() => b.page.getByText('Loading…').count()).toBe(0);
      await fitsTheScreen();
      await b.screenshot(`admin-phone-${heading.toLowerCase().replace(/ /g, '-')}`);
    });
  }
});
