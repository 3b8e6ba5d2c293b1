/**
 * Prints the first-load JavaScript (the entry and its preloaded chunks, as sent: gzip and brotli) of the
 * home page and of the sports window, and fails the build when either is above the budget of 150 KB gzip
 * (issues 6 and 15).
 */
import { firstLoadBytes } from './web-build/first-load.ts';

const BUDGET_KB = 150;
let over = false;
for (const [name, page] of [
  ['home page', 'index.html'],
  ['sports window', 'sports.html'],
] as const) {
  const files = firstLoadBytes('dist/web', page);
  for (const { file, gzip, brotli } of files) {
    console.log(`  ${file}  ${(gzip / 1024).toFixed(1)} KB gzip, ${(brotli / 1024).toFixed(1)} KB brotli`);
  }
  const kb = (key: 'gzip' | 'brotli') => files.reduce((sum, f) => sum + f[key], 0) / 1024;
  console.log(
    `${name} first-load JavaScript: ${kb('gzip').toFixed(1)} KB gzip, ${kb('brotli').toFixed(1)} KB brotli (budget ${BUDGET_KB} KB gzip)`,
  );
  if (kb('gzip') > BUDGET_KB) over = true;
}
if (over) process.exit(1);
