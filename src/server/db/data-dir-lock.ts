import { rmSync, statSync } from 'node:fs';
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
 * The lock is a listening local socket named after the directory (its device and inode, so two paths
 * to one directory are one lock): the kernel frees it when its process ends, however it ends, so a
 * crash leaves no stale lock behind. On Linux it is an abstract socket, which is per network
 * namespace: containers that share a volume but not their network are not kept apart. Elsewhere it is
 * a socket file in the temporary directory, removed when nobody answers on it (two openers judging it
 * stale at once could both win: a development machine's risk only).
 */
export async function lockDataDir(
  dir: string,
  opts: { waitMs?: number; onWait?: () => void } = {},
): Promise<() => Promise<void>> {
  const name = lockName(dir);
  if (heldHere.has(name)) throw new Error(`the database in ${dir} is already open in this process`);
  const deadline = Date.now() + (opts.waitMs ?? 30_000);
  let told = false;
  for (;;) {
    const server = await tryListen(name);
    if (server) {
      // Held for the process's life without keeping it alive.
      server.unref();
      heldHere.add(name);
      return async () => {
        heldHere.delete(name);
        await new Promise<void>((resolve) => server.close(() => resolve()));
      };
    }
    const holderAnswers = await answers(name);
    // A socket file left by a process that ended: nobody listens on it.
    if (!holderAnswers && !name.startsWith('\0')) unlinkQuietly(name);
    if (Date.now() > deadline) {
      throw new Error(`the database in ${dir} is open in another server process: stop that one first`);
    }
    if (holderAnswers && !told) {
      opts.onWait?.();
      told = true;
    }
    await sleep(holderAnswers ? 100 : 10);
  }
}

/** The locks this process holds: opening one of them again would wait on itself. */
const heldHere = new Set<string>();

function lockName(dir: string): string {
  const { dev, ino } = statSync(dir);
  const id = `${dev.toString(16)}-${ino.toString(16)}`;
  return process.platform === 'linux' ? `\0casino-pglite-${id}` : join(tmpdir(), `casino-pglite-${id}.sock`);
}

function tryListen(name: string): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    // Whoever connects only learns the lock is held: closed at once, so closing the lock never waits.
    const server = createServer((socket) => socket.destroy());
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

function unlinkQuietly(path: string) {
  try {
    // Only a socket: never a file someone put there.
    if (statSync(path).isSocket()) rmSync(path, { force: true });
  } catch {
    // gone already
  }
}
