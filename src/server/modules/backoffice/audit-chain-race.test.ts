import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { verifyAuditChain } from './audit.service.ts';
import { createOperator } from './operators.service.ts';

/**
 * The login's audit entry was appended on the pool, outside any transaction: its lock ended with its
 * own statement, so twelve operators logging in at once read the same last entry and forked the
 * chain (verifyAuditChain broke at the second entry), on PostgreSQL.
 */
describe.runIf(backendAvailable)('the audit chain when operators log in at the same moment', () => {
  const t = useTestApp();

  it('stays one unbroken line', async () => {
    const operators = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const login = `chain-race-${i}`;
        const { totpSecret } = await createOperator(t.db, t.config.totpSecretKey, {
          login,
          password: 'operator-pass1',
          role: 'support',
        });
        return { login, totpSecret };
      }),
    );
    const logins = await Promise.all(
      operators.map((o) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          headers: { origin: ORIGIN },
          payload: {
            login: o.login,
            password: 'operator-pass1',
            otp: generateSync({ secret: o.totpSecret }),
          },
        }),
      ),
    );
    // A code made in the last moment of its 30-s step may be refused; the others log in.
    expect(logins.filter((r) => r.statusCode === 200).length).toBeGreaterThan(6);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});
