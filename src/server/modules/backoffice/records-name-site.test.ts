import { describe, expect, it } from 'vitest';
import { solidPng, uploadKyc } from '../../../../test/support/kyc-files.ts';
import { nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { KO_SITE, memberOn, TH_SITE } from '../../../../test/support/sites.ts';
import { type CallOptions, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

/**
 * Operators work every site's members side by side: the cashier queue, the member search and the help
 * tickets name each record's site. They named none, so a cashier could not tell which brand's deposit
 * account a request was paid into (two brands may share a currency), nor support whose brand to answer for.
 */
describe.runIf(backendAvailable)('back office: each listed member, request and ticket names its site', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);

  /** A member of `site` with a pending deposit request, a waiting help ticket and a document to review. */
  const asking = async (site: CallOptions) => {
    const member = await memberOn(t, site);
    const document = await uploadKyc(t, member.token, 'identity', solidPng(32, [90, 140, 200]), 'image/png', {
      ...(site.headers ?? {}),
    });
    expect(document.statusCode).toBe(200);
    const deposit = await t.call('apply-user-deposit', { balance: 1_000_000, code: nextCode() }, member.as);
    expect(deposit.statusCode).toBe(200);
    const help = await t.call('user-write-help', { title: 'Where', contents: 'Which account?' }, member.as);
    expect(help.statusCode).toBe(200);
    return member;
  };

  it('lists the Thai and the Korean member’s records with their own site', async () => {
    const sites = (await as('owner').get('/api/admin/me')).json().sites as { id: number; currency: string }[];
    const siteOf = (currency: string) => sites.find((s) => s.currency === currency)!.id;
    const th = await asking(TH_SITE);
    const ko = await asking(KO_SITE);
    const expected = new Map([
      [th.loginId, siteOf('THB')],
      [ko.loginId, siteOf('KRW')],
    ]);

    const queue = (await as('cashier').get('/api/admin/cashier/pending?limit=200')).json().requests as {
      member: { loginId: string; siteId: number };
    }[];
    const members = async (q: string) =>
      (await as('support').get(`/api/admin/members?q=${q}`)).json().members as {
        loginId: string;
        siteId: number;
      }[];
    const tickets = (await as('support').get('/api/admin/support/tickets')).json().tickets as {
      siteId: number;
      member: { loginId: string } | null;
    }[];
    // The verification queue: a reviewer could not tell whose brand a document came to.
    const documents = (await as('compliance').get('/api/admin/kyc/queue')).json().documents as {
      loginId: string;
      siteId: number;
    }[];
    for (const [login, siteId] of expected) {
      expect(documents.find((d) => d.loginId === login)?.siteId).toBe(siteId);
      expect(queue.find((r) => r.member.loginId === login)?.member.siteId).toBe(siteId);
      expect((await members(login)).find((m) => m.loginId === login)?.siteId).toBe(siteId);
      expect(tickets.find((k) => k.member?.loginId === login)?.siteId).toBe(siteId);
    }
    // The newest members, listed without a search, too.
    const newest = await members('');
    expect(newest.find((m) => m.loginId === ko.loginId)?.siteId).toBe(siteOf('KRW'));
  });
});
