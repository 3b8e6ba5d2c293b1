/**
 * Prints the home page's first-load JavaScript (the entry and its preloaded chunks, gzipped) and
 * fails the build above the budget of 150 KB (issue 6).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const root = 'dist/web';
const html = readFileSync(join(root, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
].map((m) => m[1]!);
let total = 0;
for (const file of new Set(files)) {
  const size = gzipSync(readFileSync(join(root, file))).length;
  total += size;
  console.log(`  ${file}  ${(size / 1024).toFixed(1)} KB gzip`);
}
const kb = total / 1024;
console.log(`home page first-load JavaScript: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) process.exit(1);
