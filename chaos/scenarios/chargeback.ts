import { setTimeout as sleep } from 'node:timers/promises';
import { chargebackMember, cardOption, runChargebackLoad } from '../support/chargeback-load.ts';
import { provideRetries, resetRetryTally } from '../support/chargeback-retries.ts';
import { PSP_SECRET } from '../support/payment-provider.ts';
import { startStack } from '../support/stack.ts';
import { verifyChargebacks } from '../support/verify-chargebacks.ts';
import { preparePlayers } from '../support/workload.ts';

/**
 * `kill -9` of the server, `cycles` times, while members deposit by card, play and withdraw and the
 * payment provider charges back a share of their credited deposits; after every restart the provider
 * delivers its chargebacks (and the confirmations) again, as a provider does after a timeout.
 */
export async function chargebacks(cycles: number): Promise<boolean> {
  resetRetryTally();
  const stack = await startStack('chaos_chargeback', { SANDBOX_PSP_SECRET: PSP_SECRET });
  try {
    let server = await stack.server();
    const url = () => server.url;
    // No starting money: what they play is what they deposited, so a chargeback often finds it spent.
    const { players, operatorToken } = await preparePlayers(stack.database.db, url, 16, 0);
    const members = players.map(chargebackMember);
    const card = await cardOption(url, players[0]!.session);
    const load = runChargebackLoad(stack.database.db, url, members, card, operatorToken);
    const retries: Promise<void>[] = [];
    for (let cycle = 1; cycle <= cycles; cycle++) {
      await sleep(1_000 + Math.random() * 2_000);
      const before = load.turns();
      await server.kill9();
      await sleep(200);
      server = await stack.server(server.port);
      console.log(`  cycle ${cycle}: killed with -9 after ${before} turns, back up as pid ${server.pid}`);
      retries.push(provideRetries(url, members));
    }
    await sleep(1_000);
    await load.stop();
    await Promise.all(retries);
    console.log(`  ${load.turns()} member turns across ${cycles} crashes`);
    return await verifyChargebacks(stack.database.db, members);
  } finally {
    await stack.close();
  }
}
