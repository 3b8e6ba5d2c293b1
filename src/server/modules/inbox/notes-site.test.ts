import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { KO_SITE, memberOn, TH_SITE } from '../../../../test/support/sites.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';

/**
 * A note to everyone or to a level goes to the members of the site it names (each site has its own
 * brand, currency and VIP levels), or to every site's where it names none. A Thai brand's new deposit
 * account reached the Korean site's members too.
 */
describe.runIf(backendAvailable)('notes: a broadcast reaches the site it names', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);
  const titles = async (token: string, site: typeof TH_SITE) =>
    (await t.call('get-note-list', {}, { ...site, token }))
      .json()
      .notes.map((n: { title: string }) => n.title);

  it("sends everyone's and a level's note to one site's members, or every site's", async () => {
    const th = await memberOn(t, TH_SITE);
    const ko = await memberOn(t, KO_SITE);
    const thSite = Number(
      (await queryRows<{ site_id: number }>(t.db, sql`select site_id from members where id = ${th.id}`))[0]!
        .site_id,
    );
    const send = (body: object) => as('owner').post('/api/admin/notes', { contents: 'x', ...body });
    expect((await send({ target: 'all', siteId: thSite, title: 'Thai brand only' })).statusCode).toBe(200);
    expect(
      (await send({ target: 'level', level: 1, siteId: thSite, title: 'Thai level 1' })).statusCode,
    ).toBe(200);
    expect((await send({ target: 'all', title: 'Every site' })).statusCode).toBe(200);

    expect(await titles(th.token, TH_SITE)).toEqual(['Every site', 'Thai level 1', 'Thai brand only']);
    expect(await titles(ko.token, KO_SITE)).toEqual(['Every site']);
    // The header's unread count follows the same rule.
    const count = async (token: string, site: typeof TH_SITE) =>
      (await t.call('user-health-check', {}, { ...site, token })).json().noteCount;
    expect(await count(th.token, TH_SITE)).toBe(3);
    expect(await count(ko.token, KO_SITE)).toBe(1);
  });

  it('refuses a site that does not exist, and sends nothing', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from notes`);
    const res = await as('owner').post('/api/admin/notes', {
      target: 'all',
      siteId: 987_654,
      title: 'Nowhere',
      contents: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect(await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from notes`)).toEqual(before);
  });
});
