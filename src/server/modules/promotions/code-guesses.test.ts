import { describe, expect, it } from 'vitest';
import { memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { PROMO_CODE_GUESSES_PER_WINDOW } from '../accounts/attempt-limits.ts';
import { memberBalances } from '../ledger/ledger.service.ts';

/** Promotion codes are the operator's secret: a member may not try them by the thousand. */
describe.runIf(backendAvailable)('promotions: guessing codes', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);

  it('refuses a member who tried too many unknown codes, whatever they try next; known codes are not guesses', async () => {
    await createCampaign(as('owner'), {
      name: 'Lapsed players',
      type: 'code',
      code: 'COMEBACK',
      percentBps: 0,
      fixedAmount: 50_000,
      cap: null,
      minDeposit: 0,
    });
    const guesser = await t.login();
    const id = await memberIdOf(t.db, guesser.member.id);
    // Every guess was answered at once: 3-letter codes (37³ of them) could be walked through in an hour.
    for (let i = 0; i < PROMO_CODE_GUESSES_PER_WINDOW; i++) {
      const res = await t.call('claim-promo-code', { code: `GUESS${i}` }, { token: guesser.token });
      expect([res.statusCode, res.json().msg]).toEqual([404, 'msg3609']);
    }
    const found = await t.call('claim-promo-code', { code: 'COMEBACK' }, { token: guesser.token });
    expect(found.statusCode).toBe(429);
    expect(found.json()).toMatchObject({ status: 'limited', msg: 'msg3514', retryAfter: expect.any(Number) });
    expect((await memberBalances(t.db, id)).bonus).toBe(0);

    // Another member claims the code, then tries it again and again: answered each time, never limited.
    const other = await t.login();
    expect((await t.call('claim-promo-code', { code: 'comeback' }, { token: other.token })).statusCode).toBe(
      200,
    );
    for (let i = 0; i <= PROMO_CODE_GUESSES_PER_WINDOW; i++) {
      const again = await t.call('claim-promo-code', { code: 'COMEBACK' }, { token: other.token });
      expect([again.statusCode, again.json().msg]).toEqual([409, 'msg3603']);
    }
  });
});
