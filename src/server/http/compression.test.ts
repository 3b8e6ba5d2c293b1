import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fund } from '../../../test/support/money.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

/** JSON replies travel compressed when they are worth it, as the client accepts. */
describe.runIf(backendAvailable)('compressed replies', () => {
  const t = useTestApp();
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

  it('refuses a compressed request body with a clear 415 and changes nothing', async () => {
    const body = gzipSync(JSON.stringify({ id: 'nobody1', pw: 'whatever1' }));
    const res = await t.call('user-do-login', body, {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: expect.any(String), msg: expect.any(String) });
  });
});
