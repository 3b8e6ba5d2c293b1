import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import amqp from 'amqplib';

/**
 * A throwaway RabbitMQ broker from the system package (`rabbitmq-server`), on a free loopback port
 * with its own node name, data and log directories, like pg-cluster.ts for PostgreSQL. Erlang boots
 * slowly on a busy machine: give the hook a minute or two.
 */
export const RABBITMQ_BIN = process.env.RABBITMQ_BIN ?? '/usr/lib/rabbitmq/bin';

export function rabbitmqAvailable(): boolean {
  return existsSync(join(RABBITMQ_BIN, 'rabbitmq-server'));
}

/** Tests on a real broker: skipped with a warning where it is missing, unless REQUIRE_RABBITMQ=1 (CI). */
export function rabbitmqOrSkip(): boolean {
  if (rabbitmqAvailable()) return true;
  if (process.env.REQUIRE_RABBITMQ === '1')
    throw new Error(
      'REQUIRE_RABBITMQ=1, but rabbitmq-server is not installed (apt-get install rabbitmq-server)',
    );
  console.warn('\n*** rabbitmq-server not installed: the UOF broker tests are SKIPPED. ***\n');
  return false;
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

export interface Broker {
  url: string;
  stop(): Promise<void>;
}

export async function startRabbitmq(timeoutMs = 150_000): Promise<Broker> {
  const dir = mkdtempSync(join(tmpdir(), 'casino-rabbitmq-'));
  const port = await freePort();
  const dist = await freePort();
  writeFileSync(
    join(dir, 'rabbitmq.conf'),
    [`listeners.tcp.default = 127.0.0.1:${port}`, 'loopback_users = none', ''].join('\n'),
  );
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  const node = `casino${port}@localhost`;
  const child: ChildProcess = spawn(join(RABBITMQ_BIN, 'rabbitmq-server'), [], {
    env: {
      ...process.env,
      HOME: dir,
      RABBITMQ_NODENAME: node,
      RABBITMQ_NODE_PORT: String(port),
      RABBITMQ_DIST_PORT: String(dist),
      RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
      RABBITMQ_LOG_BASE: join(dir, 'log'),
      RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
      RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
      RABBITMQ_PID_FILE: join(dir, 'pid'),
    },
    stdio: 'ignore',
    detached: true,
  });
  const url = `amqp://guest:guest@127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    try {
      const c = await amqp.connect(url);
      await c.close();
      return { url, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await stop();
  throw new Error(`RabbitMQ did not start within ${timeoutMs / 1000} s (node ${node})`);
}
