import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { sessions } from '../modules/accounts/accounts.schema.ts';

/**
 * Behind one proxy (TRUST_PROXY=1) the client address is the one that proxy saw (the right-most
 * X-Forwarded-For entry), not whatever the client wrote at the left.
 */
describe.runIf(backendAvailable)('TRUST_PROXY=1: one proxy hop is trusted, no more', () => {
  const t = useTestApp({ trustProxy: 1, loginMaxFailuresPerAddress: 6, loginMaxFailuresPerAccount: 100 });
  const viaProxy = (realClient: string, spoofed: string) => ({
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': `${spoofed}, ${realClient}` },
  });

  it('counts failed logins against the address the proxy saw, however the client fills the header', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await t.call(
        'user-do-login',
        { id: `nobody${i}x`, pw: 'wrongpass1' },
        viaProxy('203.0.113.7', `6.6.6.${i}`),
      );
      expect(res.statusCode).toBe(401);
    }
    const member = await t.register();
    const blocked = await t.call(
      'user-do-login',
      { id: member.id, pw: member.pw },
      viaProxy('203.0.113.7', '9.9.9.9'),
    );
    expect(blocked.statusCode).toBe(429);
    const other = await t.call(
      'user-do-login',
      { id: member.id, pw: member.pw },
      viaProxy('203.0.113.8', '203.0.113.7'),
    );
    expect(other.statusCode).toBe(200);
    const ips = (await t.db.select({ ip: sessions.ip }).from(sessions)).map((s) => s.ip);
    expect(ips).toContain('203.0.113.8');
    expect(ips).not.toContain('203.0.113.7');
  });
});
