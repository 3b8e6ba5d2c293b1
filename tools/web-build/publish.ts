import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The served site (`dist/web`) is a symbolic link to one finished build under `dist/builds/`. A new
 * build is written beside it and published by renaming a new link over the old one, which is atomic:
 * a running server reads either the old build or the new one, never a half-written or emptied folder.
 * The new build also carries the previous build's own hashed assets, so a page opened just before
 * the switch can still load them; the previous build's folder is kept as well.
 */
export interface BuildLayout {
  /** The path the server serves, e.g. dist/web. */
  served: string;
  /** Where finished builds live, e.g. dist/builds. */
  builds: string;
}

const STAMP = '.build.json';
const KEEP = 2;

/**
 * The build being served: its fingerprint and its own asset files (not those carried over from the
 * build before it), or null when there is none (or it is unfinished).
 */
export function servedBuild(layout: BuildLayout): { fingerprint: string; own?: string[] } | null {
  const stamp = join(layout.served, STAMP);
  if (!existsSync(stamp) || !existsSync(join(layout.served, 'index.html'))) return null;
  return JSON.parse(readFileSync(stamp, 'utf8')) as { fingerprint: string; own?: string[] };
}

/** Builds into a fresh folder with `write(dir)`, stamps it, and publishes it atomically. */
export async function buildAndPublish(
  layout: BuildLayout,
  fingerprint: string,
  write: (outDir: string) => Promise<void>,
): Promise<string> {
  mkdirSync(layout.builds, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${fingerprint.slice(0, 12)}`;
  const outDir = resolve(layout.builds, name);
  try {
    await write(outDir);
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  const own = assetsOf(outDir);
  carryAssets(layout, outDir, own);
  writeFileSync(join(outDir, STAMP), JSON.stringify({ fingerprint, builtAt: new Date().toISOString(), own }));
  const link = `${layout.served}.${process.pid}.link`;
  rmSync(link, { force: true });
  // Relative, so the checkout can move.
  symlinkSync(relative(dirname(layout.served), outDir), link, 'dir');
  // A served folder from before this layout is a real directory: move it aside once.
  if (existsSync(layout.served) && !lstatSync(layout.served).isSymbolicLink()) {
    renameSync(layout.served, resolve(layout.builds, `legacy-${Date.now()}`));
  }
  renameSync(link, layout.served);
  pruneOldBuilds(layout, outDir);
  return outDir;
}

function assetsOf(dir: string): string[] {
  const assets = join(dir, 'assets');
  return existsSync(assets) ? readdirSync(assets) : [];
}

/** Copies the served build's own assets that the new build lacks (hashed names never collide). */
function carryAssets(layout: BuildLayout, outDir: string, own: string[]) {
  const stamp = join(layout.served, STAMP);
  if (!existsSync(stamp)) return;
  const previous = (JSON.parse(readFileSync(stamp, 'utf8')) as { own?: string[] }).own ?? [];
  const mine = new Set(own);
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  for (const file of previous.filter((f) => !mine.has(f))) {
    const from = join(layout.served, 'assets', file);
    if (existsSync(from)) copyFileSync(from, join(outDir, 'assets', file));
  }
}

function pruneOldBuilds(layout: BuildLayout, newest: string) {
  const older = readdirSync(layout.builds)
    .map((name) => resolve(layout.builds, name))
    .filter((dir) => dir !== newest)
    .sort()
    .reverse();
  for (const dir of older.slice(KEEP - 1)) rmSync(dir, { recursive: true, force: true });
}
