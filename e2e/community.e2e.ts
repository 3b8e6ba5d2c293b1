import { describe, expect, inject, it } from 'vitest';
import { DEMO_POPUP } from '../src/server/db/seed-demo-content.ts';
import { chromiumAvailable, DESKTOP, useBrowser } from './support/browser.ts';
import { registerViaApi } from './support/member.ts';

describe.runIf(chromiumAvailable)('popups, alerts, notes and help on a desktop', () => {
  const b = useBrowser(DESKTOP, { keepPopups: true });
  const popup = () => b.page.getByRole('dialog', { name: DEMO_POPUP.title });

  it('shows the operator popup where it was placed, and lets the player drag it', async () => {
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    await b.page.goto('/');
    await popup().waitFor();
    const before = (await popup().boundingBox())!;
    await b.screenshot('popup-desktop');
    const handle = popup().getByText(DEMO_POPUP.title);
    const start = (await handle.boundingBox())!;
    await b.page.mouse.move(start.x + 20, start.y + 10);
    await b.page.mouse.down();
    await b.page.mouse.move(start.x + 220, start.y + 110, { steps: 5 });
    await b.page.mouse.up();
    const after = (await popup().boundingBox())!;
    expect(Math.round(after.x - before.x)).toBe(200);
    expect(Math.round(after.y - before.y)).toBe(100);
  });

  it('closes for this visit (pop2_) and hides for 8 hours (pop_)', async () => {
    await popup().getByRole('button', { name: 'Close' }).click();
    await popup().waitFor({ state: 'detached' });
    const keys = await b.page.evaluate(() => Object.keys(localStorage));
    expect(keys.some((k) => k.startsWith('pop2_'))).toBe(true);
    await b.page.reload();
    await popup().waitFor();
    expect(await b.page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('pop2_')))).toBe(
      false,
    );
    await popup().getByRole('button', { name: "Don't show for 8 hours" }).click();
    await b.page.reload();
    await b.page.getByText('Royal Baccarat').first().waitFor();
    expect(await popup().count()).toBe(0);
    expect(await b.page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('pop_')))).toBe(
      true,
    );
  });

  it('alerts the member about a new note (msg2003) and takes them to it', async () => {
    const id = `note${Date.now().toString(36)}`;
    await registerViaApi(b.page, id);
    const sent = await fetch(`${inject('operatorUrl')}/send-note`, {
      method: 'POST',
      body: JSON.stringify({ loginId: id, title: 'Your bonus is ready' }),
    });
    expect(sent.status).toBe(200);
    await b.page.getByPlaceholder('ID').fill(id);
    await b.page.getByPlaceholder('Password').fill('secret123');
    await b.page.getByRole('button', { name: 'Log in' }).click();
    await b.page.getByText('You have a new note.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.waitForURL((url) => url.pathname === '/note');
    await b.page.getByText('Your bonus is ready').click();
    await b.page.getByText('A note from the operator.').waitFor();
    await expect.poll(async () => b.page.getByRole('link', { name: /Notes/ }).textContent()).toBe('Notes ');
    await b.screenshot('notes-desktop');
  });

  it('writes a help request after the msg2222 confirmation and lists it as waiting', async () => {
    await b.page.getByRole('link', { name: /Help centre/ }).click();
    await b.page.getByRole('button', { name: 'Send' }).click();
    await b.page.getByText('Please enter a title.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByLabel('Subject').fill('Where is my deposit?');
    await b.page.getByLabel('Message').fill('I sent 50,000 an hour ago.');
    await b.page.getByRole('button', { name: 'Send' }).click();
    await b.page.getByText('Send this help request?').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByText('Your help request was sent.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByText('Where is my deposit?').waitFor();
    await b.page.getByText('Waiting').first().waitFor();
    await b.screenshot('help-desktop');
  });
});
