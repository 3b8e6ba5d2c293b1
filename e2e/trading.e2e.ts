import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toLocalSeconds } from '../src/admin/features/sports/market-label.ts';
import { chromiumAvailable, DESKTOP, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, launch } from './support/member.ts';
import { signInOperator, TRADING_OPERATORS } from './support/operator.ts';
import {
  placeBet,
  recordFinding,
  signInTrader,
  sportsCall,
  type TraderCall,
  tradeMatches,
} from './support/trader.ts';

interface ListedEvent {
  id: number;
  name: string;
  competition: string;
  status: string;
  startsAt: string;
  markets: { type: string; status: string; selections: { id: number; key: string; price: string }[] }[];
}

/** A sports bet as the member's window answers it (`bet`). */
interface SportsBet {
  status: string;
  settledReturn: number | null;
  legs: { state: string }[];
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
  // A TOTP code is taken once: the other trader signs in once for the file's tests.
  let traderCall: TraderCall | undefined;
  const theTrader = async () => {
    traderCall ??= await signInTrader(TRADING_OPERATORS[2]);
    return traderCall;
  };

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
    // Only the actions a settled bet allows are offered (a bet follows its markets: no unsettle of one bet).
    const offered = () =>
      bets.getByRole('button', { name: new RegExp(`^\\w+ bet ${betId}$`) }).allInnerTexts();
    expect(await offered()).toEqual(['resettle', 'cancel']);
    expect(await bets.getByRole('list', { name: 'Bet actions' }).innerText()).toContain(
      'cancel voids every leg of the bet: it is paid its stake back.',
    );
    // Void once cancelled, it would leave the "settled" search: all bets.
    await bets.getByLabel('Status').selectOption('');
    await bets.getByRole('button', { name: 'Search' }).click();
    await bets.getByLabel('Reason for a bet action').fill('palpable error');
    // Cancel asks first: every leg void, the stake paid back.
    await bets.getByRole('button', { name: `cancel bet ${betId}` }).click();
    const confirmCancel = bets.getByRole('group', { name: `Confirm cancelling bet ${betId}` });
    expect(await confirmCancel.innerText()).toContain(
      `Void every leg of bet #${betId}? It is paid its stake back (฿100.00).`,
    );
    await b.page.screenshot({ path: 'e2e/screenshots/trading-bet-cancel-confirm.png' });
    await confirmCancel.getByRole('button', { name: 'Keep it' }).click();
    expect(await offered()).toEqual(['resettle', 'cancel']);
    await bets.getByRole('button', { name: `cancel bet ${betId}` }).click();
    await confirmCancel.getByRole('button', { name: 'Yes, cancel bet' }).click();
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
    const trader = await theTrader();
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

  /** One member of this file's new tests: funded once, with a sports window token. */
  let gameToken = '';
  const memberToken = async () => {
    if (!gameToken) {
      await fundedMember(b.page, 'sbw', 200_000);
      const url = await launch(b.page, 'sportsbook', 'royal-sports');
      gameToken = new URL(url, 'http://x').searchParams.get('token')!;
    }
    return gameToken;
  };
  /** A bet as the member's sports window reads it: its state and each leg's. */
  const memberBet = async (betId: number) =>
    ((await sportsCall('bet', { token: await memberToken(), betId })) as { bet: SportsBet }).bet;
  let doubleBetId = 0;

  it('house rules: the cancel window reach and the postponement limit; a cancel window voids a leg; cancelling an event voids its undecided markets', {
    timeout: 150_000,
  }, async () => {
    const trader = await theTrader();
    const before = (await trader('GET', '/sports/settings')).settings as Record<string, unknown>;
    const [first, second] = await tradeMatches(trader, `w${Date.now().toString(36)}`, [
      { home: 'Oriel Wrens', away: 'Pike Harriers', prices: ['2.0', '3.3', '3.9'] },
      { home: 'Vell Otters', away: 'Cray Moss', prices: ['1.8', '3.5', '4.4'] },
    ]);
    // A double: the home sides of both matches, 10,000 at 2.0 × 1.8.
    doubleBetId = await placeBet(await memberToken(), [first!.selections.home, second!.selections.home]);
    try {
      // The two new house rules, saved through the form and read back from the book.
      await b.page.goto('/admin/trading?view=feed');
      const rules = b.page.getByRole('form', { name: 'House rules' });
      await rules.getByLabel('Cancel window reach (min)').fill('30');
      await rules.getByLabel('Postponed: void after (h)').fill('36');
      const reduced = rules.getByLabel('Multiple left with one live leg');
      await reduced.selectOption('void');
      await rules.getByRole('button', { name: 'Save rules' }).click();
      await b.page.getByRole('region', { name: 'House rules' }).getByText('Saved.').waitFor();
      expect((await trader('GET', '/sports/settings')).settings).toMatchObject({
        cancelWindowMinutes: 30,
        postponeVoidHours: 36,
        reducedMultiple: 'void',
      });
      await b.page.reload();
      expect(await rules.getByLabel('Cancel window reach (min)').inputValue()).toBe('30');
      expect(await rules.getByLabel('Postponed: void after (h)').inputValue()).toBe('36');
      expect(await reduced.inputValue()).toBe('void');
      await b.screenshot('trading-house-rules');
      // Back to standing as a single: the double below is followed leg by leg under it.
      await reduced.selectOption('single');
      await rules.getByRole('button', { name: 'Save rules' }).click();
      await b.page.getByRole('region', { name: 'House rules' }).getByText('Saved.').waitFor();
      expect((await trader('GET', '/sports/settings')).settings).toMatchObject({ reducedMultiple: 'single' });

      // A cancel window on the first match's result market: the default (the last hour) reaches back
      // further than the book's 30 minutes, and is refused with the book's reason.
      await b.page.getByRole('tab', { name: 'Upcoming' }).click();
      const card = b.page.getByTestId(`event-${first!.id}`);
      await card.getByRole('button', { name: 'Cancel window…' }).click();
      const form = card.getByRole('form', { name: `Cancel window on ${first!.name}` });
      await form.getByLabel('Scope').selectOption('market');
      await form.getByLabel(/^Market/).selectOption({ label: 'Match result' });
      await form.getByLabel('Reason').fill('past-posting on the home price');
      expect(await form.innerText()).toContain('The house rules let a window reach back at most 30 minutes.');
      // A corrected price names one selection: not offered for a market.
      expect(await form.getByLabel(/Corrected price/).isDisabled()).toBe(true);
      await form.getByRole('button', { name: 'Review window' }).click();
      const confirm = form.getByRole('group', { name: 'Confirm the cancel window' });
      expect(await confirm.innerText()).toContain(
        'Void the legs on the market Match result of bets placed from',
      );
      // Refused by the book: the window reaches back further than the house rules allow.
      b.allow4xx({ status: 409, method: 'POST', path: /^\/api\/admin\/sports\/events\/\d+\/cancel-window$/ });
      await confirm.getByRole('button', { name: 'Yes, void the legs' }).click();
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toContain('A cancel window may reach back at most 30 minutes');
      expect((await memberBet(doubleBetId)).legs.map((l) => l.state)).toEqual(['open', 'open']);
      await form.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await b.page.screenshot({ path: 'e2e/screenshots/trading-cancel-window-refused.png' });

      // From ten minutes ago to a minute ahead: the bet's leg on this market is void; its other leg stands.
      // The form's wall time is the site's (the demo's default site, Bangkok), not the browser's.
      const wall = (offsetMs: number) => toLocalSeconds(new Date(Date.now() + offsetMs), 'Asia/Bangkok');
      await form.getByLabel('Placed from').fill(wall(-600_000));
      await form.getByLabel('Placed before').fill(wall(60_000));
      await form.getByRole('button', { name: 'Review window' }).click();
      await confirm.getByRole('button', { name: 'Yes, void the legs' }).click();
      // The form's answer, whatever it is (a refusal, "nothing changed"); a failure says what the trader
      // saw, the window sent and when the bet was placed.
      const answer = form.locator('output, [role="alert"]');
      await answer.waitFor();
      const said = await answer.innerText();
      if (said !== 'Voided the legs of 1 bet.') {
        const sent = [
          await form.getByLabel('Placed from').inputValue(),
          await form.getByLabel('Placed before').inputValue(),
        ];
        const bet = await memberBet(doubleBetId);
        throw new Error(
          `the form said "${said}": window ${sent.join(' to ')} (Bangkok), bet ${JSON.stringify(bet)}`,
        );
      }
      // The rest of the bet stands: it waits for the second match (the window reads a leg's state from
      // its market until the bet settles; the cancellation below settles it on the void leg).
      expect((await memberBet(doubleBetId)).status).toBe('open');
      await card.scrollIntoViewIfNeeded();
      await b.page.screenshot({ path: 'e2e/screenshots/trading-cancel-window.png' });

      // The second match is postponed: it leaves Upcoming (the page says where it went), with the limit.
      const other = b.page.getByTestId(`event-${second!.id}`);
      const state = other.getByRole('form', { name: `${second!.name} state` });
      await state.getByLabel('Status').selectOption('postponed');
      expect(await other.innerText()).toContain('Not played within 36 hours of its start');
      await state.getByRole('button', { name: 'Set status' }).click();
      await b.page.getByText(`${second!.name} is now postponed.`).waitFor();
      await other.waitFor({ state: 'detached' });
      // Cancelled from the Postponed tab: the confirmation says its undecided market is voided.
      await b.page.getByRole('tab', { name: 'Postponed' }).click();
      await state.getByLabel('Status').selectOption('cancelled');
      await state.getByRole('button', { name: 'Cancel event…' }).click();
      const cancelling = other.getByRole('group', { name: `Confirm cancelling ${second!.name}` });
      expect(await cancelling.innerText()).toContain(
        `Cancel ${second!.name}? Its 1 undecided market (Match result) is voided: each leg on it counts 1.00 and the rest of each bet stands.`,
      );
      await other.scrollIntoViewIfNeeded();
      await b.page.screenshot({ path: 'e2e/screenshots/trading-event-cancel.png' });
      await cancelling.getByRole('button', { name: 'Yes, cancel the event' }).click();
      await b.page.getByText(`${second!.name} is cancelled: its undecided markets are void.`).waitFor();
      // Both legs void (the first by the window: otherwise the double would wait for its result), so
      // the double is paid its stake back.
      await expect
        .poll(async () => (await memberBet(doubleBetId)).legs.map((l) => l.state))
        .toEqual(['void', 'void']);
      expect(await memberBet(doubleBetId)).toMatchObject({ settledReturn: 10_000 });
      await b.page.getByRole('tab', { name: 'Cancelled' }).click();
      await other.getByText('Cancelled: its undecided markets were voided').waitFor();
    } finally {
      await trader('POST', '/sports/settings', {
        cancelWindowMinutes: before.cancelWindowMinutes,
        postponeVoidHours: before.postponeVoidHours,
        reducedMultiple: before.reducedMultiple,
      });
    }
  });

  it('a correction another operator proposed waits for a second one, who confirms it in the result dialog', {
    timeout: 120_000,
  }, async () => {
    const trader = await theTrader();
    const traderId = ((await trader('GET', '/me')).operator as { id: number }).id;
    const meId = await b.page.evaluate(
      async () => (await (await fetch('/api/admin/me')).json()).operator.id as number,
    );
    const [match] = await tradeMatches(trader, `c${Date.now().toString(36)}`, [
      { home: 'Fenn Lyre', away: 'Ash Corries', prices: ['2.0', '3.2', '3.6'] },
    ]);
    const betId = await placeBet(await memberToken(), [match!.selections.home]);
    await trader('POST', `/sports/markets/${match!.marketId}/result`, {
      result: { kind: 'score', home: 1, away: 0 },
    });
    expect(await memberBet(betId)).toMatchObject({ settledReturn: 20_000 });
    await trader('POST', '/sports/settings', { confirmResults: true });
    try {
      // Another trader corrects it: a proposal, the result in force stands until a second operator confirms.
      await trader('POST', `/sports/markets/${match!.marketId}/correct`, {
        result: { kind: 'score', home: 0, away: 1 },
        reason: 'the goal was offside',
      });
      await b.page.goto('/admin/trading?view=scheduled');
      const market = b.page
        .getByTestId(`event-${match!.id}`)
        .getByRole('region', { name: 'Market Match result' });
      const proposal = market.getByTestId(`proposal-${match!.marketId}`);
      await expect
        .poll(() => proposal.innerText())
        .toContain(`Correction to 0–1 proposed by operator ${traderId}, waiting for a second operator`);
      await market.scrollIntoViewIfNeeded();
      await b.page.screenshot({ path: 'e2e/screenshots/trading-proposed-correction.png' });
      await proposal.getByRole('button', { name: 'Confirm correction' }).click();
      const dialog = b.page.getByRole('dialog', { name: 'Confirm this correction?' });
      expect(await dialog.innerText()).toContain('Result now\n1–0');
      expect(await dialog.getByTestId('dialog-result').innerText()).toBe('0–1');
      expect(await dialog.innerText()).toContain(`Proposed by\noperator ${traderId}`);
      expect(await dialog.innerText()).toContain(
        'Bets settled on this market are resettled on the new result',
      );
      await b.page.screenshot({ path: 'e2e/screenshots/trading-confirm-correction-dialog.png' });
      await dialog.getByRole('button', { name: 'Yes, confirm correction' }).click();
      await market.getByText('Correction confirmed: 1 bet resettled.').waitFor();
      await market.getByText('result confirmed: 0–1').waitFor();
      expect(await proposal.count()).toBe(0);
      expect(await memberBet(betId)).toMatchObject({ settledReturn: 0 });

      // This desk proposes the next correction: it cannot confirm its own (the book answers 409).
      const form = market.getByRole('form', { name: 'Match result result' });
      await form.getByLabel('Home').fill('1');
      await form.getByLabel('Away').fill('1');
      await form.getByLabel('Reason (corrections)').fill('an equaliser in stoppage time');
      await form.getByRole('button', { name: 'Correct result' }).click();
      const correcting = b.page.getByRole('dialog', { name: 'Correct this result?' });
      expect(await correcting.innerText()).toContain('A second operator must confirm the correction');
      await correcting.getByRole('button', { name: 'Yes, correct result' }).click();
      await market.getByText('Correction proposed: it waits for a second operator').waitFor();
      await expect
        .poll(() => proposal.innerText())
        .toContain(`Correction to 1–1 proposed by operator ${meId} (you), waiting for a second operator`);
      // Refused by the book: the operator who proposed a correction cannot confirm it.
      b.allow4xx({ status: 409, method: 'POST', path: /^\/api\/admin\/sports\/markets\/\d+\/confirm$/ });
      await proposal.getByRole('button', { name: 'Confirm correction' }).click();
      await dialog.getByRole('button', { name: 'Yes, confirm correction' }).click();
      await expect
        .poll(() => market.getByRole('alert').innerText())
        .toContain('No result or correction waiting for a second operator');
      // The other trader confirms it.
      await trader('POST', `/sports/markets/${match!.marketId}/confirm`);
      await market.getByText('result confirmed: 1–1').waitFor();
      expect(await memberBet(betId)).toMatchObject({ settledReturn: 0 });

      // An unsettle of the confirmed result waits too: this desk is told so, and sees it as its own.
      await form.getByLabel('Reason (corrections)').fill('the result is under review');
      await form.getByRole('button', { name: 'Unsettle' }).click();
      await market.getByText('Unsettle proposed: the result was confirmed').waitFor();
      const waiting = b.page.getByRole('region', { name: 'Waiting for a second operator' });
      const mine = waiting.locator('[data-testid^="desk-proposal-"]', { hasText: 'Unsettle the result' });
      await expect.poll(() => mine.innerText()).toContain(`proposed by operator ${meId} (you)`);
      expect(await mine.innerText()).toContain('Yours: another operator confirms it.');
      expect(await mine.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
      await waiting.scrollIntoViewIfNeeded();
      await b.page.screenshot({ path: 'e2e/screenshots/trading-desk-proposals.png' });
      await mine.getByRole('button', { name: 'Withdraw' }).click();
      await waiting.getByText('Rejected: nothing changed.').waitFor();
      expect(await memberBet(betId)).toMatchObject({ status: 'settled', settledReturn: 0 });

      // The other trader cancels the lost bet: it waits here until this desk confirms it.
      const cancel = await trader('POST', `/sports/bets/${betId}/cancel`, { reason: 'palpable error' });
      expect(cancel.proposal).toEqual(expect.any(Number));
      expect(await memberBet(betId)).toMatchObject({ settledReturn: 0 });
      const theirs = waiting.getByTestId(`desk-proposal-${cancel.proposal}`);
      await expect.poll(() => theirs.innerText()).toContain(`Cancel the bet · bet #${betId}`);
      await theirs.getByRole('button', { name: 'Confirm' }).click();
      await theirs.getByRole('button', { name: 'Yes, confirm' }).click();
      await waiting.getByText('Confirmed: 1 bet followed.').waitFor();
      expect(await memberBet(betId)).toMatchObject({ status: 'void', settledReturn: 10_000 });
    } finally {
      await trader('POST', '/sports/settings', { confirmResults: false });
    }
  });

  it('reconciliation: the dashboard counts open findings and links to the desk, which shows and resolves them', {
    timeout: 90_000,
  }, async () => {
    const betId = doubleBetId || 990_001;
    const mismatch = await recordFinding({
      betId,
      kind: 'wallet_mismatch',
      detail: { book: { held: 10_000, paid: 0 }, wallet: { held: 20_000, paid: 0 } },
    });
    await recordFinding({
      betId,
      kind: 'pending_stuck',
      detail: { action: 'stake rolled back, bet refused' },
      repaired: true,
    });

    await b.page.goto('/admin');
    const board = b.page.getByRole('region', { name: 'Sportsbook reconciliation' });
    const open = Number(await board.getByTestId('sports-open').innerText());
    expect(open).toBeGreaterThanOrEqual(1);
    expect(Number(await board.getByTestId('sports-repaired').innerText())).toBeGreaterThanOrEqual(1);
    await b.screenshot('dashboard-reconciliation');
    await board.getByRole('link', { name: 'Review the open findings in Trading → Reconciliation' }).click();
    await b.page.getByRole('heading', { name: 'Trading' }).waitFor();
    expect(await b.page.getByRole('tab', { name: /^Reconciliation/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(new URL(b.page.url()).searchParams.get('view')).toBe('reconciliation');

    const panel = b.page.getByRole('region', { name: 'Reconciliation' });
    await expect.poll(() => panel.getByTestId('reconcile-open').innerText()).toBe(String(open));
    const row = panel
      .getByRole('row')
      .filter({ has: b.page.getByRole('button', { name: `Resolve finding ${mismatch}` }) });
    expect(await row.innerText()).toContain(`#${betId}`);
    expect(await row.innerText()).toContain('Wallet mismatch');
    // The book's and the wallet's amounts side by side, in the bet's currency (the Thai member's
    // baht; bare numbers only for a bet the book does not know); the row where they differ is marked.
    const detail = row.getByTestId(`finding-${mismatch}-detail`);
    const [held, paid] = doubleBetId ? ['฿100.00\t฿200.00', '฿0.00\t฿0.00'] : ['10,000\t20,000', '0\t0'];
    expect(await detail.getByRole('row').allInnerTexts()).toEqual([
      '\tbook\twallet',
      `Stake held\t${held}`,
      `Paid out\t${paid}`,
    ]);
    // Repaired findings are not listed for the desk (only with "show repaired and resolved").
    expect(await panel.getByText('Placement lost').count()).toBe(0);
    await b.screenshot('trading-reconciliation');

    await row.getByRole('button', { name: `Resolve finding ${mismatch}` }).click();
    const resolve = panel.getByRole('form', { name: `Resolve finding ${mismatch}` });
    await resolve.getByLabel('Reason').fill('wallet round corrected by the provider');
    await resolve.getByRole('button', { name: 'Confirm resolve' }).click();
    await panel.getByText(`Finding ${mismatch} (bet #${betId}) resolved.`).waitFor();
    await expect.poll(() => panel.getByTestId('reconcile-open').innerText()).toBe(String(open - 1));
    expect(await panel.getByRole('button', { name: `Resolve finding ${mismatch}` }).count()).toBe(0);

    await panel.getByLabel('Show repaired and resolved findings too').check();
    const rows = panel.getByRole('row').filter({ hasText: `#${betId}` });
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    expect(await rows.filter({ hasText: 'Wallet mismatch' }).first().innerText()).toContain('resolved');
    expect(await rows.filter({ hasText: 'Placement lost' }).first().innerText()).toContain('repaired');
    await b.screenshot('trading-reconciliation-all');
  });
});

/** Elements past the right edge of a phone's screen (tables, tabs and the menu scroll on their own). */
const overflowing = (page: Page) =>
  page.evaluate((width) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const right = el.getBoundingClientRect().right;
      if (right > width + 1 && !el.closest('[class*="tableWrap"], [role="tablist"], nav')) {
        out.push(`${el.tagName.toLowerCase()}.${el.className} → ${Math.round(right)}px`);
      }
    }
    return out.slice(0, 5);
  }, PHONE.width);

describe.runIf(chromiumAvailable)('the trading desk on a phone', () => {
  const b = useBrowser(PHONE);

  it('fits a 360-px screen', { timeout: 60_000 }, async () => {
    await signInOperator(b, TRADING_OPERATORS[1]);
    await b.page.goto('/admin/trading');
    await b.page.getByRole('heading', { name: 'Trading' }).waitFor();
    await b.page.getByRole('region', { name: 'Market Match result' }).first().waitFor();
    expect(await overflowing(b.page)).toEqual([]);
    await b.page.screenshot({ path: 'e2e/screenshots/trading-desk-phone.png' });

    // Limits per currency: the platform's row in baht, then won; a market's limit in won set and removed
    // (a market id no demo match has, so the shared book's bets are not touched).
    await b.page.getByRole('tab', { name: 'Limits' }).click();
    await b.page.getByRole('table', { name: 'Limits in THB' }).getByText('Platform').waitFor();
    await b.page.getByLabel('Currency').selectOption('KRW');
    const krw = b.page.getByRole('table', { name: 'Limits in KRW' });
    await krw.getByText('Platform').waitFor();
    const limitForm = b.page.getByRole('form', { name: 'Set limits in KRW' });
    await limitForm.getByLabel('Level').selectOption('market');
    await limitForm.getByLabel('Id').fill('987654321');
    await limitForm.getByLabel('Max stake (KRW)').fill('50000');
    await limitForm.getByRole('button', { name: 'Save' }).click();
    await b.page.getByText('Limits saved.').waitFor();
    await krw.getByText('Market #987654321').waitFor();
    await expect.poll(() => krw.getByText('₩50,000').count()).toBeGreaterThan(0);
    expect(await overflowing(b.page)).toEqual([]);
    await b.screenshot('trading-limits-phone');
    await krw
      .getByRole('row', { name: /Market #987654321/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await b.page.getByText('Limits removed.').waitFor();
    await b.page.getByRole('tab', { name: 'All' }).click();
    await b.page.getByRole('region', { name: 'Market Match result' }).first().waitFor();
    // The result dialog fits the phone too; cancelled, it sends nothing. A market still without a
    // result: other files' tests may have settled the first ones on the shared demo book.
    const form = b.page
      .getByRole('form', { name: 'Match result result' })
      .filter({ has: b.page.getByRole('button', { name: 'Enter result' }) })
      .first();
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

    // The reconciliation: counts, a listed finding with its detail, its resolve form.
    const finding = await recordFinding({
      betId: 990_360,
      kind: 'wallet_mismatch',
      detail: { book: { held: 5_000, paid: 9_500 }, wallet: { held: 5_000, paid: 0 } },
    });
    await b.page.getByRole('tab', { name: /^Reconciliation/ }).click();
    const panel = b.page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByRole('button', { name: `Resolve finding ${finding}` }).click();
    expect(await overflowing(b.page)).toEqual([]);
    await b.screenshot('trading-reconciliation-phone');
    await panel
      .getByRole('form', { name: `Resolve finding ${finding}` })
      .getByLabel('Reason')
      .fill('checked');
    await panel.getByRole('button', { name: 'Confirm resolve' }).click();
    await panel.getByText(`Finding ${finding} (bet #990360) resolved.`).waitFor();

    // The cancel window and an event's cancel confirmation on a phone.
    await b.page.getByRole('tab', { name: 'Upcoming' }).click();
    const card = b.page.locator('[data-testid^="event-"]').first();
    await card.getByRole('button', { name: 'Cancel window…' }).click();
    const windowForm = card.getByRole('form', { name: /^Cancel window on / });
    await windowForm.getByLabel('Scope').selectOption('selection');
    await windowForm.getByLabel(/Corrected price/).check();
    await windowForm.getByLabel('Reason').fill('a wrong price');
    await windowForm.getByLabel('Correct price (decimal)').fill('1.50');
    await windowForm.getByRole('button', { name: 'Review window' }).click();
    await card.getByLabel('Status').selectOption('cancelled');
    await card.getByRole('button', { name: 'Cancel event…' }).click();
    expect(await overflowing(b.page)).toEqual([]);
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await b.page.screenshot({ path: 'e2e/screenshots/trading-event-phone.png' });
    await windowForm.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await b.page.screenshot({ path: 'e2e/screenshots/trading-cancel-window-phone.png' });
    // Nothing sent: both are left at their confirmation.
    await card.getByRole('button', { name: 'Keep it' }).click();
    await windowForm.getByRole('button', { name: 'Back' }).click();

    await b.page.goto('/admin');
    await b.page.getByRole('region', { name: 'Sportsbook reconciliation' }).waitFor();
    expect(await overflowing(b.page)).toEqual([]);
    await b.screenshot('dashboard-phone');
  });
});
