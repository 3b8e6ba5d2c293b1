import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberIdOf } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign, depositWithPromo } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { queryRows } from '../../db/client.ts';
import { seedDemo } from '../../db/seed-demo.ts';

/** One welcome bonus per person: the same bank account, phone, or device and address seen again is flagged. */
describe.runIf(backendAvailable)('promotions: duplicate-person flags', () => {
  const t = useTestApp({}, { seedDemo: true });
  const { as } = useOperators(t);
  let welcome: number;
  beforeAll(async () => {
    welcome = await createCampaign(as('owner'), { cap: 10_000, minDeposit: 0 });
  });

  /** A logged-in member sharing nothing with anyone: their own bank number, phone, device. */
  async function stranger() {
    const { token, member } = await t.login();
    const id = await memberIdOf(t.db, member.id);
    await t.db.execute(sql`update members set bank_number = ${`9${id}-${Date.now()}`}, phone = ${`08${id}${Date.now()}`}
                           where id = ${id}`);
    await t.db.execute(sql`update sessions set user_agent = ${`Browser/${id}`} where member_id = ${id}`);
    return { id, token };
  }

  /** A member who took the welcome bonus; their id. */
  async function welcomed() {
    const { id, token } = await stranger();
    await depositWithPromo(t, { token }, 100_000, welcome);
    return id;
  }
  const set = (id: number, column: 'bank_number' | 'phone', value: string) =>
    t.db.execute(sql`update members set ${sql.raw(column)} = ${value} where id = ${id}`);
  const flags = async (query = '') =>
    (await as('owner').get(`/api/admin/promotions/person-flags${query}`)).json().flags as {
      id: number;
      memberId: number;
      memberLogin: string;
      otherMemberId: number;
      otherLogin: string;
      reason: string;
      matched: string | null;
      status: string;
      decisionReason: string | null;
    }[];

  it('flags a welcome bonus whose bank account or phone another welcomed member has, for review', async () => {
    const first = await welcomed();
    await set(first, 'bank_number', '123-4-56789-0');
    await set(first, 'phone', '0899990001');
    const { id: second, token } = await stranger();
    await set(second, 'bank_number', '1234567890');
    await set(second, 'phone', '0899990001');
    await depositWithPromo(t, { token }, 100_000, welcome);
    const mine = (await flags()).filter((f) => f.memberId === second);
    expect(mine.map((f) => [f.otherMemberId, f.reason, f.status, f.matched]).sort()).toEqual([
      [first, 'bank', 'open', '1234567890'],
      [first, 'phone', 'open', '0899990001'],
    ]);
    expect(mine[0]!.memberLogin).toMatch(/\w/);
    expect(mine[0]!.otherLogin).not.toBe(mine[0]!.memberLogin);
    // The grant stands: the member has their bonus.
    const [bonus] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from promo_bonuses where member_id = ${second} and status = 'active'`,
    );
    expect(bonus!.n).toBe(1);

    // An operator clears one and confirms the other, once each (audited).
    const [a, b] = mine;
    const url = (id: number) => `/api/admin/promotions/person-flags/${id}`;
    const why = { reason: 'same family, checked by phone' };
    expect((await as('compliance').post(url(a!.id), { status: 'cleared', ...why })).statusCode).toBe(200);
    expect((await as('owner').post(url(b!.id), { status: 'confirmed', ...why })).statusCode).toBe(200);
    expect((await as('owner').post(url(a!.id), { status: 'confirmed', ...why })).statusCode).toBe(409);
    expect((await as('owner').post(url(999_999), { status: 'cleared', ...why })).statusCode).toBe(404);
    expect((await flags('?status=cleared')).find((f) => f.id === a!.id)).toMatchObject({
      status: 'cleared',
      decisionReason: why.reason,
    });
    expect((await flags('?status=open')).some((f) => f.id === a!.id)).toBe(false);
    for (const body of [
      { status: 'open', ...why },
      {},
      { status: 'cleared' },
      { status: 'cleared', reason: '  ' },
      { status: 'cleared', x: 1, ...why },
    ]) {
      const res = await as('owner').post(url(a!.id), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
    }
    expect((await as('cashier').get('/api/admin/promotions/person-flags')).statusCode).toBe(403);
    for (const query of ['?status=nope', '?page=0', '?page=x', '?page=1e9']) {
      expect((await as('owner').get(`/api/admin/promotions/person-flags${query}`)).statusCode).toBe(400);
    }
    const [audited] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action in ('promotions.person.flag', 'promotions.person.decide')
          and (target = ${`member:${second}`} or target like 'promo_person_flag:%')`,
    );
    expect(audited!.n).toBe(3);
  });

  it('flags the same device and address, and nothing for a member who shares nothing', async () => {
    const first = await welcomed();
    const { id: second, token } = await stranger();
    await t.db.execute(
      sql`update sessions set user_agent = 'SameBrowser/1.0', ip = '203.0.113.77' where member_id in (${first}, ${second})`,
    );
    await depositWithPromo(t, { token }, 100_000, welcome);
    expect(
      (await flags()).filter((f) => f.memberId === second).map((f) => [f.otherMemberId, f.reason, f.matched]),
    ).toEqual([[first, 'device', 'SameBrowser/1.0 · 203.0.113.77']]);
    const alone = await welcomed();
    expect((await flags()).filter((f) => f.memberId === alone)).toEqual([]);
  });
});

describe.runIf(backendAvailable)('promotions: duplicate-person flags, paged', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  it('pages 20 at a time, with the total for the filter', async () => {
    await seedDemo(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await memberIdOf(t.db, (await t.login()).member.id));
    const welcome = await createCampaign(as('owner'), { cap: 10_000, minDeposit: 0 });
    // 24 flags (8 pairs × 3 reasons), written as the grant writes them (a flag names a bonus).
    const { token } = await t.login();
    await depositWithPromo(t, { token }, 100_000, welcome);
    const [bonus] = await queryRows<{ id: number }>(t.db, sql`select max(id)::int8 as id from promo_bonuses`);
    for (let i = 0; i < 8; i++) {
      for (const reason of ['bank', 'phone', 'device']) {
        await t.db.execute(sql`insert into promo_person_flags (member_id, other_member_id, reason, bonus_id)
          values (${ids[i]}, ${ids[(i + 1) % 8]}, ${reason}, ${bonus!.id})`);
      }
    }
    const page = async (n: number) =>
      (await as('compliance').get(`/api/admin/promotions/person-flags?status=open&page=${n}`)).json();
    const [one, two] = [await page(1), await page(2)];
    expect([one.total, one.flags.length, two.total, two.flags.length, one.perPage]).toEqual([
      24, 20, 24, 4, 20,
    ]);
    const seen = new Set([...one.flags, ...two.flags].map((f: { id: number }) => f.id));
    expect(seen.size).toBe(24);
    expect((await page(3)).flags).toHaveLength(0);
  });
});
