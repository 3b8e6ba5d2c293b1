import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../test/support/money.ts';
import { loginNewOperator, useOperators } from '../../../../test/support/operators.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { auditLog, operators } from './backoffice.schema.ts';

describe.runIf(backendAvailable)('back office: a change in flight when its operator loses the role', () => {
  const t = useTestApp();
  const { as } = useOperators(t);

  const race = async (lose: (id: number) => Promise<{ statusCode: number }>) => {
    const rogue = await loginNewOperator(t, 'owner');
    const [row] = await t.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.login, rogue.login));
    const rogueId = row!.id;
    const { token, member } = await t.login();
    const found = (await as('owner').get(`/api/admin/members?q=${member.id}`)).json().members;
    const memberId = found[0].id as number;
    // The loss is sent first: the credit passes the sign-in check before it lands, and runs after.
    const [lost, credit] = await Promise.all([
      lose(rogueId),
      t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${memberId}/adjust`,
        headers: { origin: ORIGIN, authorization: `Bearer ${rogue.token}` },
        payload: { amount: 50_000, reason: 'goodwill', key: `adj-${nextCode()}` },
      }),
    ]);
    expect(lost.statusCode).toBe(200);
    const entries = await t.db
      .select({ id: auditLog.id, action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.target, [`member:${memberId}`, `operator:${rogueId}`]),
          inArray(auditLog.action, ['members.adjust', 'operators.role', 'operators.disable']),
        ),
      )
      .orderBy(auditLog.id);
    return { credit, entries, token };
  };

  for (const [name, lose] of [
    [
      'demoted to support',
      (id: number) => as('owner').post(`/api/admin/operators/${id}/role`, { role: 'support' }),
    ],
    ['disabled', (id: number) => as('owner').post(`/api/admin/operators/${id}/access`, { enabled: false })],
  ] as const)
    it(`an owner ${name} while their credit runs: it is refused and moves nothing, unless it came first`, async () => {
      const { credit, entries, token } = await race(lose);
      // Before: the credit, already past the sign-in check, was written after the owner lost the right.
      if (credit.statusCode === 200) expect(entries[0]?.action).toBe('members.adjust');
      else {
        expect(credit.statusCode).toBe(403);
        expect(credit.json()).toMatchObject({ status: 'forbidden', msg: expect.any(String) });
        expect(entries.map((e) => e.action)).not.toContain('members.adjust');
        expect((await balancesOf(t, token)).cash).toBe(0);
      }
      await expectSoundLedger(t.db);
    });
});
