import { setTimeout as sleep } from 'node:timers/promises';
import { startStack } from '../support/stack.ts';
import { verifyRun } from '../support/verify.ts';
import { preparePlayers, runLoad } from '../support/workload.ts';

/** `kill -9` of the server under wallet and cashier load, then a restart on the same port, `cycles` times. */
export async function killServer(cycles: number): Promise<boolean> {
  const stack = await startStack('chaos_kill');
  try {
    let server = await stack.server();
    const url = () => server.url;
    const { players, operatorToken } = await preparePlayers(stack.database.db, url, 16);
    const load = runLoad(url, players, operatorToken);
    for (let cycle = 1; cycle <= cycles; cycle++) {
      await sleep(1_000 + Math.random() * 2_000);
      const before = load.rounds();
      await server.kill9();
      await sleep(200);
      server = await stack.server(server.port);
      console.log(`  cycle ${cycle}: killed with -9 after ${before} rounds, back up as pid ${server.pid}`);
    }
    await sleep(1_000);
    await load.stop();
    console.log(`  ${load.rounds()} rounds played across ${cycles} crashes`);
    return await verifyRun(stack.database.db, players);
  } finally {
    await stack.close();
  }
}
