import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger, fund, memberIdOf, type TransferRead } from '../../../../../test/support/money.ts';
import { prng } from '../../../../../test/support/prng.ts';
import { type TestApp, useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import {
  expectOpenRoundsListed,
  launchGame,
  noteWalletStatements,
} from '../../../../../test/support/wallet.ts';
import { queryRows } from '../../../db/client.ts';
import { seedDemo } from '../../../db/seed-demo.ts';
import { hashGameToken } from '../launch.service.ts';
import type { WalletBatchCall, WalletReply } from './wallet.batch.ts';

/**
 * The wallet's rules are written twice: call by call (wallet_bet, wallet_win, wallet_rollback) and
 * set-based (wallet_batch_fast, which takes a batch's plain bets and wins). This runs one seeded
 * random sequence of wallet calls (bets, wins, rollbacks, repeats, duplicates, refusals for balance,
 * session, status, limit and round) through both, on two databases built alike:
 *
 *   A: each batch in one call of wallet_batch, as the server sends it: its plain calls set-based;
 *   B: the same calls one by one through the one-call functions, in the order A applied them.
 *
 * Calls that arrive together have no order among them (wallet_batch applies the set-based ones first),
 * so B takes them in A's order, read from the ids A recorded them under; a call A undid (a repeat)
 * goes last. Every call must get the same reply on both, and after every batch both databases must
 * hold the same ledger: balances, transfers (key, accounts, amount, kind, reference), rounds, recorded
 * calls, jackpot shards, debts, play totals, limit hits and the dashboard's money figures.
 *
 * WALLET_DIFF_SEED and WALLET_DIFF_BATCHES replay or lengthen a run.
 */
const SEED = Number(process.env.WALLET_DIFF_SEED ?? 20_260_424);
const BATCHES = Number(process.env.WALLET_DIFF_BATCHES ?? 60);
const PROVIDER = 'house';

const SLOT = { code: 'lucky-sevens', company: 'royal-slots' }; // a jackpot game: its stakes feed the pool
const TABLE = { code: 'baccarat', company: 'royal-baccarat' };

/** Who plays: each a way a call is taken or refused. */
const PLAYERS = [
  { name: 'rich', funds: 60_000, game: SLOT, weight: 3 },
  { name: 'table', funds: 30_000, game: TABLE, weight: 3 },
  { name: 'poor', funds: 10_000, game: SLOT, weight: 2 },
  { name: 'limited', funds: 40_000, game: SLOT, weight: 1, wagerLimit: 12_000 }, // set-based path: never
  { name: 'blocked', funds: 20_000, game: TABLE, weight: 1, blocked: true },
  { name: 'gone', funds: 20_000, game: SLOT, weight: 1, loggedOut: true },
  { name: 'owing', funds: 20_000, game: TABLE, weight: 2, debt: 9_000 }, // its wins pay the debt first: call by call
] as const;

type Call =
  | { k: 'bet'; tx: string; h: string; r: string; a: number; player: number }
  | { k: 'win'; tx: string; h: string; r: string; a: number; c: boolean }
  | { k: 'rollback'; tx: string; h: string; ref: string };
/** A call before its body's hash. */
type WithoutHash<T> = T extends unknown ? Omit<T, 'h'> : never;
type Body = WithoutHash<Call>;

/** A seeded sequence of batches of calls, decided without looking at any database. */
function generate(seed: number, batches: number): Call[][] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  let n = 0;
  const id = (what: string) => `d${seed}-${what}${++n}`;
  const rounds: { r: string; player: number; closed: boolean }[] = []; // closed: as far as the sequence knows
  const history: Call[] = [];
  const notYetBet: string[] = []; // transaction ids a rollback named before their bet came
  const hash = (call: Body) => JSON.stringify(call);
  const out: Call[][] = [];
  for (let b = 0; b < batches; b++) {
    const batch: Call[] = [];
    const size = 1 + Math.floor(random() * 10);
    while (batch.length < size) {
      const roll = random();
      let call: Call;
      if (roll < 0.42) {
        const player = pick(PLAYERS.flatMap((p, i) => Array.from({ length: p.weight }, () => i)));
        const own = rounds.filter((x) => x.player === player);
        const r = own.length > 0 && chance(0.3) ? pick(own).r : id('r');
        if (!rounds.some((x) => x.r === r)) rounds.push({ r, player, closed: false });
        const tx = notYetBet.length > 0 && chance(0.25) ? notYetBet.shift()! : id('bet');
        const body = {
          k: 'bet' as const,
          tx,
          r,
          a: pick([100, 500, 1_000, 2_500, 5_000, 15_000, 45_000]),
          player,
        };
        call = { ...body, h: hash(body) };
      } else if (roll < 0.72) {
        const open = rounds.filter((x) => !x.closed);
        const round = chance(0.1) ? undefined : open.length > 0 && !chance(0.2) ? pick(open) : pick(rounds);
        const c = !chance(0.15);
        if (round && c) round.closed = true;
        const body = {
          k: 'win' as const,
          tx: id('win'),
          r: round?.r ?? id('r'),
          a: pick([0, 0, 200, 1_500, 8_000, 30_000]),
          c,
        };
        call = { ...body, h: hash(body) };
      } else if (roll < 0.84) {
        const bets = history.filter((x) => x.k === 'bet');
        let ref: string;
        if (bets.length > 0 && !chance(0.15)) ref = pick(bets).tx;
        else {
          ref = id('bet');
          notYetBet.push(ref);
        }
        const body = { k: 'rollback' as const, tx: id('rb'), ref };
        call = { ...body, h: hash(body) };
      } else if (roll < 0.94 && history.length > 0) {
        call = pick(history); // the same call again
      } else if (history.length > 0) {
        const first = pick(history); // its transaction id, another body
        const body: Body =
          first.k === 'rollback'
            ? { k: first.k, tx: first.tx, ref: id('bet') }
            : first.k === 'bet'
              ? { k: first.k, tx: first.tx, r: first.r, a: first.a + 1, player: first.player }
              : { k: first.k, tx: first.tx, r: first.r, a: first.a + 1, c: first.c };
        call = { ...body, h: hash(body) } as Call;
      } else continue;
      batch.push(call);
      history.push(call);
    }
    out.push(batch);
  }
  return out;
}

/** One of the two databases, with its players' game tokens. */
interface Side {
  t: TestApp;
  tokens: string[];
  idleMs: number;
}

const sqlstate = (error: unknown): string => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code ?? String(error);
};

/** What the server answers for an outcome of the database (wallet.service.ts, walletCall). */
async function answer(side: Side, call: Call, out: { r?: WalletReply; e?: string }): Promise<unknown> {
  if (out.r) return out.r;
  if (out.e === 'WR001' || out.e === '23505') {
    const [row] = await queryRows<{ r: WalletReply | null }>(
      side.t.db,
      sql`select wallet_stored_reply(${PROVIDER}, ${call.tx}, ${call.k}, ${call.h}) as r`,
    );
    if (row?.r) return row.r;
  }
  return { raised: out.e };
}

const batchCall = (side: Side, call: Call): WalletBatchCall =>
  call.k === 'bet'
    ? {
        k: 'bet',
        p: PROVIDER,
        tx: call.tx,
        h: call.h,
        r: call.r,
        t: side.tokens[call.player]!,
        a: call.a,
        i: side.idleMs,
      }
    : call.k === 'win'
      ? { k: 'win', p: PROVIDER, tx: call.tx, h: call.h, r: call.r, a: call.a, c: call.c }
      : { k: 'rollback', p: PROVIDER, tx: call.tx, h: call.h, ref: call.ref };

/** A: the batch in one wallet_batch call. Answers each call's reply and the order A applied them in. */
async function viaBatch(side: Side, batch: Call[]) {
  const [last] = await queryRows<{ id: number }>(
    side.t.db,
    sql`select coalesce(max(id), 0) as id from wallet_transactions`,
  );
  const [row] = await queryRows<{ r: Array<{ r?: WalletReply; e?: string }> }>(
    side.t.db,
    sql`select wallet_batch(${JSON.stringify(batch.map((call) => batchCall(side, call)))}::jsonb) as r`,
  );
  const replies = await Promise.all(batch.map((call, i) => answer(side, call, row!.r[i]!)));
  const recorded = await queryRows<{ id: number; tx_id: string; kind: string }>(
    side.t.db,
    sql`select id, tx_id, kind from wallet_transactions where id > ${last!.id} order by id`,
  );
  const at = (call: Call) =>
    recorded.find((x) => x.tx_id === call.tx && x.kind === call.k)?.id ?? Number.POSITIVE_INFINITY;
  const order = batch.map((call, i) => ({ i, at: at(call) })).sort((x, y) => x.at - y.at || x.i - y.i);
  return { replies, order: order.map((x) => x.i) };
}

/** B: each call alone through its one-call function, in the given order. */
async function oneByOne(side: Side, batch: Call[], order: number[]) {
  const replies: unknown[] = new Array(batch.length);
  for (const i of order) {
    const call = batch[i]!;
    const query =
      call.k === 'bet'
        ? sql`select wallet_bet(${PROVIDER}, ${call.tx}, ${call.h}, ${call.r}, ${side.tokens[call.player]},
                ${call.a}::int8, ${side.idleMs}::int8) as r`
        : call.k === 'win'
          ? sql`select wallet_win(${PROVIDER}, ${call.tx}, ${call.h}, ${call.r}, ${call.a}::int8, ${call.c}) as r`
          : sql`select wallet_rollback(${PROVIDER}, ${call.tx}, ${call.h}, ${call.ref}) as r`;
    let out: { r?: WalletReply; e?: string };
    try {
      out = { r: (await queryRows<{ r: WalletReply }>(side.t.db, query))[0]!.r };
    } catch (error) {
      out = { e: sqlstate(error) };
    }
    replies[i] = await answer(side, call, out);
  }
  return replies;
}

/** Everything the calls may have changed, keyed by what is the same on both databases (never a serial id). */
async function effects(side: Side) {
  const db = side.t.db;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
  // The house keeps one set of accounts per currency: its labels name the currency to stay unique.
  const accounts = await rows<{ id: number; label: string; balance: number }>(
    sql`select a.id, coalesce(m.login_id || ':' || a.kind, 'house:' || a.kind || ':' || a.shard || ':' || a.currency) as label, a.balance
        from ledger_accounts a left join members m on m.id = a.member_id order by 2`,
  );
  const label = new Map(accounts.map((a) => [a.id, a.label]));
  const transfers = await rows<TransferRead<string | null>>(
    sql`select t.idempotency_key as key, t.from_account_id as "from", t.to_account_id as "to", t.amount, t.kind,
               t.reference as ref, m.login_id as member
        from ledger_transfers t left join members m on m.id = t.member_id order by t.idempotency_key`,
  );
  // A set-based batch posts its bets' jackpot shares as one transfer, from the game revenue to the pool
  // of one of its shards; call by call, each bet posts its own in its member's shard. So the game
  // revenue and the pool compare summed over their shards, and the contributions by their sum; every
  // other balance and transfer compares one by one.
  const pooled = (l: string) => l.replace(/^(house:(?:game_revenue|jackpot_pool)):\d+:/, '$1:*:');
  const balances: Record<string, number> = {};
  for (const a of accounts) balances[pooled(a.label)] = (balances[pooled(a.label)] ?? 0) + Number(a.balance);
  const contribution = (x: { kind: string }) => x.kind === 'jackpot_contribution';
  return {
    balances,
    transfers: transfers
      .filter((x) => !contribution(x))
      .map((x) => ({ ...x, from: label.get(x.from), to: label.get(x.to) })),
    contributions: transfers.filter(contribution).reduce((sum, x) => sum + Number(x.amount), 0),
    rounds: await rows(
      sql`select r.round_id, m.login_id, r.status, r.total_bet, r.total_win, r.has_win, r.closed_at is not null as closed,
                 r.category, exists (select 1 from open_game_rounds o where o.game_round_id = r.id) as listed_open
          from game_rounds r join members m on m.id = r.member_id order by r.round_id`,
    ),
    calls: await rows(
      sql`select w.tx_id, w.kind, w.round_id, w.ref_tx_id, m.login_id, w.amount, w.request_hash, w.response, w.rolled_back
          from wallet_transactions w left join members m on m.id = w.member_id order by w.tx_id, w.kind`,
    ),
    jackpot: await rows(sql`select shard, units::text as units, staked from jackpot_shards order by shard`),
    debts: await rows(
      sql`select m.login_id, d.amount from wallet_debts d join members m on m.id = d.member_id order by 1`,
    ),
    debtEntries: await rows(
      sql`select m.login_id, e.amount, e.round_id, e.tx_id from wallet_debt_entries e
          join members m on m.id = e.member_id order by e.tx_id, e.amount`,
    ),
    playTotals: await rows(
      sql`select m.login_id, sum(p.deposits)::int8 as deposits, sum(p.stakes)::int8 as stakes, sum(p.wins)::int8 as wins
          from member_play_days p join members m on m.id = p.member_id group by 1 order by 1`,
    ),
    limitHits: await rows(
      sql`select m.login_id, e.detail - 'periodStart' as detail from protection_events e
          join members m on m.id = e.member_id where e.kind = 'limit_hit' order by 1, 2::text`,
    ),
    figures: await rows(
      // Summed over the buckets, as the dashboard and the lobby read them: a batch counts its rounds in one bucket.
      sql`select figure, sum(amount)::int8 as amount from daily_figures
          where figure in ('deposits', 'withdrawals', 'bets', 'wins') group by 1 order by 1`,
    ),
    plays: await rows(
      sql`select vendor_code, game_code, sum(plays)::int8 as plays from game_plays_daily group by 1, 2 order by 1, 2`,
    ),
  };
}

describe.runIf(backendAvailable)('the wallet’s set-based and call-by-call paths apply the same rules', () => {
  const a = useTestApp();
  const b = useTestApp();
  const sides: Side[] = [];

  beforeAll(async () => {
    // Both databases built by the same steps in the same order: the same ids, accounts and shards.
    for (const t of [a, b]) {
      await seedDemo(t.db);
      t.app.sites.invalidate();
      const tokens: string[] = [];
      for (const p of PLAYERS) {
        const { token, member } = await t.login({ id: `diff${p.name}`, nick: `diff${p.name}` });
        await fund(t, token, p.funds);
        tokens.push(hashGameToken(await launchGame(t, token, p.game)));
        const memberId = await memberIdOf(t.db, member.id);
        if ('wagerLimit' in p) {
          await queryRows(
            t.db,
            sql`insert into protection_limits (member_id, kind, period, amount) values (${memberId}, 'wager', 'day', ${p.wagerLimit})`,
          );
        }
        if ('debt' in p) {
          await queryRows(
            t.db,
            sql`insert into wallet_debts (member_id, amount) values (${memberId}, ${p.debt})`,
          );
        }
        if ('blocked' in p)
          await queryRows(t.db, sql`update members set status = 'blocked' where id = ${memberId}`);
        if ('loggedOut' in p) {
          await queryRows(t.db, sql`update sessions set revoked_at = now() where member_id = ${memberId}`);
        }
      }
      sides.push({ t, tokens, idleMs: t.config.sessionIdleMs });
    }
    // The set-based path records its calls with one statement; count the calls it took that way.
    await noteWalletStatements(
      a.db,
      'test_set_based',
      'calls int not null',
      'select count(*) from recorded having count(*) > 1',
    );
    expect(await effects(sides[0]!)).toEqual(await effects(sides[1]!));
  });

  it(`gives the same replies and the same ledger for ${BATCHES} random batches (seed ${SEED})`, async () => {
    const [sideA, sideB] = sides as [Side, Side];
    const statuses = new Map<string, number>();
    let calls = 0;
    for (const [n, batch] of generate(SEED, BATCHES).entries()) {
      const viaA = await viaBatch(sideA, batch);
      const viaB = await oneByOne(sideB, batch, viaA.order);
      const context = `seed ${SEED}, batch ${n}: ${JSON.stringify(batch)}`;
      expect(viaA.replies, context).toEqual(viaB);
      expect(await effects(sideA), context).toEqual(await effects(sideB));
      calls += batch.length;
      for (const reply of viaA.replies) {
        const r = reply as { status?: string; result?: string };
        const word = r.result ? `${r.status}/${r.result}` : (r.status ?? 'raised');
        statuses.set(word, (statuses.get(word) ?? 0) + 1);
      }
    }

    // The sequence reached every rule it is meant to compare, and the set-based path took its share.
    for (const word of [
      'success',
      'balance',
      'blocked',
      'session_expired',
      'limit',
      'round_closed',
      'round_not_found',
      'duplicate',
      'rolled_back',
      'success/refunded',
      'success/bet_not_found',
      'round_settled',
    ]) {
      expect(statuses.get(word) ?? 0, `${word} in ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
    }
    const [setBased] = await queryRows<{ calls: number }>(
      a.db,
      sql`select coalesce(sum(calls), 0)::int as calls from test_set_based`,
    );
    // A lower bound: a set-based call recorded alone looks like one call by call.
    expect(setBased!.calls, `of ${calls} calls: ${JSON.stringify([...statuses])}`).toBeGreaterThan(calls / 8);
    for (const side of sides) {
      await expectSoundLedger(side.t.db);
      await expectOpenRoundsListed(side.t.db);
    }
  }, 300_000);
});
