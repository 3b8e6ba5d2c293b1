import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, fund, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { auditLog } from './backoffice.schema.ts';

describe.runIf(backendAvailable)('back office: a manual adjustment is idempotent by its key', () => {
  const t = useTestApp();
  const { as, logins } = useOperators(t);

  const memberWithCash = async (cash: number) => {
    const { token, member } = await t.login();
    if (cash > 0) await fund(t, token, cash);
    const found = (await as('owner').get(`/api/admin/members?q=${member.id}`)).json().members;
    return { token, id: found[0].id as number };
  };
  const adjust = (id: number, body: { amount: number; reason: string; key?: string }) =>
    as('owner').post(`/api/admin/members/${id}/adjust`, body);
  const adjustmentsLogged = async (id: number) =>
    (
      await t.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'members.adjust'), eq(auditLog.target, `member:${id}`)))
    ).length;

  it('answers a repeat of the same adjustment as the first time, and moves the money once', async () => {
    const { token, id } = await memberWithCash(0);
    const body = { amount: 5_000, reason: 'goodwill', key: `adj-${nextCode()}` };
    const first = await adjust(id, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await adjust(id, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await balancesOf(t, token)).cash).toBe(5_000);
    expect(await adjustmentsLogged(id)).toBe(1);
  });

  it('refuses an adjustment without a key, or with one too short to be one, so no copy of it credits twice', async () => {
    const { token, id } = await memberWithCash(0);
    // A double click or a replay of the same request without a key: each copy would be a new adjustment.
    const bodies = [
      { amount: 5_000, reason: 'goodwill' },
      { amount: 5_000, reason: 'goodwill', key: '' },
      { amount: 5_000, reason: 'goodwill', key: '1' },
      { amount: 5_000, reason: 'goodwill', key: 'has space in it' },
    ];
    for (const body of bodies) {
      for (const res of await Promise.all([adjust(id, body), adjust(id, body)])) {
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ status: 'invalid', message: expect.stringMatching(/key/) });
      }
    }
    expect((await balancesOf(t, token)).cash).toBe(0);
    expect(await adjustmentsLogged(id)).toBe(0);
  });

  it('audits who adjusted, the amount in its currency, the cash before and after, the reason and the key', async () => {
    const { id } = await memberWithCash(20_000);
    const key = `adj-${nextCode()}`;
    expect((await adjust(id, { amount: -5_000, reason: 'duplicate bonus', key })).statusCode).toBe(200);
    const currency = (await as('owner').get(`/api/admin/members/${id}`)).json().currency;
    expect(currency).toMatch(/^[A-Z]{3}$/);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'members.adjust'), eq(auditLog.target, `member:${id}`)));
    expect(entry).toMatchObject({
      operatorLogin: logins.owner,
      before: { cash: 20_000 },
      after: { cash: 15_000, amount: -5_000, currency, reason: 'duplicate bonus', key },
    });
  });

  it('refuses the same key with another amount, direction, member or reason (409), changing nothing', async () => {
    const { token, id } = await memberWithCash(20_000);
    const other = await memberWithCash(20_000);
    const body = { amount: 5_000, reason: 'goodwill', key: `adj-${nextCode()}` };
    expect((await adjust(id, body)).statusCode).toBe(200);

    const variants: [number, { amount: number; reason: string; key: string }][] = [
      [id, { ...body, amount: 7_000 }],
      [id, { ...body, amount: -5_000 }],
      [id, { ...body, reason: 'another reason' }],
      [other.id, body],
    ];
    for (const [target, variant] of variants) {
      const res = await adjust(target, variant);
      expect(res.statusCode, `${JSON.stringify(variant)} for ${target}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ status: 'duplicate', msg: expect.any(String) });
      expect(res.json().message).toMatch(/already used for a different adjustment/);
    }
    expect((await balancesOf(t, token)).cash).toBe(25_000);
    expect((await balancesOf(t, other.token)).cash).toBe(20_000);
    expect(await adjustmentsLogged(id)).toBe(1);
    expect(await adjustmentsLogged(other.id)).toBe(0);
    await expectSoundLedger(t.db);
  });

  it('applies one of requests sent at once under one key for two members and refuses the other', async () => {
    // Different members lock different accounts, so the requests race to record the key; a few
    // rounds make the race happen on PostgreSQL (PGlite runs them one after another).
    for (let round = 0; round < 5; round++) {
      const first = await memberWithCash(0);
      const second = await memberWithCash(0);
      const body = { amount: 3_000, reason: 'race', key: `adj-${nextCode()}` };
      const [a, b, aAgain] = await Promise.all([
        adjust(first.id, body),
        adjust(second.id, body),
        adjust(first.id, body),
      ]);
      const firstCash = (await balancesOf(t, first.token)).cash;
      const secondCash = (await balancesOf(t, second.token)).cash;
      expect(firstCash + secondCash).toBe(3_000);
      const expected = firstCash === 3_000 ? [200, 409, 200] : [409, 200, 409];
      expect([a, b, aAgain].map((res) => res.statusCode)).toEqual(expected);
    }
    await expectSoundLedger(t.db);
  });
});
