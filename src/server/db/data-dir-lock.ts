import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process at a time on an embedded database directory. PGlite has no postmaster to turn a second
 * opener away, and two processes writing one directory corrupt it. It happens easily: after Ctrl+C npm
 * hands back the prompt while the server is still closing its database, and a start then opened the
 * directory under it (seen as "PGlite failed to initialize properly" on the next start).
 *
 * The lock is a listening local socket named after the directory: the kernel frees it when its process
 * ends, however it ends, so a crash never leaves a stale lock behind. On Linux it is an abstract socket
 * (no file); elsewhere a socket file in the temporary directory, removed when nobody answers on it.
 */
export async function lockDataDir(
  dir: string,
  opts: { waitMs?: number; onWait?: () => void } = {},
): Promise<() => Promise<void>> {
  const name = lockName(dir);
  const deadline = Date.now() + (opts.waitMs ?? 30_000);
  let told = false;
  for (;;) {
    const server = await tryListen(name);
    if (server) {
      // Held for the process's life without keeping it alive.
      server.unref();
      return () => new Promise((resolve) => server.close(() => resolve()));
    }
    if (!(await answers(name))) {
      // A socket file left by a process that ended: nobody listens on it.
      if (!name.startsWith('\0')) rmSync(name, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`the database in ${dir} is open in another server process: stop that one first`);
    }
    if (!told) opts.onWait?.();
    told = true;
    await sleep(100);
  }
}

function lockName(dir: string): string {
  const hash = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 24);
  return process.platform === 'linux'
    ? `\0casino-pglite-${hash}`
    : join(tmpdir(), `casino-pglite-${hash}.sock`);
}

function tryListen(name: string): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end());
    server.once('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EADDRINUSE' ? resolve(undefined) : reject(e),
    );
    server.listen(name, () => resolve(server));
  });
}

function answers(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(name);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
