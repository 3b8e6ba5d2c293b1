import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { KO_SITE, TH_SITE } from '../../../../test/support/sites.ts';
import { type CallOptions, newMember, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { startTwilioStandIn } from '../../../../test/support/twilio-standin.ts';

/**
 * Each brand's members type their phones in their own country's way. With one install-wide country
 * (SMS_DEFAULT_COUNTRY=TH here), a Korean member's 010-9000-4143 was read as a Thai number: not one,
 * so their password recovery code was never sent. A site names its country (`phoneCountry`).
 */
describe.runIf(backendAvailable)('SMS to each site’s members, read in the site’s country', () => {
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
  });
  afterAll(async () => {
    await twilio?.close();
  });
  const t = useTestApp(
    {
      smsProvider: 'twilio',
      outboxRetryBaseMs: 1,
      get twilio() {
        return {
          accountSid: 'AC00000000000000000000000000000002',
          authToken: 'token',
          from: '+15005550006',
          apiUrl: twilio.url,
          defaultCountry: 'TH' as const,
        };
      },
    },
    { seedDemo: true },
  );
  const { as } = useOperators(t);
  const sites = async () =>
    (await as('owner').get('/api/admin/settings/sites')).json().sites as {
      id: number;
      currency: string;
    }[];
  const accounts = async (currency: string, body: object) => {
    const site = (await sites()).find((s) => s.currency === currency)!;
    return as('owner').post(`/api/admin/settings/sites/${site.id}/accounts`, body);
  };

  let address = 0;
  /** A member of `site` registered with `phone`, who asks for a recovery code there. */
  const recovering = async (site: CallOptions, phone: string) => {
    const member = newMember({ phone, bankname: await t.siteBank(site) });
    expect((await t.call('user-register', member, site)).statusCode).toBe(201);
    address += 1;
    const headers = { ...site.headers, cookie: 'lang=en' };
    const asked = await t.call(
      'user-password-forgot',
      { id: member.id },
      { headers, remoteAddress: `10.8.0.${address}` },
    );
    expect(asked.json()).toMatchObject({ status: 'success', channel: 'sms' });
  };
  const drain = async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.app.outbox.runOnce();
    }
  };

  it('sends the Korean member’s code to +82 and the Thai member’s to +66', async () => {
    for (const [currency, country] of [
      ['KRW', 'KR'],
      ['THB', 'TH'],
    ]) {
      const set = await accounts(currency!, { recoveryChannel: 'sms', phoneCountry: country!.toLowerCase() });
      expect(set.statusCode).toBe(200);
      expect(set.json().settings).toMatchObject({ phoneCountry: country });
    }
    t.app.sites.invalidate();
    await recovering(KO_SITE, '010-9000-4143');
    await recovering(TH_SITE, '081 234 5678');
    await drain();
    const to = twilio.requests.map((r) => r.form.To);
    expect(to).toContain('+821090004143');
    expect(to).toContain('+66812345678');
  });

  it('refuses a country no phone numbering is known for, and changes nothing', async () => {
    const before = (await sites()).find((s) => s.currency === 'KRW');
    for (const phoneCountry of ['XX', 'KOR', '1', '']) {
      const res = await accounts('KRW', { phoneCountry });
      expect(res.statusCode, phoneCountry).toBe(400);
      expect(res.json()).toMatchObject({ status: 'invalid' });
    }
    expect((await sites()).find((s) => s.currency === 'KRW')).toEqual(before);
  });
});
