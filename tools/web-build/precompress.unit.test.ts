import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

describe('precompressing the built site', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), `<html>${'<div>casino</div>'.repeat(100)}</html>`);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), '{"mappings":"' + 'A'.repeat(5000) + '"}');
    writeFileSync(join(dir, 'assets', 'tile.webp'), Buffer.alloc(5000, 7));
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{}');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies that decompress to the same bytes, smaller', () => {
    const totals = precompress(dir);
    for (const file of ['index.html', 'assets/app-1a2b.js']) {
      const raw = readFileSync(join(dir, file));
      const br = readFileSync(join(dir, `${file}.br`));
      expect(brotliDecompressSync(br).equals(raw)).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).equals(raw)).toBe(true);
      expect(br.length).toBeLessThan(raw.length / 4);
    }
    expect(totals.files).toBe(2);
    expect(totals.brotli).toBeLessThan(totals.raw);
  });

  it('leaves images, source maps and files too small to gain alone', () => {
    precompress(dir);
    for (const file of ['assets/tile.webp', 'assets/app-1a2b.js.map', 'assets/tiny.css']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
    }
  });
});
