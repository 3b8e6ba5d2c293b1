import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../../test/support/money.ts';
import { useOperators } from '../../../../../test/support/operators.ts';
import { addCardOption } from '../../../../../test/support/payment-options.ts';
import { memberOn } from '../../../../../test/support/sites.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { SIGNATURE_HEADER } from '../../../providers/payments/sandbox/signature.ts';

const SECRET = 'operator-decision-sandbox-secret';

/** A card deposit the payment provider still holds is the provider's to decide, not the cashier desk's. */
describe.runIf(backendAvailable)('an operator’s decision on a card deposit the provider still holds', () => {
  const t = useTestApp({ sandboxPspSecret: SECRET });
  const ops = useOperators(t);

  const webhook = (sessionId: string, outcome: 'confirmed' | 'declined', amount: number) => {
    const body = JSON.stringify({ eventId: nextCode(), sessionId, outcome, amount });
    return t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: hmacSign(SECRET, body) },
      payload: body,
    });
  };

  /** A member's 500,000 card payment, opened at the provider and not paid yet. */
  async function heldCardDeposit() {
    const card = await addCardOption(t.db);
    t.app.sites.invalidate();
    const m = await memberOn(t);
    const res = await t.call(
      'apply-deposit-payment',
      { balance: 500_000, code: nextCode(), idx: card },
      m.as,
    );
    expect(res.json(), res.body).toMatchObject({ status: 'success' });
    const sessionId = decodeURIComponent(String(res.json().launcherUrl).split('/').pop()!);
    const id = (await t.call('get-deposit-list', {}, m.as)).json().list[0].id as number;
    return { m, sessionId, id };
  }

  const statusOf = async (m: { as: object }) =>
    (await t.call('get-deposit-list', {}, m.as)).json().list[0].status;

  it('refuses the approval; the provider’s decline then cancels it and nothing is credited', async () => {
    const { m, sessionId, id } = await heldCardDeposit();
    const approved = await ops.as('cashier').post(`/api/admin/cashier/deposit/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json()).toMatchObject({ status: 'wait' });
    expect(approved.json().message).toMatch(/payment provider still holds/);
    expect(await statusOf(m)).toBe('reg');
    expect((await balancesOf(t, m.token)).cash).toBe(0);

    expect((await webhook(sessionId, 'declined', 500_000)).json()).toMatchObject({ outcome: 'cancelled' });
    expect(await statusOf(m)).toBe('cansel');
    expect((await balancesOf(t, m.token)).cash).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('allows the rejection, which closes the payment: a late confirmation waits for reconciliation', async () => {
    const { m, sessionId, id } = await heldCardDeposit();
    const rejected = await ops
      .as('cashier')
      .post(`/api/admin/cashier/deposit/${id}/reject`, { reason: 'Card holder unknown' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await statusOf(m)).toBe('cansel');
    // The member can no longer reopen the provider's page of it.
    const resume = await t.call('resume-deposit-payment', { id }, m.as);
    expect(resume.json()).toMatchObject({ msg: 'msg3052' });

    expect((await webhook(sessionId, 'confirmed', 500_000)).json()).toMatchObject({
      outcome: 'request-not-pending',
    });
    expect(await statusOf(m)).toBe('cansel');
    expect((await balancesOf(t, m.token)).cash).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('answers an approval after the provider’s confirmation as already decided, credited once', async () => {
    const { m, sessionId, id } = await heldCardDeposit();
    expect((await webhook(sessionId, 'confirmed', 500_000)).json()).toMatchObject({ outcome: 'credited' });
    const approved = await ops.as('cashier').post(`/api/admin/cashier/deposit/${id}/approve`);
    expect(approved.statusCode).toBe(409);
    expect(approved.json()).toMatchObject({ status: 'already' });
    expect((await balancesOf(t, m.token)).cash).toBe(500_000);
  });
});
