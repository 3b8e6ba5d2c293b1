import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';

/**
 * A query that fails on the real database is logged without the values bound to it: Drizzle's error
 * names them all in its message ("params: …"), which put password hashes, TOTP secrets, e-mails and
 * bank numbers into the log of every failed request.
 */
describe.runIf(backendAvailable)('a failed query in the log', () => {
  const lines: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const t = useTestApp({}, { logStream });

  it('keeps the query and the database’s words, never the bound values', async () => {
    const secret = 'JBSWY3DPEHPK3PXPSECRETVALUE';
    const error = await t.db
      .execute(sql`update operators set totp_secret = ${secret} where id = ${'not-a-number'}`)
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain(secret); // what Drizzle hands over
    t.app.log.error({ err: error }, 'unhandled error');
    const line = lines.find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    expect(line).not.toContain(secret);
    const logged = JSON.parse(line!).err;
    expect(logged.message).toMatch(/^Failed query: update operators set totp_secret = \$1/);
    expect(logged.stack).toMatch(/^\w+: Failed query: update operators/);
    expect(logged.cause).toMatch(/bigint|integer|invalid input/i);
  });
});
