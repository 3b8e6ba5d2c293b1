import { setTimeout as sleep } from 'node:timers/promises';
import { startStack } from '../support/stack.ts';
import { verifyRun } from '../support/verify.ts';
import { preparePlayers, runLoad } from '../support/workload.ts';

/**
 * PostgreSQL restarted under load (a crash-like immediate stop, then a clean fast one): the server
 * process stays up and reconnects by itself.
 */
export async function restartPostgres(): Promise<boolean> {
  const stack = await startStack('chaos_pg');
  try {
    const server = await stack.server();
    const url = () => server.url;
    const { players, operatorToken } = await preparePlayers(stack.database.db, url, 16);
    const load = runLoad(url, players, operatorToken);
    for (const mode of ['immediate', 'fast', 'immediate'] as const) {
      await sleep(3_000);
      const before = load.rounds();
      stack.cluster.restart(mode);
      console.log(`  PostgreSQL restarted (${mode}) after ${before} rounds`);
    }
    await sleep(4_000);
    const ready = (await fetch(`${server.url}/readyz`)).ok;
    const samePid = (() => {
      try {
        process.kill(server.pid, 0);
        return true;
      } catch {
        return false;
      }
    })();
    console.log(`  the server process ${server.pid} ${samePid ? 'stayed up' : 'DIED'}; /readyz ${ready ? 'ready' : 'NOT READY'}`);
    await load.stop();
    console.log(`  ${load.rounds()} rounds played across 3 database restarts`);
    // The test's own pool saw the restarts too: a fresh connection for the checks.
    await stack.database.close();
    const { openDatabase } = await import('../../src/server/db/client.ts');
    stack.database = await openDatabase({ databaseUrl: stack.databaseUrl, poolSize: 2 });
    return (await verifyRun(stack.database.db, players)) && samePid && ready;
  } finally {
    await stack.close();
  }
}
