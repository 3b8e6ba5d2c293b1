import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';
import { signInOperator, TRADING_OPERATORS } from './support/operator.ts';

interface ListedEvent {
  id: number;
  name: string;
  competition: string;
  status: string;
  startsAt: string;
  markets: { type: string; status: string; selections: { id: number; key: string; price: string }[] }[];
}

/** A member bets 10,000 on the home side of the first upcoming demo match, through the sportsbook's API. */
async function memberBets(page: Page): Promise<{ event: ListedEvent; betId: number }> {
  await fundedMember(page, 'sb', 100_000);
  const url = await launch(page, 'sportsbook', 'royal-sports');
  const token = new URL(url, 'http://x').searchParams.get('token');
  // The window open-game launches: the sports window, with the events and their prices.
  await page.goto(url);
  await page.locator('[data-testid="event"]').first().waitFor();
  await page.screenshot({ path: 'e2e/screenshots/sports-page.png' });
  return page.evaluate(async (gameToken) => {
    const call = async (action: string, body: object) =>
      (
        await fetch(`/sports/api/${action}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const { events } = (await call('events', {})) as { events: ListedEvent[] };
    // One that starts in more than a quarter of an hour (this test's setup ticks the demo feed once).
    const later = Date.now() + 15 * 60_000;
    // A demo-feed match: the sports window's tests trade matches of their own (E2E League), with bets on them.
    const event = events.find(
      (e) =>
        e.status === 'scheduled' &&
        Date.parse(e.startsAt) > later &&
        e.markets[0]?.status === 'open' &&
        !e.competition.startsWith('E2E League'),
    )!;
    const home = event.markets[0]!.selections.find((s) => s.key === 'home')!;
    const bet = await call('place', {
      token: gameToken,
      requestId: `e2e-${Date.now()}`,
      kind: 'single',
      unitStake: 10_000,
      priceChange: 'none',
      legs: [{ selectionId: home.id, price: home.price }],
    });
    if (bet.status !== 'success') throw new Error(JSON.stringify(bet));
    return { event, betId: bet.betId as number };
  }, token);
}

describe.runIf(chromiumAvailable)('the trading desk', () => {
  const b = useBrowser(DESKTOP);

  it('shows demo matches with prices and liability; suspends, reprices, settles and corrects a bet', {
    timeout: 120_000,
  }, async () => {
    const { event, betId } = await memberBets(b.page);
    await signInOperator(b, TRADING_OPERATORS[0]);
    await b.page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Trading' })
      .click();
    await b.page.getByRole('heading', { name: 'Trading' }).waitFor();
    // (the demo leagues play the same pairings again later: the event's id tells them apart)
    const panel = b.page.getByTestId(`event-${event.id}`);
    const market = panel.getByRole('region', { name: 'Market Match result' });
    await expect.poll(() => market.getByText(/· 1 open bet$/).count()).toBe(1);
    await expect.poll(async () => (await b.page.getByText('[DEMO]').count()) > 10).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await b.page.screenshot({ path: 'e2e/screenshots/trading-desk.png' });

    await market.getByRole('button', { name: 'Suspend' }).click();
    await market.getByText('suspended', { exact: true }).waitFor();
    await market.getByRole('button', { name: 'Reopen' }).click();
    await market.getByRole('button', { name: 'Suspend' }).waitFor();

    const price = market.getByRole('form', { name: 'Match result price' });
    await price.getByLabel('Selection').selectOption('draw');
    await price.getByLabel('New price').fill('5/2');
    await price.getByLabel('Format').selectOption('fractional');
    await price.getByRole('button', { name: 'Set price' }).click();
    await market.getByRole('cell', { name: /3\.50/ }).waitFor();

    const result = market.getByRole('form', { name: 'Match result result' });
    await result.getByLabel('Home').fill('2');
    await result.getByLabel('Away').fill('0');
    await result.getByRole('button', { name: 'Enter result' }).click();
    await market.getByText('Result confirmed: 1 bet settled.').waitFor();
    await market.getByText('result confirmed: 2–0').waitFor();
    await market.scrollIntoViewIfNeeded();
    await b.page.screenshot({ path: 'e2e/screenshots/trading-desk-settled.png' });

    await b.page.getByRole('tab', { name: 'Bets' }).click();
    const bets = b.page.getByRole('region', { name: 'Bets' });
    await bets.getByLabel('Status').selectOption('settled');
    await bets.getByRole('button', { name: 'Search' }).click();
    await bets.getByText(`#${betId}`).waitFor();
    // Only the actions a settled bet allows are offered.
    const offered = () =>
      bets.getByRole('button', { name: new RegExp(`^\\w+ bet ${betId}$`) }).allInnerTexts();
    expect(await offered()).toEqual(['unsettle', 'resettle', 'cancel']);
    await bets.getByLabel('Reason for a bet action').fill('result under review');
    await bets.getByRole('button', { name: `unsettle bet ${betId}` }).click();
    await bets.getByText(`Bet #${betId} is now open.`).waitFor();
    // Now open, it has left the "settled" search: all bets.
    await bets.getByLabel('Status').selectOption('');
    await bets.getByRole('button', { name: 'Search' }).click();
    await bets.getByLabel('Reason for a bet action').fill('palpable error');
    await bets.getByRole('button', { name: `cancel bet ${betId}` }).click();
    await bets.getByText(`Bet #${betId} is now void.`).waitFor();
    // Void with its stake back: nothing more to do to it.
    await expect.poll(offered).toEqual([]);
    await expect
      .poll(() => bets.getByRole('list', { name: `Bet ${betId} history` }).innerText())
      .toContain('palpable error');
    await b.screenshot('trading-desk-bets');
    // Every step is in the audit log (the owner reads it; the trader's own calls are what it lists).
    const audit = await b.page.evaluate(async () => {
      const res = await fetch('/api/admin/sports/bets?status=void');
      return (await res.json()).bets.length as number;
    });
    expect(audit).toBeGreaterThanOrEqual(1);

    // A feed file pasted into the desk: applied once, listed under its source.
    await b.page.getByRole('tab', { name: 'Feeds & rules' }).click();
    const fixture = {
      type: 'fixture',
      source: 'e2e-upload',
      id: 'ev-1',
      seq: 1,
      sport: 'football',
      sportName: 'Football',
      competition: 'Paste Cup [DEMO]',
      competitionId: 'paste-cup',
      name: 'Paste Rovers v Paste Lions',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    await b.page
      .getByLabel('JSON lines (fixture, market, price, suspend, result, cancel)')
      .fill(JSON.stringify(fixture));
    await b.page.getByRole('button', { name: 'Import' }).click();
    await b.page.getByText('Applied 1, skipped 0 (repeats or older).').waitFor();
    await b.page.getByRole('cell', { name: 'e2e-upload' }).waitFor();
    await b.screenshot('trading-desk-feeds');
  });
});

describe.runIf(chromiumAvailable)('the trading desk on a phone', () => {
  const b = useBrowser(PHONE);

  it('fits a 360-px screen', { timeout: 60_000 }, async () => {
    await signInOperator(b, TRADING_OPERATORS[1]);
    await b.page.goto('/admin/trading');
    await b.page.getByRole('heading', { name: 'Trading' }).waitFor();
    await b.page.getByRole('region', { name: 'Market Match result' }).first().waitFor();
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
    await b.page.screenshot({ path: 'e2e/screenshots/trading-desk-phone.png' });
    await b.page.getByRole('tab', { name: 'Bets' }).click();
    await b.page.getByRole('region', { name: 'Bets' }).getByRole('table').waitFor();
    await b.page.screenshot({ path: 'e2e/screenshots/trading-desk-phone-bets.png' });
  });
});
