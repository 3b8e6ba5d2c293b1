/**
 * npm run chaos [-- kill | postgres | two-servers] — fault tests on a real PostgreSQL (fsync on), run by
 * hand: each prints what it did and ends with the money check (every acknowledged call applied once),
 * the ledger audit and the audit-chain check. Exits non-zero if any invariant broke.
 */
import { resetTally } from './support/calls.ts';
import { killServer } from './scenarios/kill-server.ts';
import { restartPostgres } from './scenarios/restart-postgres.ts';
import { twoServers } from './scenarios/two-servers.ts';

const CYCLES = Number(process.env.CHAOS_CYCLES ?? 20);
const scenarios: Record<string, [string, () => Promise<boolean>]> = {
  kill: [`kill -9 of the server under load, ${CYCLES} cycles`, () => killServer(CYCLES)],
  postgres: ['PostgreSQL restarted under load', restartPostgres],
  'two-servers': ['two servers behind a balancer, one killed mid-load', twoServers],
};
const chosen = process.argv.slice(2).filter((a) => a in scenarios);
let allHeld = true;
for (const name of chosen.length ? chosen : Object.keys(scenarios)) {
  const [title, run] = scenarios[name]!;
  console.log(`\n== ${title}`);
  resetTally();
  const started = Date.now();
  const held = await run();
  console.log(`  → ${held ? 'INVARIANTS HELD' : 'INVARIANTS BROKEN'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  allHeld &&= held;
}
process.exit(allHeld ? 0 : 1);
