import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fund, memberIdOf } from '../../../../test/support/money.ts';
import { KO_SITE, memberOn, TH_SITE } from '../../../../test/support/sites.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { TICKER_SCAN } from './cash-ticker.service.ts';

describe.runIf(backendAvailable)('the public ticker of approvals', () => {
  const t = useTestApp({}, { seedDemo: true });
  const ticker = async (site: typeof TH_SITE) => {
    const res = await t.call('get-cash-ticker', { kind: 'deposit' }, site);
    expect(res.statusCode).toBe(200);
    return res.json().list as { userId: string; amount: number }[];
  };

  it("shows each site only its own members' approvals", async () => {
    const ko = await memberOn(t, KO_SITE);
    await fund(t, ko.as, 100_000);
    const th = await memberOn(t, TH_SITE);
    await fund(t, th.as, 20_000);
    expect((await ticker(KO_SITE)).map((l) => l.userId)).toEqual([
      `${ko.loginId.slice(0, 2)}${'*'.repeat(ko.loginId.length - 2)}`,
    ]);
    expect((await ticker(TH_SITE)).map((l) => l.amount)).toEqual([20_000]);
  });

  it(`walks at most the ${TICKER_SCAN} latest approvals of every site, however many another site has`, async () => {
    const ko = await memberOn(t, KO_SITE);
    await fund(t, ko.as, 100_000);
    const th = await memberOn(t, TH_SITE);
    const thId = await memberIdOf(t.db, th.loginId);
    // A larger site's history: its approvals, newer than the small site's one (rows only, for the walk).
    await t.db.execute(sql`
      insert into cash_requests (member_id, kind, amount, status, client_code, decided_by, decided_at)
      select ${thId}, 'deposit', 10000, 'already', 'ticker-walk-' || g, 'test', now() + g * interval '1 millisecond'
      from generate_series(1, ${TICKER_SCAN + 100}) g`);
    try {
      // The small site's approval lies beyond the walk's bound: not found, and the read stopped there.
      expect(await ticker(KO_SITE)).toEqual([]);
      expect(await ticker(TH_SITE)).toHaveLength(10);
    } finally {
      await t.db.execute(sql`delete from cash_requests where client_code like 'ticker-walk-%'`);
    }
  });
});
