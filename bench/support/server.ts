import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

function residentMb(pid: number | undefined): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Ends the process at once, as a crash would (no shutdown handlers run). */
  kill9(): Promise<void>;
  /** The server process's resident memory now, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * Starts the server as its own process, so the load generator does not share its CPU time: the
 * sources (`src/server/main.ts` through tsx) or, given `entry`, a compiled bundle.
 */
export async function startServer(
  env: Record<string, string>,
  port = 3900 + Math.floor(Math.random() * 90),
  entry = ['--import', 'tsx', 'src/server/main.ts'],
): Promise<RunningServer> {
  // BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=.tmp/prof" profiles the server under load.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...flags, ...entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        return {
          url,
          pid: child.pid!,
          kill9: async () => {
            child.kill('SIGKILL');
            await exited;
          },
          rssMb: () => residentMb(child.pid),
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready in 60 s');
}
