import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { dayIn } from '../src/shared/zoned-time.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { traceMainThread } from './support/main-thread.ts';
import { fundedMember, launch } from './support/member.ts';
import { WINDOW_TRADERS } from './support/operator.ts';
import { auditPage, settle } from './support/page-audit.ts';
import { placeBet, signInTrader, type TraderCall, tradeMatches } from './support/trader.ts';

const tag = `l${Date.now().toString(36)}`;
const MANY = 500;
/** The many matches start five days from now (after every other test's), a minute apart. */
const manyStart = Date.now() + 5 * 86_400_000;
/** One of the many matches' cards by its number (not a longer number's). */
const manyNamed = (i: number) => new RegExp(`Many ${i}(?!\\d)`);
const noWiderThanPhone = (w: Page) => w.evaluate(() => document.documentElement.scrollWidth);

/** One of the many matches as the trader's JSON-lines feed upload records it (fixture, then its 1X2). */
function manyMatch(i: number, seq = 1, status?: 'cancelled') {
  const id = `${tag}-m${i}`;
  const fixture = {
    type: 'fixture',
    source: 'e2e',
    id,
    seq,
    sport: 'football',
    sportName: 'Football',
    competition: `E2E Many ${tag} ${i % 10} [DEMO]`,
    competitionId: `${tag}-c${i % 10}`,
    name: `Many ${i} v Lots ${i}`,
    home: `Many ${i}`,
    away: `Lots ${i}`,
    startsAt: new Date(manyStart + i * 60_000).toISOString(),
    ...(status ? { status } : {}),
  };
  if (status) return [fixture];
  const market = {
    type: 'market',
    source: 'e2e',
    id: `${id}-1x2`,
    seq: 1,
    event: id,
    marketType: '1x2',
    name: 'Match result',
    selections: ['home', 'draw', 'away'].map((key, k) => ({
      key,
      name: key,
      price: ['2.1', '3.3', '3.6'][k],
      format: 'decimal',
    })),
  };
  return [fixture, market];
}

/** Uploads records in batches the desk's upload takes (60,000 characters of lines, 64 KB of JSON a call). */
async function upload(trader: TraderCall, records: object[]): Promise<void> {
  let batch: string[] = [];
  let size = 0;
  const send = async () => {
    if (batch.length === 0) return;
    const answer = await trader('POST', '/sports/feed', { lines: batch.join('\n') });
    if ((answer.errors as unknown[]).length) throw new Error(JSON.stringify(answer.errors));
    batch = [];
    size = 0;
  };
  for (const r of records) {
    const line = JSON.stringify(r);
    if (size + line.length + 1 > 40_000) await send();
    batch.push(line);
    size += line.length + 1;
  }
  await send();
}

/**
 * A budget of the main thread (ms), held by each task's own work (its thread time in Chrome's trace).
 * Wall times are logged beside: on a shared runner they include the time the renderer waited for a core.
 */
function withinBudget(what: string, tasks: { wall: number; cpu: number }[], budgetMs: number): void {
  const load = loadavg()[0]! / cpus().length;
  console.info(`${what}: ${JSON.stringify(tasks)} (wall and CPU ms, at a load of ${load.toFixed(1)} a core)`);
  expect(Math.max(0, ...tasks.map((t) => t.cpu)), `${what}: ${JSON.stringify(tasks)}`).toBeLessThanOrEqual(
    budgetMs,
  );
}

/** The browser's measure of each slow interaction (input to the next paint), from the page's first moment. */
function watchMainThread() {
  const w = window as unknown as { interactions: { name: string; duration: number; at: number }[] };
  w.interactions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      w.interactions.push({ name: e.name, duration: e.duration, at: e.startTime });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/**
 * The sports home with 500 more matches on a 360-px phone (docs/sportsbook.md, "The sports window"):
 * the first screen and a scroll through every match without a long task, a price tap answered within
 * 100 ms; the day filters in the site's zone; the popular matches by their bets; in Thai and English.
 */
/** A moment's calendar day in the site's zone (Bangkok), as the day picker's values are written. */
const bangkokDay = (at: number) => dayIn(new Date(at), 'Asia/Bangkok');

/** Bets on the two popular matches: more than any other e2e file's match gets. */
const POPULAR_BETS = [12, 11] as const;

describe.runIf(chromiumAvailable)(
  'the sports home: 500 matches, day filters and popular matches on a phone',
  () => {
    const b = useBrowser(PHONE);
    let trader: TraderCall;
    let url: string;
    let popularIds: number[];
    let popularStart: string;
    const w = () => b.page;

    afterAll(async () => {
      // The many matches leave the book (cancelled), so other tests' listings are as before.
      if (trader)
        await upload(trader, Array.from({ length: MANY }, (_, i) => manyMatch(i, 2, 'cancelled')).flat());
    });

    it('500 matches: the first screen and a scroll through all of them without a long task, a tap within 100 ms', async () => {
      trader = await signInTrader(WINDOW_TRADERS[6]);
      await upload(trader, Array.from({ length: MANY }, (_, i) => manyMatch(i)).flat());
      const popular = await tradeMatches(trader, tag, [
        { home: 'Crowded Rovers', away: 'Busy Town', prices: ['2.0', '3.4', '4.0'] },
        { home: 'Quieter City', away: 'Calm United', prices: ['2.5', '3.2', '2.8'] },
      ]);
      popularIds = popular.map((m) => m.id);
      popularStart = popular[0]!.startsAt;
      await fundedMember(w(), 'lst', 100_000);
      url = await launch(w(), 'sportsbook', 'royal-sports');
      const token = new URL(url, b.baseUrl).searchParams.get('token')!;
      // More bets than other files' matches gather (they share the book), so these two lead the section.
      for (let i = 0; i < POPULAR_BETS[0]; i++)
        await placeBet(token, [popular[0]!.selections[i % 2 ? 'draw' : 'home']], 1_000);
      for (let i = 0; i < POPULAR_BETS[1]; i++) await placeBet(token, [popular[1]!.selections.home], 1_000);

      await w().addInitScript(watchMainThread);
      // The first screen, loaded up to three times: on a shared runner noise only adds thread time, so
      // the quietest load is the page's own cost (a page that really blocks fails all three).
      const loads: { wall: number; cpu: number }[][] = [];
      const worst = (tasks: { cpu: number }[]) => Math.max(0, ...tasks.map((t) => t.cpu));
      let trace: Awaited<ReturnType<typeof traceMainThread>>;
      do {
        trace = await traceMainThread(w());
        await w().goto(url);
        await w().locator('[data-testid="event"]').first().waitFor();
        loads.push(await trace.stop());
      } while (loads.length < 3 && worst(loads.at(-1)!) > 50);
      const quietest = loads.reduce((a, b) => (worst(b) < worst(a) ? b : a));
      withinBudget(`long tasks to the first screen (the quietest of ${loads.length} loads)`, quietest, 50);
      // The trace sees a long task when there is one: 80 ms on purpose (wall time: a busy machine gives
      // a busy loop less CPU than that).
      trace = await traceMainThread(w());
      await w().evaluate(() => {
        const started = performance.now();
        while (performance.now() - started < 80);
      });
      expect(Math.max(0, ...(await trace.stop()).map((t) => t.wall))).toBeGreaterThanOrEqual(80);

      // The whole listing arrives (pages past the first 200 when idle) and is rendered as the member scrolls.
      const many = w().locator('[data-testid="competition"] [data-testid="event"]');
      const listed = () => w().getByTestId('listing').getAttribute('data-count').then(Number);
      await expect.poll(listed, { timeout: 60_000 }).toBeGreaterThanOrEqual(MANY);
      trace = await traceMainThread(w());
      const scrolled = await w().evaluate(async (wanted) => {
        const frame = () => new Promise((r) => requestAnimationFrame(r));
        const started = performance.now();
        // A phone's fling: 600 px a frame until every match is rendered and the end is reached (checked
        // every 10 frames: reading the page's height forces a layout the member's scroll would not).
        for (let i = 1; performance.now() - started < 90_000; i++) {
          window.scrollBy(0, 600);
          await frame();
          if (i % 10) continue;
          const rendered = document.querySelectorAll(
            '[data-testid="competition"] [data-testid="event"]',
          ).length;
          const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
          if (rendered >= wanted && atEnd && !document.querySelector('[data-testid="list-more"]')) break;
        }
        return document.querySelectorAll('[data-testid="competition"] [data-testid="event"]').length;
      }, MANY);
      withinBudget('long tasks while scrolling', await trace.stop(), 50);
      expect(scrolled).toBeGreaterThanOrEqual(MANY);
      expect(await many.filter({ hasText: manyNamed(MANY - 1) }).count()).toBe(1);

      // A price tap on a card far down the listing: the slip takes it, no task of it above 100 ms.
      const card = w()
        .locator(`[data-testid="event"]`)
        .filter({ hasText: manyNamed(MANY - 3) });
      await card.scrollIntoViewIfNeeded();
      const tapAt = await w().evaluate(() => performance.now());
      trace = await traceMainThread(w());
      await card.getByTestId('price').first().click();
      await expect.poll(() => card.getByTestId('price').first().getAttribute('aria-pressed')).toBe('true');
      await w().waitForTimeout(300);
      withinBudget('a price tap', await trace.stop(), 100);
      // The browser's own measure of the tap, input to the next paint (wall time: held on a machine with a core to spare).
      const tap = await w().evaluate(
        (since) =>
          (
            window as unknown as { interactions: { name: string; duration: number; at: number }[] }
          ).interactions.filter(
            (i) => i.at >= since && ['pointerdown', 'pointerup', 'click'].includes(i.name),
          ),
        tapAt,
      );
      const tapPaint = Math.max(0, ...tap.map((i) => i.duration));
      console.info(`a price tap to its paint: ${tapPaint} ms`);
      if (loadavg()[0]! <= cpus().length) expect(tapPaint).toBeLessThan(100);
      expect(await noWiderThanPhone(w())).toBeLessThanOrEqual(PHONE.width);
      await b.screenshot('sports-listing-500-th');
    }, 240_000);

    it('Thai: popular matches by their bets, and the day filters in the site’s zone', async () => {
      await w().evaluate(() => window.scrollTo(0, 0));
      const popular = w().getByTestId('popular');
      await expect
        .poll(() =>
          popular
            .locator('[data-testid="event"]')
            .evaluateAll((es) => es.map((e) => e.getAttribute('data-event'))),
        )
        .toEqual(expect.arrayContaining(popularIds.map(String)));
      const ids = await popular
        .locator('[data-testid="event"]')
        .evaluateAll((es) => es.map((e) => Number(e.getAttribute('data-event'))));
      expect(ids.indexOf(popularIds[0]!)).toBeLessThan(ids.indexOf(popularIds[1]!));
      expect(
        await popular
          .locator(`[data-event="${popularIds[0]}"]`)
          .locator('..')
          .getByTestId('popular-bets')
          .innerText(),
      ).toBe(`${POPULAR_BETS[0]} บิล`);
      await settle(w(), '[data-testid="popular"]');
      await b.screenshot('sports-popular-th');

      // The popular matches' day (today, or tomorrow when they start after midnight in Bangkok): them,
      // none of the many; the day of the many: them alone.
      const listing = w().locator('[data-testid="competition"] [data-testid="event"]');
      const filter = w().getByTestId('day-filter');
      const popularDay =
        bangkokDay(Date.parse(popularStart)) === bangkokDay(Date.now()) ? 'today' : 'tomorrow';
      await filter.getByTestId(`day-${popularDay}`).click();
      await expect.poll(() => listing.filter({ hasText: 'Crowded Rovers' }).count()).toBe(1);
      expect(await listing.filter({ hasText: /Many \d+/ }).count()).toBe(0);
      const manyDay = bangkokDay(manyStart);
      await filter.getByTestId('day-pick').selectOption(manyDay);
      await expect.poll(() => listing.filter({ hasText: manyNamed(0) }).count()).toBe(1);
      expect(await listing.filter({ hasText: 'Crowded Rovers' }).count()).toBe(0);
      expect(await filter.innerText()).toMatch(/ทั้งหมด[\s\S]*กำลังแข่ง \(\d+\)[\s\S]*วันนี้[\s\S]*พรุ่งนี้/);
      expect(await noWiderThanPhone(w())).toBeLessThanOrEqual(PHONE.width);
      await filter.scrollIntoViewIfNeeded();
      await b.screenshot('sports-day-filter-th');
      expect(
        await auditPage(w(), {
          locale: 'th',
          allowed: [
            'E2E',
            'Many',
            'Lots',
            'DEMO',
            'Crowded',
            'Rovers',
            'Busy',
            'Town',
            'Quieter',
            'City',
            'Calm',
            'United',
          ],
        }),
      ).toEqual([]);
    });

    it('English: the same sections in its words', async () => {
      await w().evaluate(() => localStorage.setItem('lang', 'en'));
      await w().goto(url);
      const filter = w().getByTestId('day-filter');
      await filter.waitFor();
      expect(await filter.innerText()).toMatch(
        /All[\s\S]*In play \(\d+\)[\s\S]*Today[\s\S]*Tomorrow[\s\S]*Pick a date/,
      );
      await w().getByTestId('popular').waitFor();
      expect(await w().getByTestId('popular').innerText()).toContain('Popular matches');
      expect(await w().getByTestId('popular-bets').first().innerText()).toBe(`${POPULAR_BETS[0]} bets`);
      await filter.getByTestId('day-tomorrow').click();
      expect(await noWiderThanPhone(w())).toBeLessThanOrEqual(PHONE.width);
      await b.screenshot('sports-popular-en');
    });
  },
);
