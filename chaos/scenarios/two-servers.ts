import { setTimeout as sleep } from 'node:timers/promises';
import { startProxy } from '../support/proxy.ts';
import { startStack } from '../support/stack.ts';
import { verifyRun } from '../support/verify.ts';
import { preparePlayers, runLoad } from '../support/workload.ts';

/**
 * Two server processes behind a local balancer on one database; one is killed mid-load. Members'
 * and the operator's sessions live in the database, so the survivor serves them on.
 */
export async function twoServers(): Promise<boolean> {
  const stack = await startStack('chaos_two');
  try {
    const a = await stack.server();
    const b = await stack.server();
    const proxy = await startProxy([a.url, b.url]);
    try {
      const url = () => proxy.url;
      const { players, operatorToken } = await preparePlayers(stack.database.db, url, 16);
      const load = runLoad(url, players, operatorToken);
      await sleep(4_000);
      const before = load.rounds();
      await a.kill9();
      console.log(`  server ${a.pid} killed with -9 after ${before} rounds; ${b.pid} carries on alone`);
      await sleep(5_000);
      const afterKill = load.rounds() - before;
      const again = await stack.server(a.port);
      console.log(`  ${afterKill} rounds on the survivor with the same sessions; ${again.pid} back on ${a.port}`);
      await sleep(3_000);
      await load.stop();
      console.log(`  ${load.rounds()} rounds in all`);
      return (await verifyRun(stack.database.db, players)) && afterKill > 0;
    } finally {
      await proxy.close();
    }
  } finally {
    await stack.close();
  }
}
