import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { addBookLimit, sportsApiCall } from '../../../../test/support/sports.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { DEFAULT_POSTPONE_VOID_HOURS } from './published-rules.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

describe.runIf(backendAvailable)('the sports window: the published house rules', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  const rules = async () => {
    const res = await sportsApiCall(t, 'rules', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
    return res.json().rules;
  };

  it('answers the book’s settings, the postponement rule and the platform limits, without a session', async () => {
    expect(await rules()).toEqual({
      rounding: DEFAULT_SETTINGS.rounding,
      confirmResults: DEFAULT_SETTINGS.confirmResults,
      betDelaySeconds: DEFAULT_SETTINGS.betDelaySeconds,
      cancelWindowMinutes: DEFAULT_SETTINGS.cancelWindowMinutes,
      postponeVoidHours: DEFAULT_POSTPONE_VOID_HOURS,
      cashoutMarginBp: DEFAULT_SETTINGS.cashoutMarginBp,
      cashoutOfferSeconds: DEFAULT_SETTINGS.cashoutOfferSeconds,
      reducedMultiple: 'single',
      currency: t.config.currency,
      // The platform's limits as installed (migration 0011).
      maxStake: 5_000_000,
      maxPayout: 100_000_000,
    });
  });

  it('follows the desk’s changes to the house rules at once', async () => {
    const saved = await as('trading').post('/api/admin/sports/settings', {
      rounding: 'nearest',
      betDelaySeconds: 9,
      confirmResults: true,
      cancelWindowMinutes: 90,
    });
    expect(saved.statusCode).toBe(200);
    expect(await rules()).toMatchObject({
      rounding: 'nearest',
      betDelaySeconds: 9,
      confirmResults: true,
      cancelWindowMinutes: 90,
    });
  });

  it('cites the platform’s max stake and max payout, not a stricter limit of one market or player', async () => {
    await t.db.execute(
      sql`update sb_limits set max_stake = 500000, max_payout = 20000000 where scope = 'platform'`,
    );
    await addBookLimit(t.db, 'market', 1, { max_stake: 100, max_payout: 1_000 });
    expect(await rules()).toMatchObject({ maxStake: 500_000, maxPayout: 20_000_000 });
    await t.db.execute(sql`update sb_limits set max_stake = null where scope = 'platform'`);
    expect(await rules()).toMatchObject({ maxStake: null, maxPayout: 20_000_000 });
    await t.db.execute(sql`delete from sb_limits where scope = 'platform'`);
    expect(await rules()).toMatchObject({ maxStake: null, maxPayout: null });
  });

  it('refuses a malformed body with a 400, like the window’s other calls', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sports/api/rules',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('invalid');
  });
});
