import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginNewOperator } from '../../../../test/support/operators.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { operators } from './backoffice.schema.ts';

describe.runIf(backendAvailable)('back office: operators changed at the same time', () => {
  const t = useTestApp();
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
      payload,
    });
  const idOf = async (login: string) =>
    (await t.db.select({ id: operators.id }).from(operators).where(eq(operators.login, login)))[0]!.id;

  it('two owners demoting each other at once: one wins, the other was no longer an owner', async () => {
    const a = await loginNewOperator(t, 'owner');
    const b = await loginNewOperator(t, 'owner');
    const [aId, bId] = [await idOf(a.login), await idOf(b.login)];
    const replies = await Promise.all([
      post(a.token, `/api/admin/operators/${bId}/role`, { role: 'support' }),
      post(b.token, `/api/admin/operators/${aId}/role`, { role: 'support' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const refused = replies.find((r) => r.statusCode === 403)!.json();
    expect(refused).toMatchObject({ status: 'forbidden' });
    const roles = await t.db
      .select({ role: operators.role })
      .from(operators)
      .where(inArray(operators.id, [aId, bId]));
    // Before: both were demoted, and two owners left each other without the right to administer.
    expect(roles.map((r) => r.role).sort()).toEqual(['owner', 'support']);
  });

  it('two owners adding the same login at once: one is added, the other is told it is taken', async () => {
    const owner = await loginNewOperator(t, 'owner');
    const login = `same-${process.pid % 1000}`;
    const replies = await Promise.all(
      [1, 2].map(() => post(owner.token, '/api/admin/operators', { login, role: 'support' })),
    );
    // Before: the loser hit the unique index and got a 500.
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json()).toMatchObject({ status: 'already' });
  });
});
