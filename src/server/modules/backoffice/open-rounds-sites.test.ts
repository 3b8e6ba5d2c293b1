import { describe, expect, it } from 'vitest';
import { fund } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { KO_SITE, memberOn, TH_SITE } from '../../../../test/support/sites.ts';
import { type CallOptions, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { launchGame, walletIds, walletRequest } from '../../../../test/support/wallet.ts';

const SECRET = 'open-rounds-sites-secret';

/**
 * The back office's unfinished rounds hold every site's: each names its member's currency. They were
 * bare numbers, so a ฿100.00 stake and a ₩10,000 one both read 10,000.
 */
describe.runIf(backendAvailable)('back office: unfinished rounds of sites in different currencies', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);

  /** A member of `site` whose slot round took a stake of 10,000 minor units and has no win yet. */
  const openRound = async (site: CallOptions) => {
    const member = await memberOn(t, site);
    await fund(t, member.as, 1_000_000);
    const round = walletIds();
    const token = await launchGame(t, member.as);
    const bet = await walletRequest(t, 'bet', { ...round, token, amount: 10_000 }, SECRET);
    expect(bet.json().status).toBe('success');
    return round.roundId;
  };

  it('lists each open round with its member’s currency', async () => {
    const th = await openRound(TH_SITE);
    const ko = await openRound(KO_SITE);
    const res = await as('content').get('/api/admin/games/open-rounds');
    expect(res.statusCode).toBe(200);
    const rounds = res.json().rounds as { roundId: string; totalBet: number; currency: string }[];
    const listed = (roundId: string) => rounds.find((r) => r.roundId === roundId);
    expect(listed(th)).toMatchObject({ totalBet: 10_000, currency: 'THB' });
    expect(listed(ko)).toMatchObject({ totalBet: 10_000, currency: 'KRW' });
  });
});
