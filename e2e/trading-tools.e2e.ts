import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';
import { DESK_TOOLS_OPERATORS, signInOperator } from './support/operator.ts';
import { placeBet, signInTrader } from './support/trader.ts';

/** A datetime-local value (the site's wall time) a day from now. */
const tomorrowInput = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
const tag = Date.now().toString(36).slice(-5);

describe.runIf(chromiumAvailable)('the trading desk’s tools at 1366 px', () => {
  const b = useBrowser(DESKTOP);

  it('a manual event and its market, found by search, a bet on the live ticker, its risk, settled by the score', {
    timeout: 150_000,
  }, async () => {
    // A member who will bet (the sportsbook's own API, with the game token open-game gives).
    const login = await fundedMember(b.page, 'dt', 100_000);
    const gameToken = new URL(
      await launch(b.page, 'sportsbook', 'royal-sports'),
      'http://x',
    ).searchParams.get('token')!;
    await signInOperator(b, DESK_TOOLS_OPERATORS[0]);
    const home = `Arrows${tag}`;
    await b.page.goto('/admin/trading?view=manual');
    const form = b.page.getByRole('form', { name: 'New event (manual trading)' });
    await form.getByLabel('Sport').fill('Darts');
    await form.getByLabel('League').fill('E2E Darts League [DEMO]');
    await form.getByLabel('Home side').fill(home);
    await form.getByLabel('Away side').fill('Bullseye');
    await form.getByLabel('Starts at').fill(tomorrowInput());
    await form.getByRole('button', { name: 'Create event' }).click();
    await b.page.getByText(/Event \d+ created/).waitFor();
    const market = b.page.getByRole('form', { name: 'New market' });
    await market.getByLabel('Market type').selectOption('moneyline');
    await market.getByLabel('Market name').fill('Match winner');
    const prices = market.getByLabel('Decimal price');
    await prices.nth(0).fill('1.80');
    await prices.nth(1).fill('2.05');
    await market.getByRole('button', { name: 'Open market' }).click();
    await b.page.getByText('Market opened at these prices.').waitFor();
    await b.screenshot('trading-manual-event');

    // Found by what a trader types: the start of a team's name.
    await b.page.getByRole('tab', { name: 'All' }).click();
    const search = b.page.getByRole('form', { name: 'Event search' });
    await search.getByLabel('Name or team starts with').fill(home.slice(0, 8).toLowerCase());
    await search.getByRole('button', { name: 'Search' }).click();
    const card = b.page.getByRole('region', { name: `${home} v Bullseye` });
    await card.waitFor();
    await expect.poll(() => b.page.locator('[data-testid^="event-"]').count()).toBe(1);
    await b.screenshot('trading-search');

    // The ticker shows the bet as it is placed: pushed, never polled.
    await b.page.getByRole('tab', { name: 'Ticker' }).click();
    await b.page.getByText('Live: new bets appear as they are placed.').waitFor();
    const trader = await signInTrader(DESK_TOOLS_OPERATORS[1]);
    const listed = (await trader('GET', `/sports/events?q=${home}`)) as {
      events: { markets: { selections: { id: number; key: string }[] }[] }[];
    };
    const homeSelection = listed.events[0]!.markets[0]!.selections.find((s) => s.key === 'home')!;
    await placeBet(gameToken, [homeSelection.id], 5_000);
    const row = b.page.getByRole('row').filter({ hasText: `${home} v Bullseye` });
    await row.first().waitFor({ timeout: 5_000 });
    expect(await row.first().innerText()).toContain('1.80');
    // Members by login, never by number.
    expect(await row.first().innerText()).toContain(login);
    await b.screenshot('trading-ticker');

    // The Bets tab finds the bet by part of the member's login and by the team's name.
    await b.page.getByRole('tab', { name: 'Bets' }).click();
    const betSearch = b.page.getByRole('form', { name: 'Bet search' });
    await betSearch.getByLabel('Member (login or number)').fill(login.slice(2, -1).toUpperCase());
    await betSearch.getByLabel('Event (name, team or number)').fill(home);
    await betSearch.getByRole('button', { name: 'Search' }).click();
    const betRows = b.page.getByRole('table', { name: 'Bets' }).getByRole('row').filter({ hasText: login });
    await expect.poll(() => betRows.count()).toBe(1);
    await b.screenshot('trading-bets-by-login');

    // Its risk: the selection's liability (what the book pays beyond the stake), in the member's currency.
    await b.page.getByRole('tab', { name: 'Risk' }).click();
    const exposures = b.page.getByRole('table', { name: 'Biggest exposures' });
    await exposures
      .getByRole('row')
      .filter({ hasText: `${home} v Bullseye` })
      .first()
      .waitFor();
    await b.screenshot('trading-risk');

    // Settled by its final score through the book's one settlement path.
    await b.page.getByRole('tab', { name: 'All' }).click();
    await search.getByLabel('Name or team starts with').fill(home);
    await search.getByRole('button', { name: 'Search' }).click();
    await card.getByLabel('Home').first().fill('6');
    await card.getByLabel('Away').first().fill('3');
    await card.getByRole('button', { name: 'Settle by final score' }).click();
    await card.getByText('1 market settled; 0 left for its own result.').waitFor();
  });
});

describe.runIf(chromiumAvailable)('the trading desk’s tools at 360 px in Thai', () => {
  const b = useBrowser(PHONE);

  it('the new-event form, the search and the risk view fit a phone', { timeout: 90_000 }, async () => {
    await signInOperator(b, DESK_TOOLS_OPERATORS[2]);
    await b.page.getByTestId('admin-language').selectOption({ label: 'ไทย' });
    const noSideways = () =>
      b.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    await b.page.goto('/admin/trading?view=manual');
    await b.page.getByRole('button', { name: 'สร้างรายการ' }).waitFor();
    expect(await noSideways()).toBe(true);
    await b.screenshot('trading-manual-event-phone-th');
    await b.page.goto('/admin/trading');
    const search = b.page.getByRole('form', { name: 'ค้นหารายการ' });
    await search.getByLabel('ชื่อหรือทีมขึ้นต้นด้วย').fill('arrows');
    await search.getByRole('button', { name: 'ค้นหา' }).click();
    // Only the desk's own darts matches (the 1366 px test's), not the 30 demo matches with every market.
    const cards = b.page.locator('[data-testid^="event-"]');
    await expect.poll(async () => ((n) => n > 0 && n < 5)(await cards.count())).toBe(true);
    expect(await noSideways()).toBe(true);
    await b.screenshot('trading-search-phone-th');
    await b.page.goto('/admin/trading?view=risk');
    await b.page.getByText('ความเสี่ยงสูงสุด').first().waitFor();
    expect(await noSideways()).toBe(true);
    await b.screenshot('trading-risk-phone-th');
    await b.page.goto('/admin/trading?view=ticker');
    await b.page.getByTestId('ticker-state').waitFor();
    expect(await noSideways()).toBe(true);
    await b.screenshot('trading-ticker-phone-th');
    await b.page.goto('/admin/trading?view=bets');
    const betSearch = b.page.getByRole('form', { name: 'ค้นหาเดิมพัน' });
    await betSearch.getByLabel('สมาชิก (ชื่อผู้ใช้หรือรหัส)').fill('dt');
    await betSearch.getByRole('button', { name: 'ค้นหา' }).click();
    expect(await noSideways()).toBe(true);
    await b.screenshot('trading-bets-phone-th');
  });
});
