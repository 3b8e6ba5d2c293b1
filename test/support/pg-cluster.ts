import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL 15 cluster from the system binaries (STACK.md), for tests and benchmarks.
 * initdb refuses root, so as root the cluster runs as the `postgres` user.
 */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** Superuser URL of the `postgres` database. */
  url: string;
  port: number;
  /** Restarts the server; `immediate` is a crash (recovery from the WAL on start). */
  restart(mode: 'fast' | 'immediate'): void;
  stop(): void;
}

export function pgBinariesAvailable(): boolean {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function runAsOwner(owner: { uid: number; gid: number } | undefined, cmd: string, args: string[]) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...(owner ?? {}) });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  }
}

export interface ClusterOptions {
  /** Benchmarks keep fsync on; tests turn it off. */
  fsync: boolean;
  maxConnections?: number;
  sharedBuffers?: string;
}

export async function startPgCluster(options: ClusterOptions): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'casino-pg-'));
  const owner =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
        }
      : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  runAsOwner(owner, join(PG_BIN, 'initdb'), [
    '--no-sync',
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '-D',
    dataDir,
  ]);
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    `fsync = ${options.fsync ? 'on' : 'off'}`,
    `synchronous_commit = ${options.fsync ? 'on' : 'off'}`,
    `full_page_writes = ${options.fsync ? 'on' : 'off'}`,
    `max_connections = ${options.maxConnections ?? 200}`,
    `shared_buffers = '${options.sharedBuffers ?? '128MB'}'`,
    // Race tests compare when transactions committed (pg_xact_commit_timestamp).
    'track_commit_timestamp = on',
  ];
  writeFileSync(join(dataDir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
  if (owner) chownSync(join(dataDir, 'postgresql.auto.conf'), owner.uid, owner.gid);
  runAsOwner(owner, join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart(mode) {
      runAsOwner(owner, join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
      runAsOwner(owner, join(PG_BIN, 'pg_ctl'), [
        '-D',
        dataDir,
        '-l',
        join(dir, 'server.log'),
        '-w',
        'start',
      ]);
    },
    stop() {
      spawnSync(join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], {
        ...(owner ?? {}),
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
