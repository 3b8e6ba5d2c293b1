import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { dismissNoteAlert } from './support/member.ts';

describe.runIf(chromiumAvailable)('game lobby on a desktop', () => {
  const b = useBrowser(DESKTOP);
  dismissNoteAlert(b);

  it('searches, filters by provider and keeps favourites', async () => {
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.setItem('lang', 'en'));
    await b.page.goto('/game');
    // Golden Dragon is also on the "new" rail, shown until a search or a filter narrows the list.
    await b.page.getByText('Golden Dragon').first().waitFor();
    await b.page.getByLabel('Search games').fill('baccarat');
    await b.page.getByText('Baccarat', { exact: true }).waitFor();
    expect(await b.page.getByText('Golden Dragon').count()).toBe(0);
    await b.page.getByLabel('Search games').fill('');
    await b.page.getByLabel('Provider').selectOption('royal-slots');
    await b.page.getByText('Lucky Sevens').waitFor();
    expect(await b.page.getByText('Baccarat', { exact: true }).count()).toBe(0);
    await b.page.getByRole('button', { name: 'Favourite' }).first().click();
    await b.page.getByRole('tab', { name: 'Favourites' }).click();
    await b.page.getByText('Golden Dragon').waitFor();
    expect(await b.page.getByText('Lucky Sevens').count()).toBe(0);
    await b.screenshot('lobby-desktop');
  });
});

describe.runIf(chromiumAvailable)('my page on a phone', () => {
  const b = useBrowser(PHONE);
  const id = `mine${Date.now().toString(36)}`;

  it('shows the profile and changes the password with the old one', async () => {
    await b.page.goto('/');
    await b.page.evaluate(async (login) => {
      localStorage.setItem('lang', 'en');
      const post = (route: string, body: object) =>
        fetch(`/api/routes/${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      await post('user-register', {
        id: login,
        pw: 'secret123',
        nick: `N${login}`,
        phone: '010-5555-6666',
        bankname: 'Kasikornbank',
        birthDate: '1990-04-01',
        terms: true,
        bankOwner: 'Mine Player',
        banknum: '987-654-3210',
      });
      await post('user-do-login', { id: login, pw: 'secret123' });
    }, id);
    await b.page.goto('/user');
    await b.page.getByText(`N${id}`).waitFor();
    await b.page.getByText('Kasikornbank · Mine Player · •••• 3210').waitFor();
    b.allow4xx({ status: 400, method: 'POST', path: '/api/routes/user-change-password' });
    await b.page.getByLabel('Current password').fill('wrongpass1');
    await b.page.getByLabel('New password').fill('newsecret9');
    await b.page.getByRole('button', { name: 'Change password' }).click();
    await b.page.getByText('Your current password is not correct.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByLabel('Current password').fill('secret123');
    await b.page.getByRole('button', { name: 'Change password' }).click();
    await b.page.getByText('Your password was changed.').waitFor();
    await b.page.getByRole('button', { name: 'OK' }).click();
    await b.page.getByText('No movements yet.').waitFor();
    // The histories are panels like the page's others: the same padding and title size.
    const look = (testId: string) =>
      b.page.getByTestId(testId).evaluate((el) => {
        const title = getComputedStyle(el.querySelector('h2')!);
        return `${getComputedStyle(el).padding} ${title.fontSize}`;
      });
    const sessions = await look('sessions');
    expect(await look('statement')).toBe(sessions);
    expect(await look('bets')).toBe(sessions);
    await b.screenshot('mypage-phone');
  });
});
