import { describe, it } from 'vitest';
import { GOLDEN_DRAGON } from '../src/shared/games/machines/golden-dragon.ts';
import { playSpin } from '../src/shared/games/slot-machine.ts';
import { syncRoundDraw } from '../test/support/slot-simulation.ts';
import { chromiumAvailable, PHONE, useBrowser } from './support/browser.ts';
import { fundedMember } from './support/member.ts';
import { chooseSiteLanguage, openGameWindow } from './support/play.ts';

/**
 * For looking at the free-spins show only: the page is handed a real engine outcome with free spins
 * (found by seed), as if the server had settled it. No money moves in this test.
 */
describe.runIf(chromiumAvailable)('the free-spins show, to look at', () => {
  const b = useBrowser(PHONE);

  it('announces the free spins, plays each one and presents the total', async () => {
    let nonce = 0;
    let outcome = playSpin(GOLDEN_DRAGON, syncRoundDraw('show', 'look', nonce));
    while (outcome.feature?.kind !== 'freeSpins' || outcome.multiplier < 100) {
      outcome = playSpin(GOLDEN_DRAGON, syncRoundDraw('show', 'look', ++nonce));
    }
    await fundedMember(b.page, 'slotshow', 1_000_000);
    await chooseSiteLanguage(b.page, 'th');
    await openGameWindow(b.page, 'golden-dragon', 'royal-slots');
    await b.page.route('**/house/api/spin', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'success',
          roundId: 'H1',
          outcome,
          stake: 1_000,
          payout: outcome.multiplier * 100,
          balance: 1_000_000,
          nonce: 0,
        }),
      }),
    );
    await b.page.getByTestId('spin').click();
    await b.page.getByText('ฟรีสปิน 8 ครั้ง!').waitFor({ timeout: 20_000 });
    await b.screenshot('slot-free-spins-banner-th-phone');
    await b.page.getByText('ฟรีสปินที่ 4 จาก 8').waitFor({ timeout: 30_000 });
    await b.page.waitForTimeout(1_200);
    await b.screenshot('slot-free-spin-4-th-phone');
    await b.page.getByTestId('celebration').waitFor({ timeout: 40_000 });
    await b.page.waitForTimeout(1_500);
    await b.screenshot('slot-celebration-th-phone');
    // When the count ends the celebration leaves the screen: the total rests in the win bar and the
    // buttons under it answer a tap again.
    await b.page.getByTestId('celebration').waitFor({ state: 'detached', timeout: 10_000 });
    await b.page.getByTestId('win-bar').getByTestId('win-amount').waitFor();
    await b.page.getByRole('button', { name: 'ตารางจ่าย' }).click({ timeout: 5_000 });
    await b.page.getByTestId('paytable').waitFor();
  }, 120_000);
});
