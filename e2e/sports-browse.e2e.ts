import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../src/shared/money.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';
import { WINDOW_TRADERS } from './support/operator.ts';
import { auditPage, settle } from './support/page-audit.ts';
import { signInTrader, type TradedEvent, type TraderCall, tradeMatches } from './support/trader.ts';

const tag = `b${Date.now().toString(36)}`;
const league = `E2E League ${tag} [DEMO]`;
const priceButton = (w: Page, e: TradedEvent, key: 'home' | 'draw' | 'away') =>
  w.locator(`[data-event="${e.id}"] [data-testid="price"]`).nth(['home', 'draw', 'away'].indexOf(key));
const noWiderThanPhone = (w: Page) => w.evaluate(() => document.documentElement.scrollWidth);

/** The window has opened the member's book session (the slip knows the balance). */
async function windowReady(w: Page): Promise<void> {
  await w.locator('[data-testid="slip-balance"][data-value]').waitFor({ state: 'attached' });
}

/**
 * Finding a match on a 360-px phone, in Thai then English: the search by team or league, a favourite
 * kept by the book across a reload, the league navigation with its counts, the event page's grouped
 * markets and live scoreboard with prices moving, and the slip's Max from the book's limits.
 */
describe.runIf(chromiumAvailable)('finding a match, the event page and Max on a phone', () => {
  const b = useBrowser(PHONE);
  let trader: TraderCall;
  let matches: TradedEvent[];
  const w = () => b.page;

  // The trader's matches, markets and limits first, with a time of their own: on a loaded machine
  // they took most of the first test's 30 s.
  beforeAll(async () => {
    trader = await signInTrader(WINDOW_TRADERS[5]);
    matches = await tradeMatches(trader, tag, [
      { home: 'Quokka Rovers', away: 'Tapir Town', prices: ['2.0', '3.4', '4.0'] },
      { home: 'Umber Vipers', away: 'Quokka Athletic', prices: ['2.5', '3.2', '2.8'] },
      { home: 'Wren City', away: 'Yak United', prices: ['1.9', '3.5', '4.2'], live: true },
    ]);
    // The live match gets goals markets too (the trader's feed upload), for the event page's groups.
    const more = ['total', 'btts'].map((type) => ({
      type: 'market',
      source: 'e2e',
      id: `${tag}-2-${type}`,
      seq: 1,
      event: `${tag}-2`,
      marketType: type,
      name: type === 'total' ? 'Total 2.5' : 'Both teams to score',
      ...(type === 'total' ? { params: { line: '2.5' } } : {}),
      selections: (type === 'total' ? ['over', 'under'] : ['yes', 'no']).map((key) => ({
        key,
        name: key,
        price: '1.9',
        format: 'decimal',
      })),
    }));
    await trader('POST', '/sports/feed', { lines: more.map((l) => JSON.stringify(l)).join('\n') });
    await trader('POST', '/sports/limits', {
      scope: 'event',
      scopeId: String(matches[0]!.id),
      currency: 'THB',
      maxStake: 5_000,
    });
    await trader('POST', '/sports/limits', {
      scope: 'market',
      scopeId: String(matches[2]!.marketId),
      currency: 'THB',
      maxStake: 3_000,
    });
  }, 90_000);

  it('Thai: search, a favourite kept across a reload, the league navigation', async () => {
    await fundedMember(w(), 'brw', 100_000);
    await w().goto(await launch(w(), 'sportsbook', 'royal-sports'));
    await windowReady(w());

    await w().getByTestId('search').fill('quokka');
    const results = w().getByTestId('search-results');
    await expect
      .poll(async () =>
        results
          .locator('[data-testid="event"]')
          .evaluateAll((es) => es.map((e) => e.getAttribute('data-event'))),
      )
      .toEqual([String(matches[0]!.id), String(matches[1]!.id)]);
    await settle(w(), '[data-testid="search-results"]');
    expect(await noWiderThanPhone(w())).toBeLessThanOrEqual(PHONE.width);
    await b.screenshot('sports-search-th');

    // A star on a found match: it is the member's favourite, kept by the book across a reload.
    await results.locator(`[data-event="${matches[1]!.id}"] [data-testid="favourite"]`).click();
    await w().getByTestId('search').fill('');
    const favourites = w().getByTestId('favourites');
    await favourites.locator(`[data-event="${matches[1]!.id}"]`).waitFor();
    await w().reload();
    await windowReady(w());
    await favourites.locator(`[data-event="${matches[1]!.id}"]`).waitFor();
    expect(await favourites.locator('[data-testid="event"]').count()).toBe(1);

    // The league navigation: its three open matches, one live and two to start; its page lists them.
    // The trader's league names no country: it is under "other", then also among the favourites once starred.
    const row = w().locator('[data-country=""] [data-testid="league"]').filter({ hasText: league });
    expect(await row.getByTestId('league-count').innerText()).toBe('รอแข่ง 2');
    expect(await row.innerText()).toContain('สด 1');
    await row.getByTestId('favourite').click();
    await expect.poll(() => row.getByTestId('favourite').getAttribute('data-on')).toBe('true');
    await w()
      .locator('[data-country="favourites"] [data-testid="league"]')
      .filter({ hasText: league })
      .waitFor();
    // The demo's leagues by their made-up countries.
    expect(
      await w()
        .getByTestId('country')
        .evaluateAll((cs) => cs.map((c) => c.getAttribute('data-country'))),
    ).toEqual(expect.arrayContaining(['favourites', 'Aldermark [DEMO]', 'Brightshore [DEMO]', '']));
    await b.screenshot('sports-leagues-th');
    await row.getByRole('button').first().click();
    const page = w().getByTestId('league-page');
    await expect.poll(() => page.locator('[data-testid="event"]').count()).toBe(3);
    expect(await auditPage(w(), { locale: 'th', allowed: ['E2E', 'League', 'DEMO'] })).toEqual([]);
  });

  it('Thai: the event page groups its markets with their Max, shows the live score and clock, and its prices move', async () => {
    await w().locator(`[data-event="${matches[2]!.id}"] button`).first().click();
    const page = w().getByTestId('event-page');
    await page.getByTestId('scoreboard').waitFor();
    expect(await page.getByTestId('score').innerText()).toBe('0–0');
    // The feed said 10' when the match was listed: the clock has run on from it since (minutes:seconds).
    expect(await page.getByTestId('clock').innerText()).toMatch(/^\d{2}:\d{2}$/);
    expect(
      await page.getByTestId('market-group').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-group'))),
    ).toEqual(['main', 'goals']);
    // Each market's Max for this member: the match result's own limit, the goals markets the platform's.
    const main = page.locator(`[data-market="${matches[2]!.marketId}"]`);
    await expect.poll(() => main.getByTestId('market-max').getAttribute('data-value')).toBe('3000');
    expect(await main.getByTestId('market-max').innerText()).toBe(`สูงสุด ${formatMoney(3_000, 'THB', 'th')}`);
    const home = page.locator('[data-testid="market"]').first().getByTestId('price').first();
    expect(await home.innerText()).toContain('1.90');
    await trader('POST', `/sports/markets/${matches[2]!.marketId}/prices`, {
      prices: [{ key: 'home', price: '2.1', format: 'decimal' }],
    });
    await expect.poll(() => home.innerText()).toContain('2.10');
    await trader('POST', `/sports/events/${matches[2]!.id}/state`, {
      score: { home: 1, away: 0, clock: "34'" },
    });
    await expect.poll(() => page.getByTestId('clock').innerText()).toMatch(/^34:0\d$/);
    expect(await page.getByTestId('score').innerText()).toBe('1–0');
    // The clock runs between the feed's updates: a few seconds later it reads later, with no new message.
    const seconds = async () => {
      const [m, s] = (await page.getByTestId('clock').innerText()).split(':').map(Number);
      return m! * 60 + s!;
    };
    const before = await seconds();
    await expect.poll(seconds, { timeout: 5_000 }).toBeGreaterThanOrEqual(before + 2);
    // Half time stops it and says so.
    await trader('POST', `/sports/events/${matches[2]!.id}/state`, {
      score: { home: 1, away: 0, clock: "45'", stopped: true, halftime: true },
    });
    await expect.poll(() => page.getByTestId('clock').innerText()).toBe('พักครึ่ง');
    await trader('POST', `/sports/events/${matches[2]!.id}/state`, {
      score: { home: 1, away: 0, clock: "34'" },
    });
    await expect.poll(() => page.getByTestId('clock').innerText()).toMatch(/^34:0\d$/);
    expect(await noWiderThanPhone(w())).toBeLessThanOrEqual(PHONE.width);
    await b.screenshot('sports-event-page-th');
    await page.getByRole('button', { name: /กลับ/ }).click();
  });

  it('Thai: the slip shows the selection’s Max from the limits and refuses above it', async () => {
    await w().getByTestId('search').fill('tapir');
    await priceButton(w(), matches[0]!, 'home').click();
    await w().getByTestId('slip-toggle').click();
    await expect.poll(() => w().getByTestId('leg-max').getAttribute('data-value')).toBe('5000');
    expect(await w().getByTestId('leg-max').innerText()).toBe(`สูงสุด ${formatMoney(5_000, 'THB', 'th')}`);
    await w().getByTestId('stake').fill('60');
    await w().getByTestId('over-max').waitFor();
    expect(await w().getByTestId('place').isDisabled()).toBe(true);
    await b.screenshot('sports-slip-max-th');
    await w().getByTestId('max-stake').click();
    // Max writes ฿50.00 as the member would type it.
    expect(await w().getByTestId('stake').inputValue()).toBe('50');
    expect(await w().getByTestId('over-max').count()).toBe(0);
    await w().getByTestId('place').click();
    await w().getByTestId('receipt').waitFor();
    await w().getByTestId('slip-toggle').click();
  });

  it('English: the same search, event page and Max in its words', async () => {
    await w().evaluate(() => localStorage.setItem('lang', 'en'));
    await w().reload();
    await windowReady(w());
    expect(await w().getByTestId('search').getAttribute('placeholder')).toBe('Search teams or leagues');
    await w().getByTestId('search').fill('yak');
    const results = w().getByTestId('search-results');
    await results.locator(`[data-event="${matches[2]!.id}"]`).waitFor();
    await b.screenshot('sports-search-en');
    await results.locator(`[data-event="${matches[2]!.id}"] button`).first().click();
    const page = w().getByTestId('event-page');
    await page.getByTestId('scoreboard').waitFor();
    expect(await page.getByTestId('market-groups').innerText()).toMatch(/All\s+Main\s+Goals/);
    await page.getByRole('button', { name: 'Goals' }).click();
    expect(
      await page.getByTestId('market-group').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-group'))),
    ).toEqual(['goals']);
    await b.screenshot('sports-event-page-en');
    await page.getByRole('button', { name: /Back/ }).click();
    await w().getByTestId('search').fill('tapir');
    // Away: the Thai test's bet holds the whole maximum on home (a member's maximum is per selection).
    await priceButton(w(), matches[0]!, 'away').click();
    await w().getByTestId('slip-toggle').click();
    await w().getByTestId('stake').fill('90');
    expect(await w().getByTestId('over-max').innerText()).toBe(
      `Above the maximum stake: at most ${formatMoney(5_000, 'THB', 'en')} per line.`,
    );
    await b.screenshot('sports-slip-max-en');
  });
});
