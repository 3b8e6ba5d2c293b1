/**
 * npm run chaos [-- kill | chargeback | postgres | two-servers | sports-settle | sports-place | failover] — fault tests on a real PostgreSQL (fsync on) under
 * wallet, cashier and sportsbook load, run by
 * hand: each prints what it did and ends with the money check (every acknowledged call applied once),
 * the ledger audit and the audit-chain check. Exits non-zero if any invariant broke.
 */
import { resetTally } from './support/calls.ts';
import { chargebacks } from './scenarios/chargeback.ts';
import { killServer } from './scenarios/kill-server.ts';
import { failover } from './scenarios/failover.ts';
import { restartPostgres } from './scenarios/restart-postgres.ts';
import { crashDuringPlacement, crashDuringSettlement } from './scenarios/sports-crash.ts';
import { type Stack, startStack } from './support/stack.ts';
import { twoServers } from './scenarios/two-servers.ts';

const CYCLES = Number(process.env.CHAOS_CYCLES ?? 20);
const scenarios: Record<string, [string, () => Promise<boolean>]> = {
  kill: [`kill -9 of the server under load, ${CYCLES} cycles`, () => killServer(CYCLES)],
  chargeback: [
    `kill -9 of the server, ${CYCLES} cycles, while card deposits are charged back`,
    () => chargebacks(CYCLES),
  ],
  postgres: ['PostgreSQL restarted under load', restartPostgres],
  'two-servers': ['two servers behind a balancer, one killed mid-load', twoServers],
  'sports-settle': [
    'kill -9 while a market of 1,200 bets settles, then a restart with no operator action',
    () => onStack('chaos_settle', (stack) => crashDuringSettlement(stack, 1_200)),
  ],
  'sports-place': [
    'kill -9 of the server 5 times while members place bets',
    () => onStack('chaos_place', (stack) => crashDuringPlacement(stack, 5)),
  ],
  // Needs Patroni, etcd, HAProxy and pgbouncer (deploy/up.sh); run by name only.
  failover: ['kill -9 of the primary PostgreSQL under Patroni, two app nodes on pgbouncer', failover],
};
/** Scenarios a bare `npm run chaos` leaves out. */
const BY_NAME_ONLY = new Set(['failover']);

async function onStack(name: string, run: (stack: Stack) => Promise<boolean>): Promise<boolean> {
  const stack = await startStack(name);
  try {
    return await run(stack);
  } finally {
    await stack.close();
  }
}
const chosen = process.argv.slice(2).filter((a) => a in scenarios);
let allHeld = true;
for (const name of chosen.length ? chosen : Object.keys(scenarios).filter((n) => !BY_NAME_ONLY.has(n))) {
  const [title, run] = scenarios[name]!;
  console.log(`\n== ${title}`);
  resetTally();
  const started = Date.now();
  const held = await run();
  console.log(`  → ${held ? 'INVARIANTS HELD' : 'INVARIANTS BROKEN'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  allHeld &&= held;
}
process.exit(allHeld ? 0 : 1);
