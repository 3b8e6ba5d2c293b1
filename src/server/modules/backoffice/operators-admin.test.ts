import { describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import { operatorSignIn, useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { MSG } from '../../../shared/messages.ts';

describe.runIf(backendAvailable)('back office: owners add operators and set their roles', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  const signIn = (login: string, password: string, secret: string) =>
    operatorSignIn(t, login, password, secret);
  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('adds an operator who signs in with the password and TOTP secret handed over once', async () => {
    const created = await as('owner').post('/api/admin/operators', { login: 'newdesk', role: 'support' });
    expect(created.statusCode).toBe(200);
    const { operator, password, totpSecret, otpauthUri } = created.json();
    expect(operator).toMatchObject({ login: 'newdesk', role: 'support' });
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const login = await signIn('newdesk', password, totpSecret);
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    expect((await get(token, '/api/admin/support/tickets')).statusCode).toBe(200);
    expect((await get(token, '/api/admin/cashier/pending')).statusCode).toBe(403);

    // A new role applies to the next request; the audit shows who changed what, without secrets.
    expect(
      (await as('owner').post(`/api/admin/operators/${operator.id}/role`, { role: 'cashier' })).statusCode,
    ).toBe(200);
    expect((await get(token, '/api/admin/cashier/pending')).statusCode).toBe(200);
    const audit = (await as('owner').get('/api/admin/audit?action=operators.*')).json().entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['operators.role', 'operators.create']);
    expect(JSON.stringify(audit)).not.toContain(password);
    expect(JSON.stringify(audit)).not.toContain(totpSecret);
  });

  it('refuses a taken login, bad input, an unknown operator, and an owner changing their own role', async () => {
    await as('owner').post('/api/admin/operators', { login: 'twice', role: 'content' });
    const before = await snapshotAllTables(t.db, ['operator_sessions']);
    const taken = await as('owner').post('/api/admin/operators', { login: 'twice', role: 'content' });
    expect(taken.statusCode).toBe(409);
    // Its own message key, which the back office shows in the operator's language.
    expect(taken.json()).toMatchObject({ status: 'already', msg: MSG.idTaken });
    for (const body of [
      {},
      { login: 'Upper', role: 'owner' },
      { login: 'ab', role: 'owner' },
      { login: 'okay', role: 'god' },
    ])
      expect((await as('owner').post('/api/admin/operators', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    expect((await as('owner').post('/api/admin/operators/999999/role', { role: 'support' })).statusCode).toBe(
      404,
    );
    const me = (await as('owner').get('/api/admin/me')).json().operator.id;
    expect((await as('owner').post(`/api/admin/operators/${me}/role`, { role: 'support' })).statusCode).toBe(
      409,
    );
    expect(await snapshotAllTables(t.db, ['operator_sessions'])).toBe(before);
  });
});
