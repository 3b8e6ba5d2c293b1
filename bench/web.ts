/**
 * npm run bench:web — the member home on a phone, as Lighthouse measures it (mobile, its default
 * simulated throttling: 4× CPU, slow 4G), against the built site served by the real server with demo
 * data on PGlite. Prints each run and the medians of the performance score and LCP, and the home's
 * first-load JavaScript as sent (brotli); exits non-zero if a target of issue #19 is missed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildWeb } from '../tools/build-web.ts';
import { firstLoadBytes } from '../tools/web-build/first-load.ts';
import { startServer } from './support/server.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const TARGET = { score: 95, lcpMs: 1_500, firstLoadKb: 100 };
const run = promisify(execFile);

console.log(`web build: ${await buildWeb({ force: false, quiet: true })}`);
const firstLoad = firstLoadBytes('dist/web');
const firstLoadKb = firstLoad.reduce((sum, f) => sum + f.brotli, 0) / 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1' });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  const results: { score: number; lcp: number; fcp: number; tbt: number; cls: number; bytes: number }[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const { stdout } = await run(
      'node_modules/.bin/lighthouse',
      [
        `${server.url}/`,
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance',
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 << 20,
      },
    );
    // BENCH_WEB_REPORT=file keeps the last run's whole report (the LCP element, request chains…).
    if (process.env.BENCH_WEB_REPORT) writeFileSync(process.env.BENCH_WEB_REPORT, stdout);
    const report = JSON.parse(stdout) as {
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue: number }>;
    };
    const a = report.audits;
    const result = {
      score: Math.round(report.categories.performance.score * 100),
      lcp: a['largest-contentful-paint']!.numericValue,
      fcp: a['first-contentful-paint']!.numericValue,
      tbt: a['total-blocking-time']!.numericValue,
      cls: a['cumulative-layout-shift']!.numericValue,
      bytes: a['total-byte-weight']!.numericValue,
    };
    results.push(result);
    console.log(
      `run ${i}: score ${result.score}, LCP ${(result.lcp / 1000).toFixed(2)} s, FCP ${(result.fcp / 1000).toFixed(2)} s, TBT ${result.tbt.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}, ${(result.bytes / 1024).toFixed(0)} KB transferred`,
    );
  }
  const score = median(results.map((r) => r.score));
  const lcp = median(results.map((r) => r.lcp));
  console.log(
    `\nload average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('| / on Lighthouse mobile | median of', RUNS, '| target |');
  console.log(`| performance score | ${score} | ≥ ${TARGET.score} |`);
  console.log(`| LCP | ${(lcp / 1000).toFixed(2)} s | ≤ ${TARGET.lcpMs / 1000} s |`);
  console.log(`| first-load JS (brotli) | ${firstLoadKb.toFixed(1)} KB | ≤ ${TARGET.firstLoadKb} KB |`);
  for (const { file, brotli } of firstLoad) console.log(`    ${file} ${(brotli / 1024).toFixed(1)} KB`);
  process.exitCode =
    score >= TARGET.score && lcp <= TARGET.lcpMs && firstLoadKb <= TARGET.firstLoadKb ? 0 : 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
