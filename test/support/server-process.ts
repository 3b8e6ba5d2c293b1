import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** POST JSON as a browser on the server's own origin would, optionally with a bearer token. */
  post(
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; json: Record<string, unknown> }>;
  stop(): Promise<void>;
}

/** Starts the real server (src/server/main.ts) as its own process on a database, and waits until it is up. */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_ROOT: '/nonexistent',
      DB_POOL_SIZE: '4',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error(`server on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async post(path, body, token) {
      const headers: Record<string, string> = { 'content-type': 'application/json', origin: url };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
