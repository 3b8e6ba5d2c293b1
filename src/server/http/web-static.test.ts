import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { precompress } from '../../../tools/web-build/precompress.ts';
import { buildAndPublish } from '../../../tools/web-build/publish.ts';

const dir = mkdtempSync(join(tmpdir(), 'web-static-'));
const layout = { served: join(dir, 'web'), builds: join(dir, 'builds') };
/** A built site as tools/build-web.ts leaves it: a page naming its hashed script, both precompressed. */
const site = (version: string) => async (outDir: string) => {
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  const page = `<!doctype html><script src="/assets/app-${version}.js"></script>${'<p>casino</p>'.repeat(60)}`;
  writeFileSync(join(outDir, 'index.html'), page);
  writeFileSync(join(outDir, 'assets', `app-${version}.js`), `console.log("${version}");${'//'.repeat(400)}`);
  precompress(outDir);
};
await buildAndPublish(layout, 'v1', site('v1'));

describe('the built site as a phone fetches it', () => {
  const t = useTestApp({ webRoot: layout.served });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
  const asset = join(layout.served, 'assets', 'app-v1.js');

  it('sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, else plain', async () => {
    const br = await get('/assets/app-v1.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(`${asset}.br`))).toBe(true);
    const gz = await get('/assets/app-v1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(`${asset}.gz`))).toBe(true);
    const plain = await get('/assets/app-v1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(asset, 'utf8'));
  });

  it('caches hashed assets for a year without the page policies; pages revalidate and keep them', async () => {
    const script = await get('/assets/app-v1.js', 'br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const page = await get('/deposit', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeDefined();
  });

  it('serves a build published while it runs: the new page, its new script, and the old script', async () => {
    await buildAndPublish(layout, 'v2', site('v2'));
    expect((await get('/')).body).toContain('/assets/app-v2.js');
    expect((await get('/assets/app-v2.js')).statusCode).toBe(200);
    // A page loaded just before the switch still gets its script.
    expect((await get('/assets/app-v1.js')).statusCode).toBe(200);
  });

  it('answers an asset that does not exist with a 404, not the page', async () => {
    const missing = await get('/assets/app-nope.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 'not_found' });
  });
});
