import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';
import { signInOperator, TRADING_OPERATORS } from './support/operator.ts';
import { signInTrader, tradeMatches } from './support/trader.ts';

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
    // Nothing is sent before the trader confirms: a match not started has no live score to disagree with.
    const dialog = b.page.getByRole('dialog', { name: 'Enter this result?' });
    expect(await dialog.getByTestId('dialog-result').innerText()).toBe('2–0');
    expect(await dialog.getByTestId('dialog-live-score').innerText()).toBe('none recorded · scheduled');
    expect(await dialog.innerText()).toContain(event.name);
    expect(await dialog.getByTestId('result-warnings').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Yes, enter result' }).click();
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
  it('asks before a result moves money: event, market, result and live score, warned when they disagree', {
    timeout: 90_000,
  }, async () => {
    const trader = await signInTrader(TRADING_OPERATORS[2]);
    const [match, second] = await tradeMatches(trader, `r${Date.now().toString(36)}`, [
      { home: 'Quarry Larks', away: 'Rill Badgers', prices: ['2.1', '3.2', '3.4'], live: true },
      { home: 'Sable Rooks', away: 'Tern Valley', prices: ['1.9', '3.4', '4.0'], live: true },
    ]);
    await trader('POST', `/sports/events/${match!.id}/state`, { score: { home: 1, away: 0, clock: "88'" } });
    // Every result, confirmation and correction the desk sends from here on.
    const sent: string[] = [];
    b.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (
        r.method() === 'POST' &&
        /^\/api\/admin\/sports\/markets\/\d+\/(result|confirm|correct)$/.test(path)
      )
        sent.push(path);
    });
    await b.page.goto('/admin/trading');
    await b.page.getByRole('tab', { name: 'In play' }).click();
    const panel = b.page.getByTestId(`event-${match!.id}`);
    await expect.poll(() => panel.getByTestId(`score-${match!.id}`).innerText()).toBe('1–0');
    const market = panel.getByRole('region', { name: 'Market Match result' });
    const form = market.getByRole('form', { name: 'Match result result' });
    const enter = async (home: string, away: string) => {
      await form.getByLabel('Home').fill(home);
      await form.getByLabel('Away').fill(away);
      await form.getByRole('button', { name: /^(Enter|Correct) result$/ }).click();
    };
    const warningsIn = (dialog: ReturnType<typeof b.page.getByRole>) =>
      dialog.locator('[data-warning]').evaluateAll((els) => els.map((e) => e.getAttribute('data-warning')));

    // 2–0 while the match is in play at 1–0: both warnings, and Cancel sends nothing.
    await enter('2', '0');
    const dialog = b.page.getByRole('dialog', { name: 'Enter this result?' });
    expect(await dialog.innerText()).toContain('Quarry Larks v Rill Badgers');
    expect(await dialog.innerText()).toContain('Match result');
    expect(await dialog.getByTestId('dialog-result').innerText()).toBe('2–0');
    expect(await dialog.getByTestId('dialog-live-score').innerText()).toBe("1–0 at 88' · in play");
    expect(await warningsIn(dialog)).toEqual(['score_differs', 'in_play']);
    expect(await dialog.getByTestId('result-warnings').innerText()).toContain(
      "The score entered (2–0) differs from the live score (1–0 at 88').",
    );
    // The dialog is centred on the screen the trader sees (a full-page shot would move it).
    await b.page.screenshot({ path: 'e2e/screenshots/trading-result-dialog.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Escape is a cancel too.
    await enter('2', '0');
    await dialog.waitFor();
    await b.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toEqual([]);
    expect(await market.getByText(/^result /).count()).toBe(0);

    // The live score reaches 2–0: the score agrees, the match is still in play; confirmed, it is entered.
    await trader('POST', `/sports/events/${match!.id}/state`, { score: { home: 2, away: 0, clock: "90'" } });
    await expect
      .poll(() => panel.getByTestId(`score-${match!.id}`).innerText(), { timeout: 10_000 })
      .toBe('2–0');
    await enter('2', '0');
    expect(await warningsIn(dialog)).toEqual(['in_play']);
    await dialog.getByRole('button', { name: 'Yes, enter result' }).click();
    await market.getByText('Result confirmed: 0 bets settled.').waitFor();
    await market.getByText('result confirmed: 2–0').waitFor();
    expect(sent).toEqual([`/api/admin/sports/markets/${match!.marketId}/result`]);

    // A correction shows the result it replaces and its reason, and is sent only when confirmed.
    await form.getByLabel('Reason (corrections)').fill('home goal in stoppage time missed');
    await enter('3', '0');
    const correcting = b.page.getByRole('dialog', { name: 'Correct this result?' });
    expect(await correcting.innerText()).toContain('Result now\n2–0');
    expect(await correcting.getByTestId('dialog-result').innerText()).toBe('3–0');
    expect(await correcting.innerText()).toContain('home goal in stoppage time missed');
    expect(await warningsIn(correcting)).toEqual(['score_differs', 'in_play']);
    await b.page.screenshot({ path: 'e2e/screenshots/trading-result-correct-dialog.png' });
    await correcting.getByRole('button', { name: 'Yes, correct result' }).click();
    await market.getByText('Corrected: 0 bets resettled.').waitFor();
    expect(sent).toHaveLength(2);

    // Where the book asks a second operator: another trader entered it, this one confirms it in the dialog.
    await trader('POST', '/sports/settings', { confirmResults: true });
    try {
      await trader('POST', `/sports/markets/${second!.marketId}/result`, {
        result: { kind: 'score', home: 0, away: 1 },
      });
      const other = b.page
        .getByTestId(`event-${second!.id}`)
        .getByRole('region', { name: 'Market Match result' });
      await other.getByRole('button', { name: 'Confirm result' }).click({ timeout: 10_000 });
      const confirming = b.page.getByRole('dialog', { name: 'Confirm this result?' });
      expect(await confirming.getByTestId('dialog-result').innerText()).toBe('0–1');
      expect(await confirming.getByTestId('dialog-live-score').innerText()).toBe("0–0 at 10' · in play");
      expect(await warningsIn(confirming)).toEqual(['score_differs', 'in_play']);
      await confirming.getByRole('button', { name: 'Yes, confirm result' }).click();
      await other.getByText('Confirmed: 0 bets settled.').waitFor();
      expect(sent).toHaveLength(3);
    } finally {
      await trader('POST', '/sports/settings', { confirmResults: false });
    }
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
    // The result dialog fits the phone too; cancelled, it sends nothing.
    const form = b.page.getByRole('form', { name: 'Match result result' }).first();
    await form.getByLabel('Home').fill('1');
    await form.getByLabel('Away').fill('1');
    await form.getByRole('button', { name: 'Enter result' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Enter this result?' });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await b.page.screenshot({ path: 'e2e/screenshots/trading-result-dialog-phone.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await b.page.getByRole('tab', { name: 'Bets' }).click();
    await b.page.getByRole('region', { name: 'Bets' }).getByRole('table').waitFor();
    await b.page.screenshot({ path: 'e2e/screenshots/trading-desk-phone-bets.png' });
  });
});
