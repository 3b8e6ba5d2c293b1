import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { attempt, type Reply, untilAnswered } from '../../chaos/support/calls.ts';
import { crashMarket, tradingOperator } from '../../chaos/support/sports-book.ts';
import type { Stack } from '../../chaos/support/stack.ts';
import { preparePlayers } from '../../chaos/support/workload.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { setEventState } from '../../src/server/providers/sports/trading.service.ts';

/**
 * A model of the sportsbook for model-based tests: random sequences of what bettors (bets, live bets,
 * cash-outs whole or in part), traders and crashes do, sent to a real server process over HTTP, and an oracle that knows only what the model
 * sent (prices, results, voids) and computes each bet's due state and return with its own arithmetic.
 */
export type Op =
  | { k: 'place'; player: number; markets: number[]; sels: number[]; stake: number }
  | { k: 'live'; player: number; sel: number; goal: boolean; confirms: number }
  | { k: 'result'; m: number; home: number; away: number; crash: boolean }
  | { k: 'correct'; m: number; home: number; away: number; crash: boolean }
  | { k: 'voidMarket'; m: number }
  | { k: 'unsettle'; m: number }
  | { k: 'cancelWindow'; m: number }
  | { k: 'cancelEvent'; m: number }
  | { k: 'break'; player: number }
  | { k: 'cashout'; n: number; whole: boolean }
  | { k: 'crash' };

/** Pre-match markets per run (one event each) and the live one, the last. */
const MARKETS = 4;
const LIVE = MARKETS;
const PLAYERS = 3;

const goals = fc.integer({ min: 0, max: 3 });
const market = fc.integer({ min: 0, max: MARKETS });
export const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        player: fc.integer({ min: 0, max: PLAYERS - 1 }),
        markets: fc.uniqueArray(fc.integer({ min: 0, max: MARKETS - 1 }), { minLength: 1, maxLength: 3 }),
        sels: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 3 }),
        stake: fc.integer({ min: 1_000, max: 5_000 }),
      })
      .map((r) => ({ k: 'place' as const, ...r })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        player: fc.integer({ min: 0, max: PLAYERS - 1 }),
        sel: fc.integer({ min: 0, max: 2 }),
        goal: fc.boolean(),
        confirms: fc.integer({ min: 1, max: 4 }),
      })
      .map((r) => ({ k: 'live' as const, ...r })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        m: market,
        home: goals,
        away: goals,
        crash: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      })
      .map((r) => ({ k: 'result' as const, ...r })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        m: market,
        home: goals,
        away: goals,
        crash: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      })
      .map((r) => ({ k: 'correct' as const, ...r })),
  },
  { weight: 1, arbitrary: market.map((m) => ({ k: 'voidMarket' as const, m })) },
  { weight: 1, arbitrary: market.map((m) => ({ k: 'unsettle' as const, m })) },
  { weight: 1, arbitrary: market.map((m) => ({ k: 'cancelWindow' as const, m })) },
  { weight: 1, arbitrary: market.map((m) => ({ k: 'cancelEvent' as const, m })) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: PLAYERS - 1 }).map((player) => ({ k: 'break' as const, player })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ n: fc.nat(), whole: fc.boolean() }).map((r) => ({ k: 'cashout' as const, ...r })),
  },
  { weight: 1, arbitrary: fc.constant({ k: 'crash' as const }) },
);

type Result = { home: number; away: number } | 'void' | null;
interface ModelMarket {
  marketId: number;
  eventId: number;
  selections: { id: number; price: string }[];
  result: Result;
  cancelled: boolean;
}
interface ModelBet {
  requestId: string;
  betId?: number;
  player: number;
  legs: { m: number; sel: number; void: boolean }[];
  stake: number;
  accepted: boolean;
  /** Cash-outs in force, as the book answered them (a void of a leg takes them back). */
  cashouts: { part: number; paid: number; whole: boolean }[];
}

/**
 * One run of a sequence against the stack's server: answers what went wrong while it ran (answers
 * that disagree), and the oracle's check, to call once the book has finished its work.
 */
export async function runSequence(
  stack: Stack,
  server: { current: Awaited<ReturnType<Stack['server']>> },
  ops: Op[],
): Promise<{ problems: string[]; oracle: () => Promise<string[]> }> {
  const db = stack.database.db;
  const url = () => server.current.url;
  const problems: string[] = [];
  const players = (await preparePlayers(db, url, PLAYERS * 4)).players.filter((p) => p.sportsToken);
  const operator = await tradingOperator(db, url);
  const markets: ModelMarket[] = [];
  for (let i = 0; i <= MARKETS; i++) {
    const m = await crashMarket(db);
    markets.push({ ...m, result: null, cancelled: false });
  }
  await setEventState(db, markets[LIVE]!.eventId, { status: 'live', score: { home: 0, away: 0 } });
  const bets: ModelBet[] = [];
  // What the sequence exercised, printed with it: a run with no cash-out checks none of their rules.
  const tally = { cashouts: 0, takenBack: 0 };
  const onBreak = new Set<number>();
  let requests = 0;
  let goalsScored = 0;
  const post = (path: string, body: object, token?: string): Promise<Reply> =>
    untilAnswered(
      () =>
        attempt(`${url()}${path}`, body, {
          origin: url(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        }),
      (r) => r.status < 500,
      path,
    );
  const desk = (path: string, body: object) => post(`/api/admin/sports/${path}`, body, operator);
  await desk('settings', { betDelaySeconds: 1, confirmResults: false });
  const hasResult = (m: number) => markets[m]!.result !== null;

  for (const op of ops) {
    switch (op.k) {
      case 'place': {
        const legs = op.markets.map((m, i) => ({ m, sel: op.sels[i]!, void: false }));
        const requestId = `model-${process.pid}-${++requests}-${Date.now()}`;
        const reply = await post('/sports/api/place', {
          token: players[op.player]!.sportsToken,
          requestId,
          kind: legs.length === 1 ? 'single' : 'multiple',
          unitStake: op.stake,
          priceChange: 'none',
          legs: legs.map((l) => ({
            selectionId: markets[l.m]!.selections[l.sel]!.id,
            price: markets[l.m]!.selections[l.sel]!.price,
          })),
        });
        bets.push({
          requestId,
          betId: reply.json.betId as number | undefined,
          player: op.player,
          legs,
          stake: op.stake,
          accepted: reply.status === 200,
          cashouts: [],
        });
        break;
      }
      case 'live': {
        const live = markets[LIVE]!;
        const requestId = `model-live-${process.pid}-${++requests}-${Date.now()}`;
        const token = players[op.player]!.sportsToken;
        const placed = await post('/sports/api/place', {
          token,
          requestId,
          kind: 'single',
          unitStake: 1_000,
          priceChange: 'none',
          legs: [{ selectionId: live.selections[op.sel]!.id, price: live.selections[op.sel]!.price }],
        });
        const bet: ModelBet = {
          requestId,
          player: op.player,
          legs: [{ m: LIVE, sel: op.sel, void: false }],
          stake: 1_000,
          accepted: false,
          cashouts: [],
        };
        bets.push(bet);
        if (placed.status !== 202) {
          bet.accepted = placed.status === 200;
          bet.betId = placed.json.betId as number | undefined;
          break;
        }
        bet.betId = placed.json.betId as number;
        if (op.goal) {
          // A new score each time: the same score again is no goal.
          goalsScored += 1;
          const score = { home: goalsScored, away: 0 };
          await desk(`events/${live.eventId}/state`, { score });
        }
        await sleep(1_100);
        const answers = await Promise.all(
          Array.from({ length: op.confirms }, () => post('/sports/api/confirm', { token, betId: bet.betId })),
        );
        const statuses = new Set(answers.map((a) => a.json.status));
        if (statuses.size !== 1)
          problems.push(`bet ${bet.betId}: concurrent confirmations answered ${[...statuses]}`);
        bet.accepted = answers[0]!.json.status === 'success';
        if (op.goal && bet.accepted)
          problems.push(`bet ${bet.betId}: accepted although a goal came during its delay`);
        break;
      }
      case 'result':
      case 'correct': {
        const m = markets[op.m]!;
        const path = `/api/admin/sports/markets/${m.marketId}/${op.k}`;
        const body = { result: { kind: 'score', home: op.home, away: op.away }, reason: 'model correction' };
        if (!op.crash) {
          const reply = await desk(path.replace('/api/admin/sports/', ''), body);
          if (reply.status === 200) m.result = { home: op.home, away: op.away };
          break;
        }
        // A crash while the result settles: whether it was recorded, the book says after the restart.
        void attempt(`${url()}${path}`, body, { origin: url(), authorization: `Bearer ${operator}` });
        await sleep(Math.random() * 150);
        await server.current.kill9();
        server.current = await stack.server(server.current.port);
        const [row] = await queryRows<{ result: { kind: string; home?: number; away?: number } | null }>(
          db,
          sql`select result from sb_markets where id = ${m.marketId}`,
        );
        if (row?.result?.kind === 'score' && row.result.home === op.home && row.result.away === op.away)
          m.result = { home: op.home, away: op.away };
        break;
      }
      case 'voidMarket': {
        const path = hasResult(op.m) ? 'correct' : 'result';
        const reply = await desk(`markets/${markets[op.m]!.marketId}/${path}`, {
          result: { kind: 'void' },
          reason: 'model void',
        });
        if (reply.status === 200) markets[op.m]!.result = 'void';
        break;
      }
      case 'unsettle': {
        const reply = await desk(`markets/${markets[op.m]!.marketId}/unsettle`, { reason: 'model unsettle' });
        if (reply.status === 200) markets[op.m]!.result = null;
        break;
      }
      case 'cancelWindow': {
        const reply = await desk(`events/${markets[op.m]!.eventId}/cancel-window`, {
          from: new Date(Date.now() - 3_600_000).toISOString(),
          to: new Date(Date.now() + 60_000).toISOString(),
          reason: 'model past-posting',
        });
        if (reply.status === 200)
          for (const bet of bets) {
            const newly = bet.legs.filter((leg) => leg.m === op.m && !leg.void);
            for (const leg of newly) leg.void = true;
            // A void of one of its legs takes back every cash-out of the bet.
            if (newly.length > 0 && bet.cashouts.length > 0) tally.takenBack += 1;
            if (newly.length > 0) bet.cashouts = [];
          }
        break;
      }
      case 'cancelEvent': {
        const reply = await desk(`events/${markets[op.m]!.eventId}/state`, { status: 'cancelled' });
        if (reply.status === 200) {
          const m = markets[op.m]!;
          m.cancelled = true;
          if (m.result === null) m.result = 'void';
        }
        break;
      }
      case 'break': {
        if (onBreak.has(op.player)) break;
        const reply = await post(
          '/api/routes/set-protection',
          { kind: 'break', days: 1, confirm: true },
          players[op.player]!.session,
        );
        if (reply.status !== 200) break;
        onBreak.add(op.player);
        // Only bets none of whose legs has a result (or a void) yet are cancelled: every leg void.
        // A bet cashed out whole is no longer open; a partial cash-out stands.
        for (const bet of bets)
          if (
            bet.player === op.player &&
            bet.accepted &&
            !bet.cashouts.some((c) => c.whole) &&
            bet.legs.every((l) => !l.void && !hasResult(l.m))
          )
            for (const leg of bet.legs) leg.void = true;
        break;
      }
      case 'cashout': {
        const open = bets.filter((b) => b.accepted && b.betId && due(b, markets).status === 'open');
        const bet = open[op.n % Math.max(1, open.length)];
        if (!bet) break;
        const token = players[bet.player]!.sportsToken;
        const offer = await post('/sports/api/cashoutOffer', { token, betId: bet.betId });
        if (offer.status !== 200) break;
        const stake = offer.json.stake as number;
        const part = op.whole || stake < 2 ? stake : Math.floor(stake / 2);
        const body = { token, betId: bet.betId, offerId: offer.json.offerId, part, minAmount: 0 };
        let taken = await post('/sports/api/cashout', body);
        // A leg in play: the book's bet delay (1 s here), then the same call decides.
        if (taken.status === 202) {
          await sleep(1_100);
          taken = await post('/sports/api/cashout', body);
        }
        if (taken.status === 200) tally.cashouts += 1;
        if (taken.status === 200)
          bet.cashouts.push({
            part,
            paid: taken.json.paid as number,
            whole: taken.json.bet === 'cashed_out',
          });
        break;
      }
      case 'crash': {
        await server.current.kill9();
        server.current = await stack.server(server.current.port);
        break;
      }
    }
  }
  process.stdout.write(
    `sports model: ${bets.length} bets, ${tally.cashouts} cash-outs, ${tally.takenBack} taken back by a cancel window\n`,
  );
  return { problems, oracle: () => checkAgainstOracle(stack, markets, bets) };
}

const frac = (text: string): [bigint, bigint] => {
  const [n, d] = text.split('/');
  return [BigInt(n!), BigInt(d!)];
};

/**
 * What a bet is due from the model's own knowledge: open, or settled/void with its return, or cashed
 * out; a partial cash-out leaves the rest of the stake to settle.
 */
function due(bet: ModelBet, markets: ModelMarket[]): { status: string; paid: number | null } {
  if (!bet.accepted) return { status: 'refused', paid: null };
  const whole = bet.cashouts.find((c) => c.whole);
  if (whole) return { status: 'cashed_out', paid: whole.paid };
  let num = BigInt(bet.stake - bet.cashouts.reduce((sum, c) => sum + c.part, 0));
  let den = 1n;
  let unknown = false;
  let lost = false;
  for (const leg of bet.legs) {
    const m = markets[leg.m]!;
    if (leg.void || m.result === 'void') continue;
    if (m.result === null) {
      unknown = true;
      continue;
    }
    const winner = m.result.home > m.result.away ? 0 : m.result.home === m.result.away ? 1 : 2;
    if (winner !== leg.sel) lost = true;
    const [pn, pd] = frac(m.selections[leg.sel]!.price);
    num *= pn;
    den *= pd;
  }
  if (lost) return { status: 'settled', paid: 0 };
  if (unknown) return { status: 'open', paid: null };
  const allVoid = bet.legs.every((l) => l.void || markets[l.m]!.result === 'void');
  return { status: allVoid ? 'void' : 'settled', paid: Number(num / den) };
}

async function checkAgainstOracle(stack: Stack, markets: ModelMarket[], bets: ModelBet[]): Promise<string[]> {
  const problems: string[] = [];
  const rows = await queryRows<{
    request_id: string;
    status: string;
    settled_return: number | null;
    held: number | null;
    won: number | null;
  }>(
    stack.database.db,
    sql`select b.request_id, b.status, b.settled_return, r.total_bet as held, r.total_win as won
        from sb_bets b left join game_rounds r on r.provider = 'sports' and r.round_id = 'sb-' || b.id
        where b.request_id = any(${`{${bets.map((b) => b.requestId).join(',')}}`}::text[])`,
  );
  const byRequest = new Map(rows.map((r) => [r.request_id, r]));
  for (const bet of bets) {
    const want = due(bet, markets);
    const row = byRequest.get(bet.requestId);
    if (!row) {
      if (bet.accepted) problems.push(`${bet.requestId}: accepted but not in the book`);
      continue;
    }
    const paid = row.settled_return === null ? null : Number(row.settled_return);
    const held = Number(row.held ?? 0);
    const won = Number(row.won ?? 0);
    const wantHeld = want.status === 'refused' ? 0 : bet.stake;
    // The partial cash-outs in force were paid beside the settlement (or the whole cash-out).
    const partials = bet.cashouts.filter((c) => !c.whole).reduce((sum, c) => sum + c.paid, 0);
    const wantWon = (want.paid ?? 0) + partials;
    if (
      row.status !== want.status ||
      (want.status !== 'open' && want.status !== 'refused' && paid !== want.paid)
    )
      problems.push(
        `${bet.requestId}: book ${row.status} ${paid}, oracle ${want.status} ${want.paid} (${JSON.stringify(bet.legs)})`,
      );
    if (held !== wantHeld || won !== wantWon)
      problems.push(
        `${bet.requestId}: wallet holds ${held} and paid ${won}, oracle ${wantHeld} and ${wantWon}`,
      );
  }
  return problems;
}
