import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../../test/support/money.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { paymentOptions, sites } from '../../../db/schema.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import {
  type HostedPspConfig,
  PSP_SIGNATURE_HEADER,
} from '../../../providers/payments/hosted/hosted-psp.provider.ts';

const SECRET = 'psp-secret';

/**
 * The status query of a real provider (hosted PSP) goes over the network, so its answers are signed.
 * The signature covers the answer's bytes only: a man in the middle who kept a genuine answer for one
 * payment (paid, of the same amount) can hand it back for another one. The answer names its payment,
 * and an answer about another payment is not believed.
 */
describe.runIf(backendAvailable)("the hosted PSP's status answers", () => {
  /** What the network hands back to the next status query: a genuine signed body, replayed. */
  let replayed = '';
  const psp: HostedPspConfig = {
    code: 'acme',
    baseUrl: 'https://psp.example',
    merchantId: 'm1',
    secret: SECRET,
    fetch: (async () =>
      new Response(replayed, {
        status: 200,
        headers: { [PSP_SIGNATURE_HEADER]: hmacSign(SECRET, replayed) },
      })) as unknown as typeof fetch,
  };
  const t = useTestApp({ psp });
  let card = 0;
  beforeAll(async () => {
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    const [row] = await t.db
      .insert(paymentOptions)
      .values({ siteId: site!.id, direction: 'deposit', kind: 'card', provider: 'acme', name: 'Acme card' })
      .returning();
    card = row!.id;
  });

  async function startPayment(token: string, balance: number) {
    const res = await t.call('apply-deposit-payment', { balance, code: nextCode(), idx: card }, { token });
    expect(res.json(), res.body).toMatchObject({ status: 'success' });
    const sessionId = new URL(res.json().launcherUrl).searchParams.get('reference')!;
    const id: number = (await t.call('get-deposit-list', {}, { token })).json().list[0].id;
    return { sessionId, id };
  }

  it("a paid answer about another payment, replayed for this one, credits nothing: the member's cancel goes through", async () => {
    const payer = await t.login();
    const paid = await startPayment(payer.token, 50_000);
    // The answer the PSP once gave, genuinely, about the payer's payment.
    replayed = JSON.stringify({ reference: paid.sessionId, status: 'succeeded', amount: 50_000 });

    const { token } = await t.login();
    const unpaid = await startPayment(token, 50_000);
    const cancel = await t.call('user-cancel-deposit', { id: unpaid.id }, { token });
    expect(cancel.json(), cancel.body).toMatchObject({ status: 'success' });
    expect((await balancesOf(t, token)).cash).toBe(0);
    expect((await t.call('get-deposit-list', {}, { token })).json().list[0]).toMatchObject({
      id: unpaid.id,
      status: 'cansel',
    });

    // The same answer about the payment it names is believed: the payer's cancel finds it paid.
    const payerCancel = await t.call('user-cancel-deposit', { id: paid.id }, { token: payer.token });
    expect(payerCancel.statusCode).toBe(409);
    expect((await balancesOf(t, payer.token)).cash).toBe(50_000);
    await expectSoundLedger(t.db);
  });
});
