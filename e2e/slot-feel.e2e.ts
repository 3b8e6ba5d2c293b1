import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LUCKY_SEVENS } from '../src/shared/games/machines/lucky-sevens.ts';
import { playSpin } from '../src/shared/games/slot-machine.ts';
import { syncRoundDraw } from '../test/support/slot-simulation.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember, seedHouseRounds } from './support/member.ts';
import { balanceIn, chooseSiteLanguage, openGameWindow } from './support/play.ts';

interface Spin {
  stake: number;
  payout: number;
  outcome: { window: string[][]; lines: unknown[]; feature: { kind: string } | null };
}

/** Every spin reply the page receives, in order. */
function recordSpins(page: Page): Spin[] {
  const spins: Spin[] = [];
  page.on('response', async (r) => {
    if (r.url().endsWith('/house/api/spin') && r.ok()) spins.push((await r.json()) as Spin);
  });
  return spins;
}

const shownGrid = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=reels] > div')].map((reel) =>
      [...reel.querySelectorAll('svg[data-symbol]')].map((s) => s.getAttribute('data-symbol')),
    ),
  );

async function autoplay(
  page: Page,
  settings: { lossLimit?: number; winAbove?: number; onFeature?: boolean; spins: number },
) {
  // Quick spins: a run of a hundred normal ones takes minutes on a loaded machine.
  const quick = page.getByTestId('quick-spin');
  if ((await quick.getAttribute('aria-pressed')) !== 'true') await quick.click();
  await page.getByTestId('autoplay-open').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: String(settings.spins), exact: true })
    .click();
  if (settings.lossLimit) await page.getByTestId('autoplay-loss-limit').fill(String(settings.lossLimit));
  if (settings.winAbove) await page.getByTestId('autoplay-win-above').fill(String(settings.winAbove));
  if (settings.onFeature) await page.getByTestId('autoplay-on-feature').check();
  await page.getByRole('button', { name: 'Start autoplay' }).click();
  await page.getByTestId('autoplay-left').waitFor();
  const stopped = page.getByTestId('autoplay-stopped');
  await stopped.waitFor({ timeout: 170_000 });
  return stopped.getAttribute('data-reason');
}

describe.runIf(chromiumAvailable)('slot feel on a phone', () => {
  const b = useBrowser(PHONE);
  let spins: Spin[] = [];
  let member = '';

  it('the reels rest on the server’s outcome and draw its winning lines', async () => {
    member = await fundedMember(b.page, 'slotfeel', 1_000_000);
    await chooseSiteLanguage(b.page, 'en');
    spins = recordSpins(b.page);
    await openGameWindow(b.page, 'lucky-sevens', 'royal-slots');
    await b.page.getByTestId('quick-spin').click();
    for (let i = 0; i < 4; i++) {
      await b.page.getByTestId('spin').click();
      await expect.poll(() => b.page.getByTestId('spin').isEnabled(), { timeout: 20_000 }).toBe(true);
      const last = spins.at(-1)!;
      expect(await shownGrid(b.page)).toEqual(last.outcome.window);
      expect(await b.page.getByTestId('payline').count()).toBe(last.outcome.lines.length);
    }
  }, 90_000);

  it('is muted by default; the toggle turns synthesised sound on and off, and is remembered', async () => {
    // Counts the notes WebAudio is asked to play.
    await b.page.addInitScript(() => {
      const w = window as unknown as { notes: number };
      w.notes = 0;
      const original = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        w.notes++;
        return original.call(this);
      };
    });
    await b.page.reload();
    await b.page.getByTestId('game-balance').waitFor();
    const toggle = b.page.getByTestId('mute-toggle');
    const notes = () => b.page.evaluate(() => (window as unknown as { notes: number }).notes);
    const spinOnce = async () => {
      await b.page.getByTestId('spin').click();
      await expect.poll(() => b.page.getByTestId('spin').isEnabled(), { timeout: 20_000 }).toBe(true);
    };
    await b.page.evaluate(() => localStorage.removeItem('play-sound'));
    await b.page.reload();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await spinOnce();
    expect(await notes()).toBe(0);
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await spinOnce();
    const heard = await notes();
    expect(heard).toBeGreaterThanOrEqual(6); // the spin and five reel stops at least
    await b.page.reload();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    const before = await notes();
    await spinOnce();
    expect(await notes()).toBe(before);
    await b.screenshot('slot-sound-toggle-phone');
  }, 90_000);

  it('autoplay plays the chosen number of spins', async () => {
    const from = spins.length;
    expect(await autoplay(b.page, { spins: 10 })).toBe('done');
    expect(spins.length - from).toBe(10);
  }, 180_000);

  it('autoplay stops at the loss limit and never passes it', async () => {
    // A limit one and a half stakes deep. An early big win keeps even that out of reach for a whole
    // run (which then ends as 'done'), so a run is tried again, up to three times, until one stops
    // at the limit; no run may lose more than the limit.
    const reasons: (string | null)[] = [];
    while (reasons.length < 3 && !reasons.includes('lossLimit')) {
      const before = await balanceIn(b.page);
      const from = spins.length;
      const reason = await autoplay(b.page, { spins: 25, lossLimit: 1_500 });
      reasons.push(reason);
      const played = spins.slice(from);
      const loss = played.reduce((sum, s) => sum + s.stake - s.payout, 0);
      expect(before - (await balanceIn(b.page))).toBe(loss);
      expect(loss).toBeLessThanOrEqual(1_500);
      // It stops once the next spin (1,000) could take the loss past 1,500.
      if (reason === 'lossLimit') expect(loss).toBeGreaterThan(500);
      else expect(reason).toBe('done');
    }
    expect(reasons).toContain('lossLimit');
    await b.screenshot('slot-autoplay-loss-limit-phone');
  }, 240_000);

  it('autoplay stops on a single win above the amount', async () => {
    const from = spins.length;
    expect(await autoplay(b.page, { spins: 100, winAbove: 300 })).toBe('bigWin');
    const played = spins.slice(from);
    expect(played.at(-1)!.payout).toBeGreaterThan(300);
    for (const s of played.slice(0, -1)) expect(s.payout).toBeLessThanOrEqual(300);
  }, 180_000);

  it('autoplay stops when a feature plays', async () => {
    // Seeds under which the lucky wheel first multiplies a win on a known spin, a few spins in: the
    // run must play exactly up to it (unseeded, a run of 100 spins without a feature happens).
    const serverSeed = 'e2e-autoplay-feature';
    const outcomes = (clientSeed: string) =>
      Array.from({ length: 100 }, (_, nonce) =>
        playSpin(LUCKY_SEVENS, syncRoundDraw(serverSeed, clientSeed, nonce)),
      );
    let clientSeed = '';
    let expected: ReturnType<typeof outcomes> = [];
    let first = -1;
    for (let c = 0; first < 5 || first > 20; c++) {
      clientSeed = `feature-${c}`;
      expected = outcomes(clientSeed);
      first = expected.findIndex((o) => o.feature !== null);
    }
    await seedHouseRounds(member, serverSeed, clientSeed);
    const from = spins.length;
    expect(await autoplay(b.page, { spins: 100, onFeature: true })).toBe('feature');
    const played = spins.slice(from);
    expect(played.map((s) => s.outcome.window)).toEqual(expected.slice(0, first + 1).map((o) => o.window));
    expect(played.at(-1)!.outcome.feature?.kind).toBe('multiplier');
    for (const s of played.slice(0, -1)) expect(s.outcome.feature).toBeNull();
    await b.screenshot('slot-autoplay-feature-phone');
  }, 180_000);
});
