/**
 * Prints the first-load JavaScript (the entry and its preloaded chunks, as sent: gzip and brotli) of the
 * home page and of the sports window, and fails the build when either is above its budget: the home
 * page 150 KB gzip (issues 6 and 15), the sports window 100 KB brotli (issue 30).
 */
import { firstLoadBytes } from './web-build/first-load.ts';

const PAGES = [
  { name: 'home page', page: 'index.html', encoding: 'gzip', budgetKb: 150 },
  { name: 'sports window', page: 'sports.html', encoding: 'brotli', budgetKb: 100 },
] as const;

let over = false;
for (const { name, page, encoding, budgetKb } of PAGES) {
  const files = firstLoadBytes('dist/web', page);
  for (const { file, gzip, brotli } of files) {
    console.log(`  ${file}  ${(gzip / 1024).toFixed(1)} KB gzip, ${(brotli / 1024).toFixed(1)} KB brotli`);
  }
  const kb = (key: 'gzip' | 'brotli') => files.reduce((sum, f) => sum + f[key], 0) / 1024;
  console.log(
    `${name} first-load JavaScript: ${kb('gzip').toFixed(1)} KB gzip, ${kb('brotli').toFixed(1)} KB brotli (budget ${budgetKb} KB ${encoding})`,
  );
  if (kb(encoding) > budgetKb) over = true;
}
if (over) process.exit(1);
