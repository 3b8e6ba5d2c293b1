import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { startTwilioStandIn } from '../../../../test/support/twilio-standin.ts';
import { outboxMessages } from '../../modules/outbox/outbox.schema.ts';
import { toE164 } from './twilio.transport.ts';

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'twilio-auth-token';

describe('toE164', () => {
  it('reads local numbers as the default country and keeps international ones', () => {
    expect(toE164('081 234 5678', 'TH')).toBe('+66812345678');
    expect(toE164('010-9000-4143', 'KR')).toBe('+821090004143');
    expect(toE164('+82 10 9000 4143', 'TH')).toBe('+821090004143');
    expect(toE164('0101111', 'TH')).toBeUndefined();
  });
});

describe.runIf(backendAvailable)('SMS through Twilio (SMS_PROVIDER=twilio)', () => {
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
  });
  afterAll(async () => {
    await twilio?.close();
  });
  const t = useTestApp({
    smsProvider: 'twilio',
    outboxRetryBaseMs: 1,
    get twilio() {
      return {
        accountSid: SID,
        authToken: TOKEN,
        from: '+15005550006',
        apiUrl: twilio.url,
        defaultCountry: 'TH' as const,
      };
    },
  });
  const { as } = useOperators(t);
  beforeAll(async () => {
    const sites = (await as('owner').get('/api/admin/settings/sites')).json().sites;
    const siteId = sites.find((s: { isDefault: boolean }) => s.isDefault).id;
    await as('owner').post(`/api/admin/settings/sites/${siteId}/accounts`, { recoveryChannel: 'sms' });
    t.app.sites.invalidate();
  });

  let members = 0;
  /** A member with a Thai mobile number typed the local way, and the +66 number Twilio must get. */
  async function thaiMember() {
    members += 1;
    const local = `081 ${String(members).padStart(3, '0')} ${String(process.pid % 10_000).padStart(4, '0')}`;
    const member = await t.register({ phone: local });
    return { ...member, e164: toE164(local, 'TH')! };
  }
  const forgot = (id: string) =>
    t.call('user-password-forgot', { id }, { remoteAddress: `10.7.0.${members}`, cookie: 'lang=en' });
  const sentTo = (e164: string) => twilio.requests.filter((r) => r.form.To === e164);
  /** The outbox rows to a phone as registered (the form drops spaces and dashes). */
  const statusOf = async (phone: string) =>
    t.db
      .select({
        status: outboxMessages.status,
        attempts: outboxMessages.attempts,
        lastError: outboxMessages.lastError,
        ref: outboxMessages.providerRef,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, phone.replace(/[ -]/g, '')));
  /** Runs the worker until nothing is due (retries wait outboxRetryBaseMs). */
  async function drain() {
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.app.outbox.runOnce();
    }
  }

  it('sends the recovery code to the member phone in E.164, once, and the code resets the password', async () => {
    const m = await thaiMember();
    expect((await forgot(m.id)).json()).toMatchObject({ status: 'success', channel: 'sms' });
    await drain();
    const [sms, ...more] = sentTo(m.e164);
    expect(more).toEqual([]);
    expect(sms!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sms!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(sms!.form.From).toBe('+15005550006');
    const code = /password reset code (\d{6})/.exec(sms!.form.Body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const reset = await t.call(
      'user-password-reset',
      { id: m.id, code, pw: 'viaTwilio123' },
      {
        remoteAddress: '10.7.1.1',
      },
    );
    expect(reset.json()).toMatchObject({ status: 'success' });
    expect((await t.call('user-do-login', { id: m.id, pw: 'viaTwilio123' })).statusCode).toBe(200);
    expect(await statusOf(m.phone)).toEqual([
      { status: 'sent', attempts: 1, lastError: null, ref: expect.stringMatching(/^SM/) },
    ]);
  });

  it('retries after Twilio is busy (503, 429) and delivers exactly once', async () => {
    const m = await thaiMember();
    twilio.answerNext(
      { status: 503, body: { code: 20503, message: 'Service unavailable' } },
      { status: 429, body: { code: 20429, message: 'Too many requests' } },
    );
    await forgot(m.id);
    await drain();
    const accepted = sentTo(m.e164);
    expect(accepted).toHaveLength(3);
    expect(await statusOf(m.phone)).toEqual([
      { status: 'sent', attempts: 3, lastError: null, ref: expect.any(String) },
    ]);
  });

  it('gives up on a number Twilio refuses (400 21211) without retrying, and on one that is not a number', async () => {
    const m = await thaiMember();
    twilio.answerNext({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number." },
    });
    await forgot(m.id);
    await drain();
    expect(sentTo(m.e164)).toHaveLength(1);
    expect(await statusOf(m.phone)).toEqual([
      { status: 'failed', attempts: 1, lastError: expect.stringContaining('21211'), ref: null },
    ]);

    const before = twilio.requests.length;
    const odd = await t.register({ phone: '0000 000 000' });
    await forgot(odd.id);
    await drain();
    expect(twilio.requests.length).toBe(before);
    expect(await statusOf(odd.phone)).toEqual([
      { status: 'failed', attempts: 1, lastError: expect.stringContaining('not a phone number'), ref: null },
    ]);
  });
});
