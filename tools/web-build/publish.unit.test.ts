import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAndPublish, servedBuild } from './publish.ts';

/** A fake build: an index page naming its version, and an asset. */
const writeVersion = (version: string) => async (outDir: string) => {
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  writeFileSync(join(outDir, 'assets', `app-${version}.js`), `version ${version}`);
  await new Promise((resolve) => setTimeout(resolve, 5));
  writeFileSync(join(outDir, 'index.html'), `<script src="/assets/app-${version}.js"></script>`);
};

describe('publishing a build while a server is serving', () => {
  let dir = '';
  let layout = { served: '', builds: '' };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'publish-'));
    layout = { served: join(dir, 'web'), builds: join(dir, 'builds') };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the old build or the new one at every moment, never an emptied folder', async () => {
    await buildAndPublish(layout, 'v0', writeVersion('v0'));
    // A second thread reads the served page and then its asset, as fast as it can, during ten
    // publishes: a page from before a switch must find its script after it. The promise is for one
    // switch (the new build carries the previous build's assets), so the next publish waits until the
    // reader has read a page and its asset begun after this one: on a loaded machine the reader can
    // otherwise stall between the two reads over two publishes, which no one promises to survive.
    // shared[0]: publishes done; shared[1]: the publishes done when the last finished read began.
    const shared = new Int32Array(new SharedArrayBuffer(8));
    const reader = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const fs = require('node:fs'); const path = require('node:path');
       const { served, shared } = workerData;
       let reads = 0, stop = false; const failures = [];
       parentPort.on('message', () => { stop = true; });
       (function loop() {
         for (let i = 0; i < 200; i++) {
           const began = Atomics.load(shared, 0);
           let asset = '';
           try {
             const page = fs.readFileSync(path.join(served, 'index.html'), 'utf8');
             asset = page.match(/src="\\/(.+?)"/)[1];
             fs.readFileSync(path.join(served, asset));
             reads++;
           } catch (error) { failures.push(asset + ': ' + error.code); }
           Atomics.store(shared, 1, began);
         }
         if (stop) parentPort.postMessage({ reads, failures }); else setImmediate(loop);
       })();`,
      { eval: true, workerData: { served: layout.served, shared } },
    );
    /** Until the reader has finished a read begun after the given number of publishes. */
    const readerReached = async (published: number) => {
      const deadline = Date.now() + 10_000;
      while (Atomics.load(shared, 1) < published) {
        if (Date.now() > deadline) throw new Error(`the reader did not read after publish ${published}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    for (let v = 1; v <= 10; v++) {
      await buildAndPublish(layout, `v${v}`, writeVersion(`v${v}`));
      Atomics.store(shared, 0, v);
      await readerReached(v);
    }
    const counts = await new Promise<{ reads: number; failures: string[] }>((resolve) => {
      reader.once('message', resolve);
      reader.postMessage('stop');
    });
    await reader.terminate();
    expect(counts.reads).toBeGreaterThan(100);
    expect(counts.failures).toEqual([]);
    expect(readFileSync(join(layout.served, 'index.html'), 'utf8')).toContain('app-v10.js');
    // The page before the switch still finds its script; older ones are not carried for ever.
    expect(existsSync(join(layout.served, 'assets', 'app-v9.js'))).toBe(true);
    expect(existsSync(join(layout.served, 'assets', 'app-v8.js'))).toBe(false);
    expect(servedBuild(layout)).toMatchObject({ fingerprint: 'v10' });
  });

  it('keeps the previous build (pages already open load its assets) and removes older ones', async () => {
    for (let v = 1; v <= 4; v++) await buildAndPublish(layout, `v${v}`, writeVersion(`v${v}`));
    const kept = readdirSync(layout.builds);
    expect(kept).toHaveLength(2);
    expect(kept.some((name) => existsSync(join(layout.builds, name, 'assets', 'app-v3.js')))).toBe(true);
  });

  it('leaves the served build alone when a build fails', async () => {
    await buildAndPublish(layout, 'good', writeVersion('good'));
    await expect(
      buildAndPublish(layout, 'bad', async (outDir) => {
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, 'half.js'), '');
        throw new Error('syntax error');
      }),
    ).rejects.toThrow('syntax error');
    expect(servedBuild(layout)).toMatchObject({ fingerprint: 'good' });
    expect(readdirSync(layout.builds)).toHaveLength(1);
  });

  it('takes over a served folder from before builds were published this way', async () => {
    mkdirSync(layout.served, { recursive: true });
    writeFileSync(join(layout.served, 'index.html'), 'old');
    expect(servedBuild(layout)).toBeNull();
    const first = await buildAndPublish(layout, 'v1', writeVersion('v1'));
    expect(servedBuild(layout)).toMatchObject({ fingerprint: 'v1' });
    // From then on the previous build is kept, not the folder taken over.
    const second = await buildAndPublish(layout, 'v2', writeVersion('v2'));
    expect(
      readdirSync(layout.builds)
        .map((name) => join(layout.builds, name))
        .sort(),
    ).toEqual([first, second].sort());
  });
});
