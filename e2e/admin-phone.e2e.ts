import { describe, expect, it } from 'vitest';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { signInOperator } from './support/operator.ts';

/** The back office on a 360-px phone: every section reachable, nothing wider than the screen. */
describe.runIf(chromiumAvailable)('back office on a phone', () => {
  const b = useBrowser(PHONE);
  const fitsTheScreen = async () => {
    const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  };

  it('signs in and shows the dashboard within the screen width', async () => {
    await signInOperator(b.page);
    await b.page.getByRole('region', { name: 'Today' }).waitFor();
    await fitsTheScreen();
    await b.screenshot('admin-phone-dashboard');
  });

  const sections = [
    ['Cashier', 'Cashier'],
    ['Members', 'Members'],
    ['Support', 'Support'],
    ['Content', 'Content'],
    ['Games', 'Games'],
    ['Settings', 'Settings'],
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
