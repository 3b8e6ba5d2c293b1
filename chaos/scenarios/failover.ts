import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { tally } from '../support/calls.ts';
import { primaryAnswers, startHaStack } from '../support/ha-stack.ts';
import { startProxy } from '../support/proxy.ts';
import { watchLiveStream } from '../support/sse-watch.ts';
import { verifyRun } from '../support/verify.ts';
import { preparePlayers, runLoad } from '../support/workload.ts';

/** The chaos cluster's ports (deploy/up.sh's DEPLOY_PORT_BASE), away from a deploy/up.sh at its default. */
const PORT_BASE = Number(process.env.CHAOS_HA_PORT_BASE ?? 27_000);
const MAX_WITHOUT_PRIMARY_S = 30;

/**
 * The primary PostgreSQL killed with -9 under load: two app nodes behind a balancer, on pgbouncer
 * (transaction pooling) → HAProxy → Patroni's primary with a synchronous standby. Patroni promotes the
 * standby; the apps answer 503 meanwhile and carry on on the new primary; no acknowledged call is lost
 * or doubled; a member's live stream keeps receiving.
 */
export async function failover(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'casino-ha-'));
  const stack = await startHaStack(dir, PORT_BASE);
  try {
    const a = await stack.server();
    const b = await stack.server();
    const proxy = await startProxy([a.url, b.url]);
    try {
      const url = () => proxy.url;
      const { players, operatorToken } = await preparePlayers(stack.database.db, url, 16);
      // A slot player's stream on node a: it hears of the rounds played on either node through LISTEN.
      const stream = watchLiveStream(a.url, players[0]!.session);
      const load = await runLoad(url, players, operatorToken);
      await sleep(5_000);
      const primary = await stack.primary();
      if (!primary) throw new Error('no primary before the kill');
      const roundsBefore = load.rounds();
      const unavailableBefore = tally.unavailable;
      const killedAt = Date.now();
      process.kill(primary.pid, 'SIGKILL');
      console.log(`  primary ${primary.name} (postgres ${primary.pid}) killed with -9 after ${roundsBefore} rounds`);
      while (!(await primaryAnswers(stack.urls.direct))) {
        if (Date.now() - killedAt > 120_000) throw new Error('no primary within 120 s');
        await sleep(100);
      }
      const withoutPrimary = (Date.now() - killedAt) / 1000;
      const promoted = await stack.primary();
      const roundsAtPromotion = load.rounds();
      // The apps' first rounds after the promotion: the time until the load moves again.
      while (load.rounds() === roundsAtPromotion && Date.now() - killedAt < 120_000) await sleep(50);
      const loadResumed = (Date.now() - killedAt) / 1000;
      console.log(
        `  ${promoted?.name ?? '?'} promoted: no primary for ${withoutPrimary.toFixed(1)} s; the load moved again ${loadResumed.toFixed(1)} s after the kill; ` +
          `${tally.unavailable - unavailableBefore} replies 503 'unavailable' meanwhile`,
      );
      const promotedAt = Date.now();
      await sleep(10_000);
      const streamed = stream.eventsSince(promotedAt);
      await load.stop();
      await stream.stop();
      // The killed node comes back as the new primary's synchronous standby (pg_rewind if needed).
      let members = await stack.members();
      for (let i = 0; i < 60 && !members.some((m) => m.role === 'sync_standby'); i++) {
        await sleep(1_000);
        members = await stack.members();
      }
      console.log(`  cluster now: ${members.map((m) => `${m.name} ${m.role} ${m.state}`).join(', ')}`);
      console.log(
        `  ${load.rounds()} rounds in all, ${load.rounds() - roundsAtPromotion} after the promotion; ` +
          `the member's live stream got ${streamed} events in the 10 s after it`,
      );
      // The test's own pool pointed at the killed primary: a fresh one for the checks.
      const database = await stack.reopen();
      const verified = await verifyRun(database.db, players);
      const fastEnough = withoutPrimary < MAX_WITHOUT_PRIMARY_S;
      if (!fastEnough) console.log(`  NO PRIMARY FOR ${withoutPrimary.toFixed(1)} s (limit ${MAX_WITHOUT_PRIMARY_S} s)`);
      if (streamed === 0) console.log('  THE LIVE STREAM HEARD NOTHING AFTER THE FAILOVER');
      return verified && fastEnough && streamed > 0 && load.rounds() > roundsAtPromotion;
    } finally {
      await proxy.close();
    }
  } finally {
    await stack.close();
  }
}
