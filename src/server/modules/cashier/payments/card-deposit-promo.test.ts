import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, memberIdOf, nextCode } from '../../../../../test/support/money.ts';
import { useOperators } from '../../../../../test/support/operators.ts';
import {
  addCardOption,
  sandboxWebhook,
  startCardPayment,
} from '../../../../../test/support/payment-options.ts';
import { createCampaign } from '../../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { memberBalances } from '../../ledger/ledger.service.ts';

const SECRET = 'card-promo-sandbox-secret';

/**
 * A deposit bonus is opted into with a card payment as with a bank transfer (the deposit page offers
 * it for every method): checked when the payment starts, granted when the provider confirms it.
 */
describe.runIf(backendAvailable)('a deposit bonus with a card payment', () => {
  const t = useTestApp({ sandboxPspSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  let card = 0;
  let campaign = 0;
  beforeAll(async () => {
    card = await addCardOption(t.db);
    t.app.sites.invalidate();
    await t.db.execute(
      sql`update promo_campaigns set enabled = false where type in ('first_deposit', 'every_deposit')`,
    );
    campaign = await createCampaign(as('owner'), {
      name: 'Card deposit 50%',
      type: 'every_deposit',
      percentBps: 5_000,
      cap: null,
      minDeposit: 10_000,
    });
  });

  it('grants the bonus when the provider confirms the payment', async () => {
    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const { sessionId } = await startCardPayment(t, token, card, 100_000, { promo: campaign });
    // Nothing yet: the payment is not made.
    expect(await memberBalances(t.db, memberId)).toMatchObject({ cash: 0, bonus: 0 });
    const paid = await sandboxWebhook(t, SECRET, {
      eventId: randomUUID(),
      sessionId,
      outcome: 'confirmed',
      amount: 100_000,
    });
    expect(paid.json(), paid.body).toMatchObject({ outcome: 'credited' });
    expect(await memberBalances(t.db, memberId)).toMatchObject({ cash: 100_000, bonus: 50_000 });
    await expectSoundLedger(t.db);
  });

  it('refuses an opt-in that does not apply before any payment page opens', async () => {
    const { token, member } = await t.login();
    const high = await createCampaign(as('owner'), {
      name: 'Card deposit from 500,000',
      type: 'every_deposit',
      percentBps: 5_000,
      cap: null,
      minDeposit: 500_000,
    });
    const res = await t.call(
      'apply-deposit-payment',
      { balance: 100_000, code: nextCode(), idx: card, promo: high },
      { token },
    );
    expect({ status: res.statusCode, msg: res.json().msg }).toEqual({ status: 400, msg: 'msg3602' });
    expect((await t.call('get-deposit-list', {}, { token })).json().list).toEqual([]);
    for (const promo of [0, -1, 'x', 1.5]) {
      const bad = await t.call(
        'apply-deposit-payment',
        { balance: 100_000, code: nextCode(), idx: card, promo },
        { token },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    }
    expect(await memberBalances(t.db, await memberIdOf(t.db, member.id))).toMatchObject({
      cash: 0,
      bonus: 0,
    });
  });
});
