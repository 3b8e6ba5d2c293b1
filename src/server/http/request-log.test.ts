import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';

function capturedLog() {
  const lines: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  return { lines, logStream };
}

/** A quiet log: one line for a request only when it was slow or failed, never two for each. */
describe.runIf(backendAvailable)('the request log', () => {
  const quiet = capturedLog();
  const t = useTestApp({ slowRequestMs: 60_000 }, { logStream: quiet.logStream });
  const slow = capturedLog();
  const everyRequestSlow = useTestApp({ slowRequestMs: 0 }, { logStream: slow.logStream, seedDemo: true });

  it('writes nothing for requests that were quick and answered', async () => {
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.call('user-do-login', { id: 'nobody1', pw: 'wrong-pass1' });
    expect(quiet.lines.filter((l) => l.includes('/healthz') || l.includes('user-do-login'))).toEqual([]);
  });

  it('writes one line with method, path, status and time for a slow request', async () => {
    await everyRequestSlow.app.inject({ method: 'GET', url: '/healthz?probe=1' });
    const mine = slow.lines.filter((l) => l.includes('/healthz?probe=1')).map((l) => JSON.parse(l));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, msg: 'slow request', method: 'GET', status: 200 });
    expect(mine[0].ms).toEqual(expect.any(Number));
  });

  it('leaves a game window’s launch token out of the line', async () => {
    const { token } = await everyRequestSlow.login();
    const opened = await everyRequestSlow.call(
      'open-game',
      { code: 'baccarat', company: 'royal-baccarat', timeStemp: Date.now() },
      { token },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const url = opened.json().url as string;
    const launch = new URL(url, 'http://localhost').searchParams.get('token')!;
    expect(launch).toMatch(/^[\w-]{20,}$/);
    await everyRequestSlow.app.inject({ method: 'GET', url });
    const mine = slow.lines.filter((l) => l.includes('/play/baccarat')).map((l) => JSON.parse(l));
    expect(mine).toHaveLength(1);
    expect(mine[0].url).toMatch(/^\/play\/baccarat\?token=…&lang=/);
    expect(JSON.stringify(slow.lines)).not.toContain(launch);
  });
});
