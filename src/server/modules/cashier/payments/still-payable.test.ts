import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../../test/support/money.ts';
import { addCardOption } from '../../../../../test/support/payment-options.ts';
import { memberOn } from '../../../../../test/support/sites.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { SIGNATURE_HEADER } from '../../../providers/payments/sandbox/signature.ts';

const SECRET = 'still-payable-sandbox-secret';

/**
 * A card payment the member cancelled on our side stays payable at the provider until the site's
 * payment time ends, and is credited if paid: it counts towards the deposit limit meanwhile.
 */
describe.runIf(backendAvailable)('deposit limits and card payments closed unpaid', () => {
  const t = useTestApp({ sandboxPspSecret: SECRET });

  const confirm = (sessionId: string, amount: number) => {
    const body = JSON.stringify({ eventId: nextCode(), sessionId, outcome: 'confirmed', amount });
    return t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: hmacSign(SECRET, body) },
      payload: body,
    });
  };

  /** A member with a 100,000 daily deposit limit, a card option, and a way to start a card payment. */
  async function limitedMember() {
    const card = await addCardOption(t.db);
    t.app.sites.invalidate();
    const m = await memberOn(t);
    const set = await t.call('set-limit', { kind: 'deposit', period: 'day', amount: 100_000 }, m.as);
    expect(set.json()).toMatchObject({ status: 'success' });
    const start = (balance: number) =>
      t.call('apply-deposit-payment', { balance, code: nextCode(), idx: card }, m.as);
    return { m, start };
  }

  /** The member starts a 100,000 card payment and cancels it: its session id at the provider. */
  async function cancelledPayment(who: Awaited<ReturnType<typeof limitedMember>>) {
    const res = await who.start(100_000);
    expect(res.json(), res.body).toMatchObject({ status: 'success' });
    const sessionId = decodeURIComponent(String(res.json().launcherUrl).split('/').pop()!);
    const id = (await t.call('get-deposit-list', {}, who.m.as)).json().list[0].id;
    expect((await t.call('user-cancel-deposit', { id }, who.m.as)).json()).toMatchObject({
      status: 'success',
    });
    return sessionId;
  }

  it('refuses a new deposit the cancelled payment still payable would take past the limit', async () => {
    const who = await limitedMember();
    const first = await cancelledPayment(who);

    const second = await who.start(100_000);
    expect(second.statusCode, second.body).toBe(403);
    expect(second.json()).toMatchObject({ status: 'limit', msg: 'msg3111', amount: 100_000, used: 100_000 });
    // The member pays the cancelled one after all: credited, and the day's limit is then used up.
    expect((await confirm(first, 100_000)).json()).toMatchObject({ outcome: 'credited' });
    expect((await who.start(10_000)).json()).toMatchObject({ status: 'limit' });
    expect((await balancesOf(t, who.m.token)).cash).toBe(100_000);
    await expectSoundLedger(t.db);
  });

  it('stops counting it once the provider’s page has closed and a late answer is past due', async () => {
    const who = await limitedMember();
    await cancelledPayment(who);
    // The site's 30 minutes and an hour for a late confirmation have passed.
    await t.db.execute(sql`update payment_sessions set created_at = now() - interval '91 minutes'
      where cash_request_id in (select id from cash_requests where member_id = ${who.m.id})`);
    expect((await who.start(100_000)).json()).toMatchObject({ status: 'success' });
  });
});
