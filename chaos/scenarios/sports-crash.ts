import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client.ts';
import { auditLedger, isLedgerSound } from '../../src/server/modules/ledger/ledger.audit.ts';
import { attempt } from '../support/calls.ts';
import { crashMarket, tradingOperator, untilAgreed } from '../support/sports-book.ts';
import { placeUntilAnswered } from '../support/sports.ts';
import type { Stack } from '../support/stack.ts';
import { preparePlayers } from '../support/workload.ts';

/** After the restart, the book must agree with the wallet by itself within this long. */
const RECOVERY_MS = 60_000;
const STAKE = 1_000;

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

async function sportsPlayers(stack: Stack, url: () => string) {
  const { players } = await preparePlayers(stack.database.db, url, 8);
  return players.filter((p) => p.sportsToken).map((p) => p.sportsToken!);
}

/**
 * `kill -9` while a market with `bets` open bets (singles on it, and doubles with a leg on another
 * match) settles, then a restart with no operator action: within a minute every bet must be settled as
 * its results say (an independent oracle: home won 1-0, so a home single returns twice its stake, the
 * others nothing; a double whose first leg lost is lost, the others wait) and paid exactly once.
 */
export async function crashDuringSettlement(stack: Stack, bets: number): Promise<boolean> {
  let server = await stack.server();
  const url = () => server.url;
  const db = stack.database.db;
  const tokens = await sportsPlayers(stack, url);
  const a = await crashMarket(db);
  const b = await crashMarket(db);
  const slips = Array.from({ length: bets }, (_, i) => {
    const first = a.selections[i % 3]!;
    return i % 4 === 3 ? [first, b.selections[0]!] : [first];
  });
  await inParallel(slips, 12, async (legs) => {
    const token = tokens[Math.floor(Math.random() * tokens.length)]!;
    const placed = await placeUntilAnswered(url, token, legs, STAKE);
    if (!placed.accepted) throw new Error(`bet ${placed.requestId} refused`);
  });
  const operator = await tradingOperator(db, url);
  const stepsSoFar = async () =>
    Number(
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sb_settlements`))[0]!.n,
    );
  // The result, and the kill once part of the market has settled.
  void attempt(
    `${url()}/api/admin/sports/markets/${a.marketId}/result`,
    { result: { kind: 'score', home: 1, away: 0 } },
    { authorization: `Bearer ${operator}`, origin: url() },
  );
  const started = Date.now();
  while ((await stepsSoFar()) < bets / 5 && Date.now() - started < 30_000) await sleep(20);
  const before = await stepsSoFar();
  await server.kill9();
  console.log(`  killed with -9 after ${before} of ${bets} settlement steps were written`);
  server = await stack.server(server.port);
  const { agreement, afterMs } = await untilAgreed(db, RECOVERY_MS);
  console.log(
    `  after the restart: book and wallet agree on ${agreement.bets - agreement.disagreeing.length} of ${agreement.bets} bets ` +
      `after ${(afterMs / 1000).toFixed(1)} s (pending ${agreement.pending}, unpaid steps ${agreement.unpaidSteps}, runs left ${agreement.unfinishedRuns}, ` +
      `running stakes per selection off ${agreement.runningStakes.length})`,
  );
  const wrong = await againstOracle(stack, a.marketId, a.selections[0]!.id);
  console.log(`  against the oracle (home won 1-0): ${wrong} bets wrong`);
  const audit = await auditLedger(db);
  console.log(`  ledger: sum ${audit.totalBalance}, drifted ${audit.driftedAccounts.length} → ${isLedgerSound(audit) ? 'SOUND' : 'BROKEN'}`);
  await server.stop();
  return (
    agreement.disagreeing.length === 0 &&
    agreement.runningStakes.length === 0 &&
    agreement.unfinishedRuns === 0 &&
    agreement.unpaidSteps === 0 &&
    afterMs <= RECOVERY_MS &&
    wrong === 0 &&
    isLedgerSound(audit)
  );
}

/** Bets whose state or return differs from what the result says, computed here without the book's code. */
async function againstOracle(stack: Stack, marketId: number, homeId: number): Promise<number> {
  const bets = await queryRows<{ id: number; status: string; settled_return: number | null; legs: number; sel: number }>(
    stack.database.db,
    sql`select b.id, b.status, b.settled_return, count(l.*)::int as legs,
          max(case when l.market_id = ${marketId} then l.selection_id end) as sel
        from sb_bets b join sb_bet_legs l on l.bet_id = b.id
        where b.id in (select bet_id from sb_bet_legs where market_id = ${marketId}) group by b.id`,
  );
  let wrong = 0;
  for (const bet of bets) {
    const homeWon = Number(bet.sel) === homeId;
    const want =
      Number(bet.legs) === 1
        ? { status: 'settled', paid: homeWon ? STAKE * 2 : 0 }
        : homeWon
          ? { status: 'open', paid: null }
          : { status: 'settled', paid: 0 };
    const paid = bet.settled_return === null ? null : Number(bet.settled_return);
    if (bet.status !== want.status || paid !== want.paid) wrong++;
  }
  return wrong;
}

/**
 * `kill -9` of the server `cycles` times while members place bets (each repeated with its request id
 * until answered, as the slip does): after the last restart, within a minute and with no operator
 * action, no bet is left pending, every bet the book acknowledged is open with its stake held, and
 * every other bet holds nothing.
 */
export async function crashDuringPlacement(stack: Stack, cycles: number): Promise<boolean> {
  let server = await stack.server();
  const url = () => server.url;
  const db = stack.database.db;
  const tokens = await sportsPlayers(stack, url);
  const m = await crashMarket(db);
  const accepted: string[] = [];
  let stop = false;
  const bettors = tokens.map(async (token) => {
    while (!stop) {
      const placed = await placeUntilAnswered(url, token, [m.selections[0]!], STAKE);
      if (placed.accepted) accepted.push(placed.requestId);
    }
  });
  for (let cycle = 1; cycle <= cycles; cycle++) {
    await sleep(700 + Math.random() * 1_300);
    await server.kill9();
    await sleep(100);
    server = await stack.server(server.port);
    console.log(`  cycle ${cycle}: killed with -9 after ${accepted.length} accepted bets, back up`);
  }
  await sleep(500);
  stop = true;
  await Promise.all(bettors);
  const { agreement, afterMs } = await untilAgreed(db, RECOVERY_MS);
  const [acked] = await queryRows<{ open: number }>(
    db,
    sql`select count(*)::int as open from sb_bets where request_id = any(${`{${accepted.join(',')}}`}::text[]) and status = 'open'`,
  );
  console.log(
    `  ${agreement.bets} bets, ${accepted.length} acknowledged (${acked!.open} of them open); after ${(afterMs / 1000).toFixed(1)} s ` +
      `pending ${agreement.pending}, disagreeing with the wallet ${agreement.disagreeing.length}, ` +
      `running stakes per selection off ${agreement.runningStakes.length}`,
  );
  const audit = await auditLedger(db);
  await server.stop();
  return (
    agreement.pending === 0 &&
    agreement.disagreeing.length === 0 &&
    agreement.runningStakes.length === 0 &&
    Number(acked!.open) === accepted.length &&
    afterMs <= RECOVERY_MS &&
    isLedgerSound(audit)
  );
}
