import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { KO_SITE, memberOn, TH_SITE } from '../../../../test/support/sites.ts';
import { type CallOptions, newMember, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { members } from './accounts.schema.ts';

/**
 * A referral code is its own site's: each brand invites its own members. A Korean member's code let
 * anyone register on the Thai site past its "referral required" gate, and linked the Thai member to a
 * referrer of another brand.
 */
describe.runIf(backendAvailable)("referral codes: a site takes only its own members' codes", () => {
  const t = useTestApp({}, { seedDemo: true });
  const codeOf = async (memberId: number) =>
    (await t.db.select().from(members).where(eq(members.id, memberId)))[0]!.referralCode;
  const register = async (code: string, site: CallOptions) =>
    t.call('user-register', newMember({ code, bankname: await t.siteBank(site) }), site);

  it("refuses another site's member's code at the check and at registration, and takes its own", async () => {
    const koReferrer = await memberOn(t, KO_SITE);
    const thReferrer = await memberOn(t, TH_SITE);
    const koCode = await codeOf(koReferrer.id);
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from members`);

    const check = await t.call('check-user-code', { code: koCode }, TH_SITE);
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({ status: 'cant_find_code', msg: 'msg3013' });
    const crossed = await register(koCode, TH_SITE);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ status: 'cant_find_code', msg: 'msg3013' });
    expect(await queryRows(t.db, sql`select count(*)::int as n from members`)).toEqual(before);

    // Each site's own codes still work there.
    expect((await t.call('check-user-code', { code: koCode }, KO_SITE)).json().status).toBe('success');
    expect((await register(koCode.toLowerCase(), KO_SITE)).statusCode).toBe(201);
    expect((await register(await codeOf(thReferrer.id), TH_SITE)).statusCode).toBe(201);
    // No member is referred by another brand's.
    const crossSite = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from members m join members r on r.id = m.referred_by where r.site_id <> m.site_id`,
    );
    expect(crossSite).toEqual([{ n: 0 }]);
  });
});
