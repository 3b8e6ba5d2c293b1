import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, nextCode } from '../../../../../test/support/money.ts';
import { addCardOption } from '../../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { SIGNATURE_HEADER } from '../../../providers/payments/sandbox/signature.ts';

const SECRET = 'test-sandbox-secret';

/**
 * A break stops deposits, old and new (docs/protection.md): a card payment opened before it cannot be
 * taken up again; a payment the member had already made at the provider is still credited (the money
 * left their card), and they cannot play with it.
 */
describe.runIf(backendAvailable)('a card payment opened before a break', () => {
  const t = useTestApp({ sandboxPspSecret: SECRET });
  let card = 0;
  beforeAll(async () => {
    card = await addCardOption(t.db);
  });
  const pay = (sessionId: string, amount: number) => {
    const body = JSON.stringify({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount });
    return t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: hmacSign(SECRET, body) },
      payload: body,
    });
  };

  it('is not handed out again during the break; paid at the provider all the same, it is credited', async () => {
    const { token } = await t.login();
    const start = await t.call(
      'apply-deposit-payment',
      { balance: 50_000, code: nextCode(), idx: card },
      { token },
    );
    expect(start.json(), start.body).toMatchObject({ status: 'success' });
    const sessionId = decodeURIComponent(String(start.json().launcherUrl).split('/').pop()!);
    const open = (await t.call('get-deposit-list', {}, { token })).json().list[0];

    const taken = await t.call('set-protection', { kind: 'break', days: 7, confirm: true }, { token });
    expect(taken.json()).toMatchObject({ status: 'success' });
    const resumed = await t.call('resume-deposit-payment', { id: open.id }, { token });
    expect({ code: resumed.statusCode, body: resumed.json() }).toMatchObject({
      code: 403,
      body: { status: 'excluded' },
    });
    expect(resumed.json().launcherUrl).toBeUndefined();

    // The page was still open in the member's browser and they paid there: the money is theirs.
    expect((await pay(sessionId, 50_000)).statusCode).toBeLessThan(300);
    expect((await balancesOf(t, token)).cash).toBe(50_000);
  });
});
