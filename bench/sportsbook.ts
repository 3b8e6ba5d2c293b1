/**
 * npm run bench:sportsbook — the built-in book on a real PostgreSQL (fsync on). Concurrent clients
 * place singles and doubles over HTTP (/sports/api/place, each stake a signed wallet bet) for
 * BENCH_PLACE_SECONDS (20), every one with a leg on one big event; more singles are then written
 * straight into the book (stakes still through the wallet) until BENCH_BETS (100,000) are open, and
 * the big event's result settles them all (each a signed wallet win). Then bench:wallet's bet+win load runs on the same
 * cluster for comparison. The result is entered in this process and its wins paid over the wallet's
 * HTTP API (the book with a wallet on another host); with BENCH_SETTLE=desk it goes to the server's
 * trading desk instead, where the built-in wallet pays in process. With BENCH_KILL=1 it goes to the
 * desk, the server is killed with -9 part-way through the settlement and restarted, and the run
 * measures how long until the book has settled every bet by itself, each paid once. Prints bets placed/s, bets settled/s and settled/s ÷ wallet operations/s
 * (target ≥ 0.8), and checks that the money moved: the ledger is sound and every bet's net postings
 * equal its settlement.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { tradingOperator } from '../chaos/support/sports-book.ts';
import { openDatabase, queryRows } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/db/seed-demo.ts';
import { auditLedger, isLedgerSound } from '../src/server/modules/ledger/ledger.audit.ts';
import { enterResult } from '../src/server/providers/sports/results.service.ts';
import { sportsWallet } from '../src/server/providers/sports/sports-wallet.ts';
import {
  upsertCompetition,
  upsertEvent,
  upsertMarket,
  upsertSport,
} from '../src/server/providers/sports/trading.service.ts';
import { walletOverHttp } from '../src/server/providers/wallet-caller.ts';
import { parsePrice } from '../src/shared/sports/price.ts';
import { startPgCluster } from '../test/support/pg-cluster.ts';
import { cpuWindow, printCpuSplit } from './support/cpu-split.ts';
import { fundedPlayer } from './support/players.ts';
import { figuresOf, printFigures } from './support/report.ts';
import { startServer } from './support/server.ts';
import { topUpOpenBets } from './support/sports-topup.ts';
import { statementCosts } from './support/statement-costs.ts';
import { sampleWaits } from './support/wait-sampler.ts';
import { walletLoad } from './support/wallet-load.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const BETS = Number(process.env.BENCH_BETS ?? 100_000);
const PLACE_SECONDS = Number(process.env.BENCH_PLACE_SECONDS ?? 20);
const WALLET_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PLAYERS = 64;
const OTHER_EVENTS = 10;
const HOUSE_SECRET = randomBytes(32).toString('hex');
const SPORTS_SECRET = randomBytes(32).toString('hex');

const cluster = process.env.BENCH_DATABASE_URL
  ? undefined
  : await startPgCluster({ fsync: true, maxConnections: 200, sharedBuffers: '256MB' });
const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = '/bench_sportsbook';
  return url.toString();
})();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('drop database if exists bench_sportsbook');
await admin.query('create database bench_sportsbook');
await admin.end();

const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 8 });
await migrate(database);
await seedDemo(database.db);
const db = database.db;
const KILL = process.env.BENCH_KILL === '1';
/** The result entered on the server's desk (its wallet in process), not in this process over HTTP. */
const ON_DESK = KILL || process.env.BENCH_SETTLE === 'desk';
const serverEnv = {
  DATABASE_URL: dbUrl,
  HOUSE_WALLET_SECRET: HOUSE_SECRET,
  SPORTS_WALLET_SECRET: SPORTS_SECRET,
  DB_POOL_SIZE: String(Math.max(10, CLIENTS)),
};
const port = 3900 + Math.floor(Math.random() * 90);
let server = await startServer(serverEnv, port);

try {
  console.log(`preparing ${PLAYERS} funded players...`);
  const sportsTokens: string[] = [];
  const sportsPlayers: { memberId: number; gameToken: string }[] = [];
  const slotTokens: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const player = await fundedPlayer(db, server.url, `sports${i}`);
    sportsTokens.push(await player.gameToken('sportsbook', 'royal-sports'));
    sportsPlayers.push({ memberId: player.memberId, gameToken: sportsTokens.at(-1)! });
    slotTokens.push(await player.gameToken('lucky-sevens', 'royal-slots'));
  }
  // No limit stands in the way of the load (the platform's default liability cap would).
  await db.execute(sql`delete from sb_limits`);

  console.log('creating events...');
  const sportId = await upsertSport(db, 'football', 'Football');
  const competitionId = await upsertCompetition(db, sportId, 'Bench League [DEMO]');
  const price = (text: string) => parsePrice(text, 'decimal')!;
  const event = async (n: number) => {
    const eventId = await upsertEvent(db, {
      competitionId,
      name: `Bench Home ${n} v Bench Away ${n}`,
      startsAt: new Date(Date.now() + 86_400_000),
    });
    const marketId = await upsertMarket(db, {
      eventId,
      type: '1x2',
      name: 'Match result',
      selections: [
        { key: 'home', name: 'Home', price: price('2.10') },
        { key: 'draw', name: 'Draw', price: price('3.40') },
        { key: 'away', name: 'Away', price: price('3.60') },
      ],
    });
    const selections = await queryRows<{ id: number; key: string }>(
      db,
      sql`select id, key from sb_selections where market_id = ${marketId} order by sort_order`,
    );
    return { marketId, selections: selections.map((s) => ({ id: Number(s.id), price: '' })) };
  };
  const big = await event(0);
  const others: Awaited<ReturnType<typeof event>>[] = [];
  for (let n = 1; n <= OTHER_EVENTS; n++) others.push(await event(n));

  // Placement: each connection is one player; three singles on the big event for every double.
  let connection = 0;
  let placed = 0;
  // BENCH_WAITS=1: what the database's backends wait for while the placements run.
  const waits = process.env.BENCH_WAITS === '1' ? sampleWaits(db) : undefined;
  // BENCH_STATEMENTS=1 (a cluster with pg_stat_statements, BENCH_DATABASE_URL): the placements' statements.
  const statements = process.env.BENCH_STATEMENTS === '1' ? await statementCosts(db) : undefined;
  const started = Date.now();
  const placingCpu = cpuWindow();
  const loadBefore = loadavg()[0]!;
  const placing = await autocannon({
    url: server.url,
    connections: CLIENTS,
    duration: PLACE_SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/sports/api/place',
        setupRequest: (req, context) => {
          const ctx = context as { token?: string; seq?: number };
          ctx.token ??= sportsTokens[connection++ % sportsTokens.length];
          ctx.seq = (ctx.seq ?? 0) + 1;
          const first = big.selections[ctx.seq % 3]!;
          const legs = [{ selectionId: first.id, price: '21/10' }];
          if (ctx.seq % 4 === 0) {
            const other = others[ctx.seq % others.length]!.selections[(ctx.seq >> 2) % 3]!;
            legs.push({ selectionId: other.id, price: '21/10' });
          }
          const body = JSON.stringify({
            token: ctx.token,
            requestId: `bench-${randomBytes(8).toString('hex')}`,
            kind: legs.length === 1 ? 'single' : 'multiple',
            unitStake: 1_000,
            priceChange: 'any',
            legs,
          });
          return { ...req, body, headers: { 'content-type': 'application/json' } };
        },
        onResponse: (status) => {
          if (status === 200) placed++;
        },
      },
    ],
  });
  const placeSeconds = (Date.now() - started) / 1000;
  // Where the CPU went per placement: this cluster's backends (its postmaster's children), the server.
  const placingSplit = placingCpu.end(
    placed,
    { 'server (Node)': server.pid, 'load generator (autocannon)': process.pid },
    undefined,
    await postmasterOf(db),
  );
  const loadAfter = loadavg()[0]!;
  await waits?.stop('placements');
  await statements?.stop('placements', placed);
  const placement = figuresOf(`sports placements (${CLIENTS} clients)`, placing);

  // The other events' results first (nothing settles: every bet waits for the big event), then the big one.
  const wallet = sportsWallet(walletOverHttp(() => server.url, SPORTS_SECRET, 'sports'));
  console.log(`bringing the big event to ${BETS} open bets (stakes through the wallet)...`);
  await topUpOpenBets(db, wallet, { target: BETS, marketId: big.marketId, players: sportsPlayers });
  for (const o of others)
    await enterResult(db, wallet, o.marketId, { kind: 'score', home: 1, away: 0 }, { source: 'bench' });
  const [open] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sb_bets where status = 'open'`,
  );
  console.log(
    `settling an event with ${open!.n} open bets${ON_DESK ? " on the server's desk" : ''}${KILL ? ', killing the server part-way' : ''}...`,
  );
  const settleStart = Date.now();
  let settled: number;
  if (ON_DESK) {
    settled = await settleOnTheDesk(big.marketId);
  } else {
    const result = await enterResult(
      db,
      wallet,
      big.marketId,
      { kind: 'score', home: 2, away: 1 },
      { source: 'bench' },
    );
    settled = result.ok ? result.settled : 0;
  }
  const settleSeconds = (Date.now() - settleStart) / 1000;

  console.log(`running bench:wallet's load for ${WALLET_SECONDS} s on the same cluster...`);
  const walletRun = await walletLoad({
    url: server.url,
    secret: HOUSE_SECRET,
    gameTokens: slotTokens,
    clients: CLIENTS,
    seconds: WALLET_SECONDS,
  }).run;
  const walletFigures = figuresOf(`wallet bet/win (${CLIENTS} clients)`, walletRun);

  // The money moved: per bet, the member's net postings equal what its settlement says.
  const [unpaid] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sb_settlements where not paid`,
  );
  const mismatches = await queryRows<{ id: number }>(
    db,
    sql`with moves as (
          select t.reference ->> 'roundId' as round_id,
                 sum(case when a_to.member_id is not null and a_to.kind = 'cash' then t.amount
                   when a_from.member_id is not null and a_from.kind = 'cash' then -t.amount else 0 end) as net
          from ledger_transfers t
          join ledger_accounts a_from on a_from.id = t.from_account_id
          join ledger_accounts a_to on a_to.id = t.to_account_id
          where t.reference ->> 'provider' = 'sports' group by 1)
        select b.id from sb_bets b left join moves m on m.round_id = 'sb-' || b.id
        where (case b.status when 'settled' then b.settled_return - b.total_stake when 'open' then -b.total_stake else 0 end)
              <> coalesce(m.net, 0)`,
  );
  const audit = await auditLedger(db);

  printFigures([placement, walletFigures]);
  printCpuSplit('\nplacements', placingSplit);
  console.log(
    `load average (1 min) before / after the placements: ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}`,
  );
  console.log(
    `placements/s ÷ wallet operations/s = ${(placed / placeSeconds).toFixed(0)} / ${walletFigures.requestsPerSecond.toFixed(0)} = ${(placed / placeSeconds / walletFigures.requestsPerSecond).toFixed(2)} (target ≥ 0.5); placement p99 ${placement.p99} ms (target < 100)`,
  );
  const placedPerSecond = placed / placeSeconds;
  const settledPerSecond = settled / settleSeconds;
  const ratio = settledPerSecond / walletFigures.requestsPerSecond;
  console.log(
    `\nbets placed: ${placed} in ${placeSeconds.toFixed(1)} s = ${placedPerSecond.toFixed(0)} bets/s`,
  );
  console.log(
    `bets settled: ${settled} in ${settleSeconds.toFixed(1)} s = ${settledPerSecond.toFixed(0)} bets/s`,
  );
  console.log(
    `settled/s ÷ wallet operations/s = ${settledPerSecond.toFixed(0)} / ${walletFigures.requestsPerSecond.toFixed(0)} = ${ratio.toFixed(2)} (target ≥ 0.8)`,
  );
  const sound = isLedgerSound(audit) && unpaid!.n === 0 && mismatches.length === 0;
  console.log(
    `money: ${unpaid!.n} settlement steps unpaid, ${mismatches.length} bets whose postings differ from their settlement; ledger ${audit.transfers} transfers, drifted ${audit.driftedAccounts.length}, negative ${audit.negativeMemberAccounts} → ${sound ? 'SOUND' : 'BROKEN'}`,
  );
  if (placement.non2xx > 0 || placement.errors > 0)
    console.log(`placement: ${placement.non2xx} non-2xx replies, ${placement.errors} errors`);
  const [paidTwice] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sb_bets b join game_rounds r on r.provider = 'sports' and r.round_id = 'sb-' || b.id
        where b.status in ('settled', 'void') and r.total_win <> b.settled_return`,
  );
  console.log(
    `bets whose wallet round paid other than their settlement (a double payment would show): ${paidTwice!.n}`,
  );
  const fastEnough = settleSeconds <= 40;
  console.log(
    `settlement of ${settled} bets took ${settleSeconds.toFixed(1)} s (target ≤ 40 s${ON_DESK ? ", on the server's desk" : ''}${KILL ? ', crash and restart included' : ''})`,
  );
  process.exitCode =
    sound && paidTwice!.n === 0 && settled === open!.n && (KILL || (ratio >= 0.8 && fastEnough)) ? 0 : 1;
} finally {
  await server.stop();
  await database.close();
  cluster?.stop();
}

/**
 * BENCH_SETTLE=desk or BENCH_KILL=1: the result through the server's desk; with BENCH_KILL, a kill -9 once
 * a tenth of the bets have their step and a restart on the same port. Then the wait until the book has
 * no run, no unpaid step and no open bet on the market left. Answers the bets settled on the market.
 */
async function settleOnTheDesk(marketId: number): Promise<number> {
  const operator = await tradingOperator(db, () => server.url);
  const steps = async () =>
    Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sb_settlements`))[0]!.n);
  const before = await steps();
  void fetch(`${server.url}/api/admin/sports/markets/${marketId}/result`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}`, origin: server.url },
    body: JSON.stringify({ result: { kind: 'score', home: 2, away: 1 } }),
  }).catch(() => undefined);
  if (KILL) {
    while ((await steps()) - before < BETS / 10) await new Promise((r) => setTimeout(r, 50));
    await server.kill9();
    console.log(`  killed with -9 after ${(await steps()) - before} settlement steps`);
    server = await startServer(serverEnv, port);
  }
  for (;;) {
    const [left] = await queryRows<{ open: number; unpaid: number; runs: number }>(
      db,
      sql`select (select count(*)::int from sb_bet_legs l join sb_bets b on b.id = l.bet_id
                  where l.market_id = ${marketId} and b.status = 'open') as open,
                 (select count(*)::int from sb_settlements where not paid) as unpaid,
                 (select count(*)::int from sb_settlement_runs where done_at is null) as runs`,
    );
    if (left!.open === 0 && left!.unpaid === 0 && left!.runs === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const [done] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sb_bet_legs l join sb_bets b on b.id = l.bet_id
        where l.market_id = ${marketId} and b.status in ('settled', 'void')`,
  );
  return Number(done!.n);
}

/** This cluster's postmaster: the parent of one of its backends (the machine may run other clusters). */
async function postmasterOf(db: typeof database.db): Promise<number> {
  const [row] = await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
  const stat = readFileSync(`/proc/${row!.pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
