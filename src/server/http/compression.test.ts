import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fund } from '../../../test/support/money.ts';
import { useOperators } from '../../../test/support/operators.ts';
import { FRONT_ORIGIN } from '../../../test/support/public-api.ts';
import { footballEvent } from '../../../test/support/sports.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

/** JSON replies travel compressed when they are worth it, as the client accepts. */
describe.runIf(backendAvailable)('compressed replies', () => {
  const t = useTestApp({}, { seedDemo: true });
  const ops = useOperators(t);
  const docs = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends the OpenAPI document as brotli or gzip, whichever the client accepts, and plain otherwise', async () => {
    const plain = await docs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = plain.json();

    const br = await docs('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(document);

    const gzip = await docs('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(document);
  });

  it("compresses a member's statement and leaves a reply under the threshold as it is", async () => {
    const { token } = await t.login();
    for (let i = 0; i < 16; i++) await fund(t, token, 10_000);
    const list = await t.call('get-user-statement', {}, { token, headers: { 'accept-encoding': 'br' } });
    const small = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString('utf8'))).toMatchObject({
      status: 'success',
    });
  });

  it("compresses the admin API, the older front ends' /public API and the sports listing alike", async () => {
    for (let i = 0; i < 12; i++) await footballEvent(t.db);
    const br = { 'accept-encoding': 'gzip, br' };
    const replies = {
      admin: await t.app.inject({
        method: 'GET',
        url: '/api/admin/sports/events',
        headers: { ...br, authorization: `Bearer ${ops.token('owner')}` },
      }),
      public: await t.app.inject({
        method: 'POST',
        url: '/public/community/user_get_notices',
        headers: { ...br, origin: FRONT_ORIGIN },
        payload: {},
      }),
      sports: await t.app.inject({ method: 'POST', url: '/sports/api/events', headers: br, payload: {} }),
    };
    for (const [name, res] of Object.entries(replies)) {
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-encoding'], name).toBe('br');
      const json = brotliDecompressSync(res.rawPayload).toString('utf8');
      expect(json.length, name).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      expect(JSON.parse(json), name).toBeTypeOf('object');
    }
  });

  it('never compresses an event stream, whatever the client accepts', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { eventId } = await footballEvent(t.db);
    for (const path of [`/sports/live?events=${eventId}`, '/api/live/jackpot']) {
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = get(
          `http://127.0.0.1:${port}${path}`,
          { headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } },
          (res) => {
            resolve(res.headers);
            req.destroy();
          },
        );
        req.on('error', reject);
      });
      expect(headers['content-type'], path).toMatch(/^text\/event-stream/);
      expect(headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('refuses a compressed request body with a clear 415 and changes nothing', async () => {
    const body = gzipSync(JSON.stringify({ id: 'nobody1', pw: 'whatever1' }));
    const res = await t.call('user-do-login', body, {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
  });
});
