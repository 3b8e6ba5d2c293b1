import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../../test/support/money.ts';
import { loginNewOperator } from '../../../../../test/support/operators.ts';
import { addCardOption } from '../../../../../test/support/payment-options.ts';
import { ORIGIN, useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { sites } from '../../../db/schema.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { SIGNATURE_HEADER } from '../../../providers/payments/sandbox/signature.ts';

const SECRET = 'test-payments-secret';

/** NODE_ENV=production: the sandbox credits nothing unless the site's operator switched test payments on. */
describe.runIf(backendAvailable)('test payments on a production server', () => {
  const t = useTestApp({ sandboxPspSecret: SECRET, production: true }, { listen: true });
  let siteId = 0;
  let cardOption = 0;
  let ownerToken = '';

  const owner = (url: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, authorization: `Bearer ${ownerToken}` },
      payload: body,
    });
  const setTestPayments = async (on: boolean) => {
    const res = await owner(`/api/admin/settings/sites/${siteId}`, { testPayments: on });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    siteId = site!.id;
    cardOption = await addCardOption(t.db, siteId);
    ownerToken = (await loginNewOperator(t, 'owner')).token;
  });

  const startPayment = (token: string) =>
    t.call('apply-deposit-payment', { balance: 100_000, code: nextCode(), idx: cardOption }, { token });
  const confirm = (launcherUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: `${launcherUrl}/confirm?lang=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  it('a sandbox confirm credits nothing while test payments are off, and credits once they are on', async () => {
    await setTestPayments(true);
    const { token } = await t.login();
    const started = await startPayment(token);
    expect(started.json()).toMatchObject({ status: 'success' });
    const launcherUrl: string = started.json().launcherUrl;
    const page = await t.app.inject({ method: 'GET', url: `${launcherUrl}?lang=en` });
    expect(page.body).toContain(
      'TEST PAYMENT: no real money moves (test payments are switched on for this site)',
    );

    await setTestPayments(false);
    const refused = await confirm(launcherUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Online payment is not available on this site.');
    // The provider's signed callback itself is refused too: nothing reaches the ledger.
    const sessionId = decodeURIComponent(launcherUrl.split('/').pop()!);
    const body = JSON.stringify({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount: 100_000 });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: hmacSign(SECRET, body) },
      payload: body,
    });
    expect(webhook.statusCode).toBe(403);
    expect((await balancesOf(t, token)).cash).toBe(0);

    // A new payment is refused plainly.
    const plain = await startPayment(token);
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ status: 'closed', msg: 'msg3008' });

    await setTestPayments(true);
    expect((await confirm(launcherUrl)).statusCode).toBe(200);
    expect((await balancesOf(t, token)).cash).toBe(100_000);
    await expectSoundLedger(t.db);
  });

  it('the back office refuses the sandbox for a new payment option unless test payments are on', async () => {
    const option = { siteId, direction: 'deposit', kind: 'coin', provider: 'sandbox', name: 'Sandbox coin' };
    await setTestPayments(false);
    const refused = await owner('/api/admin/settings/payment-options', option);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/switch test payments on/);
    await setTestPayments(true);
    expect((await owner('/api/admin/settings/payment-options', option)).statusCode).toBe(200);
  });
});
