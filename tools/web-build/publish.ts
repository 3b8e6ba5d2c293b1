import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

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
  // The build served until now: kept beside the new one.
  let previous: string | null = null;
  if (existsSync(layout.served)) {
    if (lstatSync(layout.served).isSymbolicLink()) {
      previous = resolve(dirname(layout.served), readlinkSync(layout.served));
    } else {
      // A served folder from before this layout is a real directory: move it aside once.
      previous = resolve(layout.builds, `legacy-${Date.now()}`);
      renameSync(layout.served, previous);
    }
  }
  renameSync(link, layout.served);
  pruneOldBuilds(layout, outDir, previous);
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

/**
 * Removes the builds older than the new one but the one served before it (a build another process has
 * under way has a later name and stays). By what was served, not by sorting names: a legacy folder's
 * name sorts after every dated build's, and was kept for ever in place of the previous build.
 */
function pruneOldBuilds(layout: BuildLayout, newest: string, previous: string | null) {
  const newestName = basename(newest);
  for (const name of readdirSync(layout.builds)) {
    const dir = resolve(layout.builds, name);
    const older = name.startsWith('legacy-') || name < newestName;
    if (older && dir !== previous) rmSync(dir, { recursive: true, force: true });
  }
}
