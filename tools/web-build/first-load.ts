import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The scripts a browser fetches before a page runs (the home page by default): the entry and its module preloads. */
export function firstLoadScripts(root: string, page = 'index.html'): string[] {
  const html = readFileSync(join(root, page), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
  ].map((m) => m[1]!.replace(/^\//, ''));
  return [...new Set(files)];
}

/** Their size on the wire, gzip and brotli (the precompressed files when the build wrote them). */
export function firstLoadBytes(
  root: string,
  page = 'index.html',
): { file: string; gzip: number; brotli: number }[] {
  return firstLoadScripts(root, page).map((file) => {
    const path = join(root, file);
    const raw = readFileSync(path);
    const gzip = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(raw).length;
    const brotli = existsSync(`${path}.br`)
      ? readFileSync(`${path}.br`).length
      : brotliCompressSync(raw).length;
    return { file, gzip, brotli };
  });
}
