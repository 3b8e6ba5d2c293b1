/**
 * Prints the home page's first-load JavaScript (the entry and its preloaded chunks, as sent: gzip and
 * brotli) and fails the build above the budget of 150 KB gzip (issue 6).
 */
import { firstLoadBytes } from './web-build/first-load.ts';

const BUDGET_KB = 150;
const files = firstLoadBytes('dist/web');
for (const { file, gzip, brotli } of files) {
  console.log(`  ${file}  ${(gzip / 1024).toFixed(1)} KB gzip, ${(brotli / 1024).toFixed(1)} KB brotli`);
}
const kb = (key: 'gzip' | 'brotli') => files.reduce((sum, f) => sum + f[key], 0) / 1024;
console.log(
  `home page first-load JavaScript: ${kb('gzip').toFixed(1)} KB gzip, ${kb('brotli').toFixed(1)} KB brotli (budget ${BUDGET_KB} KB gzip)`,
);
if (kb('gzip') > BUDGET_KB) process.exit(1);
