import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../../test/support/money.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../../test/support/test-db.ts';
import { paymentOptions, sites } from '../../../db/schema.ts';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { SIGNATURE_HEADER } from '../../../providers/payments/sandbox/signature.ts';

const SECRET = 'test-sandbox-secret';

describe.runIf(backendAvailable)('payment options and the sandbox payment provider', () => {
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (line: Buffer) => logs.push(line.toString()));
  // The sandbox calls our webhook over real HTTP, so the app listens like a deployed one.
  const t = useTestApp({ sandboxPspSecret: SECRET }, { logStream, listen: true });
  const option: Record<string, number> = {};

  beforeAll(async () => {
    const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
    const rows = await t.db
      .insert(paymentOptions)
      .values([
        {
          siteId: site!.id,
          direction: 'deposit',
          kind: 'card',
          provider: 'sandbox',
          name: 'Card',
          sortOrder: 1,
        },
        {
          siteId: site!.id,
          direction: 'deposit',
          kind: 'coin',
          provider: 'sandbox',
          name: 'Coin',
          minAmount: 50_000,
          maxAmount: 200_000,
          sortOrder: 2,
        },
        { siteId: site!.id, direction: 'withdraw', kind: 'bank', provider: 'sandbox', name: 'Bank payout' },
        {
          siteId: site!.id,
          direction: 'deposit',
          kind: 'bank',
          provider: 'sandbox',
          name: 'Off',
          enabled: false,
        },
      ])
      .returning();
    for (const row of rows) option[row.name] = row.id;
  });

  const webhook = (body: string, signature = hmacSign(SECRET, body)) =>
    t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      payload: body,
    });

  async function startPayment(token: string, balance = 100_000, idx = option.Card!) {
    const res = await t.call('apply-deposit-payment', { balance, code: nextCode(), idx }, { token });
    expect(res.json(), res.body).toMatchObject({ status: 'success' });
    const launcherUrl: string = res.json().launcherUrl;
    return { launcherUrl, sessionId: decodeURIComponent(launcherUrl.split('/').pop()!) };
  }

  it("lists the site's enabled options for each direction", async () => {
    const { token } = await t.login();
    const deposit = (await t.call('get-deposit-payment', {}, { token })).json().payments;
    expect(deposit.map((p: { name: string }) => p.name)).toEqual(['Card', 'Coin']);
    expect(deposit[1]).toMatchObject({
      idx: option.Coin,
      kind: 'coin',
      minAmount: 50_000,
      maxAmount: 200_000,
    });
    const withdraw = (await t.call('get-withdrawal-payment', {}, { token })).json().payments;
    expect(withdraw).toEqual([
      {
        idx: option['Bank payout'],
        name: 'Bank payout',
        kind: 'bank',
        minAmount: 10_000,
        maxAmount: 10_000_000,
      },
    ]);
  });

  it('checks the amount rules and the option limits before opening a payment', async () => {
    const { token } = await t.login();
    const cases: [number, number, string][] = [
      [0, option.Card!, 'msg2007'],
      [5_000, option.Card!, 'msg2008'],
      [12_000, option.Card!, 'msg2009'],
      [40_000, option.Coin!, 'msg3035'],
      [300_000, option.Coin!, 'msg3035'],
    ];
    for (const [balance, idx, msg] of cases) {
      const res = await t.call('apply-deposit-payment', { balance, code: nextCode(), idx }, { token });
      expect(res.json(), `${balance}`).toMatchObject({ msg });
    }
    for (const idx of [option.Off!, option['Bank payout']!, 999_999]) {
      const res = await t.call(
        'apply-deposit-payment',
        { balance: 10_000, code: nextCode(), idx },
        { token },
      );
      expect(res.statusCode).toBe(404);
    }
    expect((await t.call('get-deposit-list', {}, { token })).json().list).toEqual([]);
  });

  it('credits a deposit the member confirms on the hosted page, through the signed webhook', async () => {
    const { token } = await t.login();
    const { launcherUrl } = await startPayment(token, 100_000);
    expect((await t.call('get-deposit-list', {}, { token })).json().list[0]).toMatchObject({ status: 'reg' });

    const page = await t.app.inject({ method: 'GET', url: `${launcherUrl}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('100,000');
    expect(page.body).toContain('TEST MODE');
    const confirm = await t.app.inject({ method: 'POST', url: `${launcherUrl}/confirm?lang=en` });
    expect(confirm.body).toContain('Payment complete');
    expect((await balancesOf(t, token)).cash).toBe(100_000);
    expect((await t.call('get-deposit-list', {}, { token })).json().list[0]).toMatchObject({
      status: 'already',
    });

    // Paying twice on the same page changes nothing.
    await t.app.inject({ method: 'POST', url: `${launcherUrl}/confirm` });
    expect((await balancesOf(t, token)).cash).toBe(100_000);
    await expectSoundLedger(t.db);
  });

  it('cancels a deposit the member declines, and ignores a late confirmation', async () => {
    const { token } = await t.login();
    const { launcherUrl, sessionId } = await startPayment(token, 60_000);
    const decline = await t.app.inject({ method: 'POST', url: `${launcherUrl}/decline?lang=en` });
    expect(decline.body).toContain('Payment declined');
    expect((await t.call('get-deposit-list', {}, { token })).json().list[0]).toMatchObject({
      status: 'cansel',
    });
    const late = JSON.stringify({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount: 60_000 });
    expect((await webhook(late)).json()).toEqual({ status: 'success', outcome: 'contradicts-final' });
    expect((await balancesOf(t, token)).cash).toBe(0);
  });

  it('a confirmation after a decline, or after a reversal, moves nothing and is logged for reconciliation', async () => {
    const reconcile = (eventId: string) =>
      logs.some((l) => l.includes('payment event needs reconciliation') && l.includes(eventId));
    const { token } = await t.login();
    const declinedFirst = await startPayment(token, 40_000);
    const decline = JSON.stringify({
      eventId: 'evt-d1',
      sessionId: declinedFirst.sessionId,
      outcome: 'declined',
      amount: 40_000,
    });
    expect((await webhook(decline)).json().outcome).toBe('cancelled');
    // The provider took the money after all: not credited (the session is final), but never silently.
    const paid = JSON.stringify({
      eventId: 'evt-c1',
      sessionId: declinedFirst.sessionId,
      outcome: 'confirmed',
      amount: 40_000,
    });
    expect((await webhook(paid)).json()).toEqual({ status: 'success', outcome: 'contradicts-final' });
    expect(reconcile('evt-c1')).toBe(true);

    const credited = await startPayment(token, 30_000);
    const ok = { eventId: 'evt-c2', sessionId: credited.sessionId, amount: 30_000 };
    expect((await webhook(JSON.stringify({ ...ok, outcome: 'confirmed' }))).json().outcome).toBe('credited');
    // A decline after the credit is a reversal: the credit is taken back (deposit-reversal.test.ts).
    const reversal = JSON.stringify({ ...ok, eventId: 'evt-r2', outcome: 'declined' });
    expect((await webhook(reversal)).json().outcome).toBe('reversed');
    expect((await balancesOf(t, token)).cash).toBe(0);
    expect(logs.some((l) => l.includes('payment reversed') && l.includes('evt-r2'))).toBe(true);
    // Paid again after the reversal: the provider's word against its own, nothing moves.
    const again = JSON.stringify({ ...ok, eventId: 'evt-c3', outcome: 'confirmed' });
    expect((await webhook(again)).json().outcome).toBe('contradicts-final');
    expect(reconcile('evt-c3')).toBe(true);
    // Another decline of what the session already says is no news.
    const declinedAgain = JSON.stringify({ ...ok, eventId: 'evt-r3', outcome: 'declined' });
    expect((await webhook(declinedAgain)).json().outcome).toBe('already-final');
    expect(reconcile('evt-r3')).toBe(false);
    expect((await balancesOf(t, token)).cash).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('refuses and logs a webhook with a bad or missing signature, changing nothing', async () => {
    const { token } = await t.login();
    const { sessionId } = await startPayment(token, 50_000);
    const body = JSON.stringify({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount: 50_000 });
    for (const signature of [hmacSign('wrong-secret', body), '', 'zz', hmacSign(SECRET, `${body} `)]) {
      const res = await webhook(body, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'forbidden' });
    }
    expect(
      logs.some((l) => l.includes('payment webhook refused') && l.includes('bad or missing signature')),
    ).toBe(true);
    expect((await balancesOf(t, token)).cash).toBe(0);
    expect((await webhook(body)).json().outcome).toBe('credited');
    expect((await balancesOf(t, token)).cash).toBe(50_000);
  });

  it('credits once however often and in whatever order the events arrive', async () => {
    const { token } = await t.login();
    const { sessionId } = await startPayment(token, 70_000);
    const confirmed = JSON.stringify({ eventId: 'evt-1', sessionId, outcome: 'confirmed', amount: 70_000 });
    const declined = JSON.stringify({ eventId: 'evt-2', sessionId, outcome: 'declined', amount: 70_000 });
    expect((await webhook(confirmed)).json().outcome).toBe('credited');
    expect((await webhook(confirmed)).json().outcome).toBe('duplicate');
    expect((await webhook(declined)).json().outcome).toBe('reversed');
    expect((await webhook(declined)).json().outcome).toBe('duplicate');
    expect((await webhook(confirmed)).json().outcome).toBe('duplicate');
    expect((await balancesOf(t, token)).cash).toBe(0);

    const other = await startPayment(token, 10_000);
    const wrongAmount = JSON.stringify({
      eventId: 'evt-3',
      sessionId: other.sessionId,
      outcome: 'confirmed',
      amount: 10_000_000,
    });
    expect((await webhook(wrongAmount)).json().outcome).toBe('amount-mismatch');
    expect((await balancesOf(t, token)).cash).toBe(0);
  });

  it.runIf(isPostgres)(
    '64 concurrent deliveries of the same deposit webhook credit exactly once',
    async () => {
      const { token } = await t.login();
      const { sessionId } = await startPayment(token, 90_000);
      const same = JSON.stringify({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount: 90_000 });
      const replies = await Promise.all(Array.from({ length: 64 }, () => webhook(same)));
      const outcomes = replies.map((r) => r.json().outcome);
      expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(63);

      // 64 distinct confirmations of one new session: still one credit.
      const second = await startPayment(token, 10_000);
      const distinct = await Promise.all(
        Array.from({ length: 64 }, () =>
          webhook(
            JSON.stringify({
              eventId: randomUUID(),
              sessionId: second.sessionId,
              outcome: 'confirmed',
              amount: 10_000,
            }),
          ),
        ),
      );
      expect(distinct.filter((r) => r.json().outcome === 'credited')).toHaveLength(1);
      expect((await balancesOf(t, token)).cash).toBe(100_000);
      await expectSoundLedger(t.db);
    },
  );

  it('opens the payout page of a withdrawal option with the member’s own masked account', async () => {
    const { token, member } = await t.login();
    const res = await t.call('withdrawal-launcher', { idx: option['Bank payout'] }, { token });
    const { launcherUrl } = res.json();
    const page = await t.app.inject({ method: 'GET', url: launcherUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(member.bankname);
    expect(page.body).toContain('•••• 7890');
    expect(page.body).not.toContain(member.banknum);
    const forged = await t.app.inject({ method: 'GET', url: launcherUrl.replace(/member=\d+/, 'member=1') });
    expect(forged.statusCode).toBe(404);
    const wrongKind = await t.call('withdrawal-launcher', { idx: option.Card }, { token });
    expect(wrongKind.statusCode).toBe(404);
  });
});
