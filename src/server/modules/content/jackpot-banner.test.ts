import { describe, expect, it } from 'vitest';
import { losingRound, poolBalance, SECRET } from '../../../../test/support/jackpot.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchedPlayer } from '../../../../test/support/wallet.ts';
import { DEMO_SITES } from '../../db/seed-demo.ts';
import { createBanner } from './content.service.ts';

/**
 * The jackpot banner of the banners API (get-advertisement, the older front ends' user_get_advertisement):
 * its amount is the real pool, never a figure an operator typed in (a counter the ledger does not hold).
 */
describe.runIf(backendAvailable)('the jackpot banner', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const onHost = (host: string) => ({ headers: { host, origin: `http://${host}` } });
  const jackpotBanners = async (host: string) =>
    (await t.call('get-advertisement', { type: 'jackpot' }, onHost(host))).json().banners as {
      title: string;
      amount: number | null;
    }[];

  it('shows the pool as the ledger holds it, whatever amount the operator typed', async () => {
    await createBanner(t.db, { type: 'jackpot', title: 'Mega jackpot', amount: 999_999_999 });
    // The pool grows with a stake, so the banner's figure is the live one, not the opening reseed.
    const p = await launchedPlayer(t, 1_000_000);
    await losingRound(t, p.gameToken, 100_000);
    const pool = await poolBalance(t.db);
    await expect
      .poll(async () => (await jackpotBanners(DEMO_SITES.th.host)).map((b) => b.amount), { timeout: 5_000 })
      .toEqual([pool, pool]); // the demo’s own jackpot banner and this one
    const titles = (await jackpotBanners(DEMO_SITES.th.host)).map((b) => b.title);
    expect(titles).toContain('Mega jackpot');
  });

  it('shows no amount on a site outside the pool’s currency (a won site has no baht jackpot)', async () => {
    await createBanner(t.db, {
      type: 'jackpot',
      title: 'Won jackpot',
      amount: 5_000_000_000,
      domain: DEMO_SITES.ko.host,
    });
    const banners = await jackpotBanners(DEMO_SITES.ko.host);
    expect(banners.find((b) => b.title === 'Won jackpot')).toMatchObject({ amount: null });
    for (const b of banners) expect(b.amount).toBeNull();
  });
});
