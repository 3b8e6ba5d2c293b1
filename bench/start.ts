/**
 * npm run bench:start — the embedded default as a person first meets it: `npm start` on PGlite.
 * 1. A first start in a new data directory (creates the database, migrates, loads the demo data).
 * 2. BENCH_STARTS (3) starts on that existing database, each timed from spawning `npm start` to the
 *    first 200 from GET /readyz (target < 3 s).
 * 3. Some load on the last one (the member health check as the demo player, and /readyz, 10 s each)
 *    and the server's resident memory after it (target < 400 MB).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
const port = 3990 + Math.floor(Math.random() * 9);
const url = `http://127.0.0.1:${port}`;

/** Every process under npm (its shell, the server): their pids. */
function descendants(npm: ChildProcess): number[] {
  const children = (pid: number): number[] => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const all: number[] = [];
  const walk = (pid: number) => {
    for (const child of children(pid)) {
      all.push(child);
      walk(child);
    }
  };
  walk(npm.pid!);
  return all;
}

/** The server is node under npm: the largest process under it. */
function serverRssMb(npm: ChildProcess): number {
  const rss = descendants(npm).map((pid) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0),
  );
  return Math.round(Math.max(...rss) / 1024);
}

/** Spawns `npm start`; resolves with the seconds to the first 200 from /readyz. */
async function start(): Promise<{ npm: ChildProcess; seconds: number }> {
  const began = performance.now();
  const npm = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { npm, seconds: (performance.now() - began) / 1000 };
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
}

/**
 * Stops the server and waits until it has ended: npm exits as soon as its shell does, while the server
 * still closes its database, and the next start would wait for it (the database's lock).
 */
async function stop(npm: ChildProcess) {
  const processes = descendants(npm);
  const exited = npm.exitCode !== null ? Promise.resolve() : new Promise((r) => npm.once('exit', r));
  process.kill(-npm.pid!, 'SIGTERM');
  await exited;
  const deadline = Date.now() + 60_000;
  while (processes.some(running)) {
    if (Date.now() > deadline) throw new Error(`the server did not end within 60 s of its SIGTERM`);
    await sleep(20);
  }
}

/** Alive, not a zombie waiting for a parent to reap it. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

try {
  const first = await start();
  console.log(`first start (new database, migrations, demo data): ${first.seconds.toFixed(2)} s`);
  await stop(first.npm);
  const seconds: number[] = [];
  let last: ChildProcess | undefined;
  for (let i = 0; i < STARTS; i++) {
    if (last) await stop(last);
    const run = await start();
    seconds.push(run.seconds);
    last = run.npm;
  }
  console.log(
    `start on the existing database to first 200: ${seconds.map((s) => s.toFixed(2)).join(', ')} s`,
  );
  const server = last!;
  console.log(`server RSS just started: ${serverRssMb(server)} MB`);
  const login = (await (
    await fetch(`${url}/api/routes/user-do-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'demo', pw: 'demo1234' }),
    })
  ).json()) as { token?: string };
  if (!login.token) throw new Error('demo login failed');
  const health = await autocannon({
    url: `${url}/api/routes/user-health-check`,
    method: 'POST',
    connections: 20,
    duration: 10,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
    body: '{}',
  });
  const ready = await autocannon({ url: `${url}/readyz`, connections: 20, duration: 10 });
  console.log(
    `load: health check ${Math.round(health.requests.average)}/s (non-2xx ${health.non2xx}, errors ${health.errors}), ` +
      `/readyz ${Math.round(ready.requests.average)}/s (non-2xx ${ready.non2xx}, errors ${ready.errors})`,
  );
  // The memory figure is only worth something if the load was served: a server that answered
  // nothing (or errors) would look small.
  const served = [health, ready].every((r) => r.requests.total > 0 && r.non2xx === 0 && r.errors === 0);
  if (!served) console.log('the load was not served in full: the memory figure does not count');
  const rssAfter = serverRssMb(server);
  console.log(`server RSS after load: ${rssAfter} MB`);
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores: figures above 2 are noisy)`,
  );
  await stop(server);
  process.exitCode = served && Math.max(...seconds) < 3 && rssAfter < 400 ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
