import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';
import { enterResult, type ResultBy } from '../../src/server/providers/sports/results.service.ts';
import {
  setEventState,
  upsertCompetition,
  upsertEvent,
  upsertMarket,
  upsertSport,
} from '../../src/server/providers/sports/trading.service.ts';
import { sportsContract } from '../../src/shared/contract/sports-api.ts';
import { type Fraction, parseFractionText } from '../../src/shared/sports/fraction.ts';
import { parsePrice } from '../../src/shared/sports/price.ts';
import { fund, memberIdOf } from './money.ts';
import { expectConforms } from './provider-api.ts';
import type { TestApp } from './test-app.ts';
import { launchGame } from './wallet.ts';

/**
 * The built-in book reaches the wallet over HTTP, as an outside book would: the test app listens on
 * a free local port and its PUBLIC_URL points there.
 */
export async function listenForWallet(t: TestApp): Promise<void> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  t.config.publicUrl = `http://127.0.0.1:${port}`;
}

/** POST /sports/api/<action>, what the sports window sends (from `ip` if given); the reply is checked against the contract. */
export async function sportsApiCall(t: TestApp, action: string, body: object, from?: { ip: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sports/api/${action}`,
    payload: body,
    ...(from ? { remoteAddress: from.ip } : {}),
  });
  expectConforms(sportsContract, action, res);
  // A placement's ticker alerts run after its reply: the tests read them as stored.
  await t.app.sportsPlacementAlerts.idle();
  return res;
}

/** A limit of the book the desk could set: what it caps, for one market, event or player. */
export type BookLimit = Partial<
  Record<'min_stake' | 'max_stake' | 'max_payout' | 'max_liability' | 'stake_factor_bp', number>
>;

/** Adds a limit row for `scope` (market, event or player) in `currency`, the site's default unless said. */
export async function addBookLimit(
  db: Db,
  scope: 'market' | 'event' | 'player',
  scopeId: number,
  limit: BookLimit,
  currency?: string,
): Promise<void> {
  const columns = Object.keys(limit);
  await db.execute(
    sql`insert into sb_limits (scope, scope_id, currency, ${sql.raw(columns.join(', '))})
        values (${scope}, ${String(scopeId)}, ${currency ?? sql`site_default_currency()`},
                ${sql.join(
                  Object.values(limit).map((v) => sql`${v}`),
                  sql`, `,
                )})`,
  );
}

/** A logged-in, funded member who opened the sportsbook: the game token is what the book holds. */
export async function sportsPlayer(t: TestApp, funds = 1_000_000) {
  const { token, member } = await t.login();
  if (funds > 0) await fund(t, token, funds);
  const gameToken = await launchGame(t, token, { code: 'sportsbook', company: 'royal-sports' });
  return { token, loginId: member.id, memberId: await memberIdOf(t.db, member.id), gameToken };
}

/** A member's currency (their site's): the one their bets, limits and liability are in. */
export async function memberCurrency(t: TestApp, memberId: number): Promise<string> {
  const [row] = await queryRows<{ currency: string }>(
    t.db,
    sql`select s.currency from members m join sites s on s.id = m.site_id where m.id = ${memberId}`,
  );
  return row!.currency;
}

export type FootballEventOptions = { prices?: [string, string, string]; live?: boolean; startsInMs?: number };

let events = 0;
/**
 * A football event with a 1X2 market (decimal prices home, draw, away), starting tomorrow unless
 * said otherwise; `live` puts it in play (started a minute ago).
 */
export async function footballEvent(db: Db, opts: FootballEventOptions = {}) {
  events += 1;
  const n = `${process.pid % 1000}-${events}`;
  const sportId = await upsertSport(db, 'football', 'Football');
  const competitionId = await upsertCompetition(db, sportId, `Test League ${n} [DEMO]`);
  const startsAt = new Date(Date.now() + (opts.live ? -60_000 : (opts.startsInMs ?? 86_400_000)));
  const eventId = await upsertEvent(db, {
    competitionId,
    name: `Home ${n} v Away ${n}`,
    home: `Home ${n}`,
    away: `Away ${n}`,
    startsAt,
  });
  if (opts.live) await setEventState(db, eventId, { status: 'live', score: { home: 0, away: 0 } });
  const [home, draw, away] = opts.prices ?? ['2.0', '3.4', '4.2'];
  const price = (text: string) => parsePrice(text, 'decimal')!;
  const marketId = await upsertMarket(db, {
    eventId,
    type: '1x2',
    name: 'Match result',
    selections: [
      { key: 'home', name: 'Home', price: price(home) },
      { key: 'draw', name: 'Draw', price: price(draw) },
      { key: 'away', name: 'Away', price: price(away) },
    ],
  });
  return { eventId, marketId };
}

/** An event's selections as the book lists them, keyed `<market type>:<selection key>`. */
export async function selectionsOf(
  t: TestApp,
  eventId: number,
): Promise<Record<string, { id: number; price: string }>> {
  const res = await sportsApiCall(t, 'events', { eventId });
  const out: Record<string, { id: number; price: string }> = {};
  for (const event of res.json().events as {
    markets: { type: string; selections: { id: number; key: string; price: string }[] }[];
  }[]) {
    for (const m of event.markets) for (const s of m.selections) out[`${m.type}:${s.key}`] = s;
  }
  return out;
}

/**
 * A bettor with `funds` who placed a single (10,000) on `pick` of a fresh football event priced
 * `prices`: the bettor, the event's ids and selections, and the book's reply to the bet.
 */
export async function footballBet(
  t: TestApp,
  opts: { funds?: number; prices?: [string, string, string]; pick?: 'home' | 'draw' | 'away' } = {},
) {
  const p = await sportsPlayer(t, opts.funds);
  const { eventId, marketId } = await footballEvent(t.db, { prices: opts.prices });
  const s = await selectionsOf(t, eventId);
  const bet = (await placeSingle(t, p.gameToken, s[`1x2:${opts.pick ?? 'home'}`]!)).json();
  return { p, eventId, marketId, s, bet };
}

/** A football score entered as a market's result: it settles the market's bets unless a second operator must confirm it. */
export const enterScore = (
  t: TestApp,
  marketId: number,
  home: number,
  away: number,
  by: ResultBy = { source: 'test' },
) => enterResult(t.db, t.app.sportsWallet, marketId, { kind: 'score', home, away }, by);

/** A fresh slip id (the placement's idempotency key). */
export const slipId = () => `slip-${randomUUID()}`;

/** A price as the book sends it (num/den). */
export const priceOf = (text: string): Fraction => parseFractionText(text)!;

export type Selection = { id: number; price: string };
/** What a slip may set beyond its legs; unsaid, a fresh slip id, a stake of 10,000 and no price change. */
export type SlipOptions = {
  unitStake?: number;
  priceChange?: 'none' | 'better' | 'any';
  requestId?: string;
  [field: string]: unknown;
};

/** A slip on these selections at their offered prices (a single for one, else a multiple), as the window sends it. */
export const placeSlip = (t: TestApp, gameToken: string, legs: Selection[], opts: SlipOptions = {}) =>
  sportsApiCall(t, 'place', {
    token: gameToken,
    requestId: slipId(),
    kind: legs.length === 1 ? 'single' : 'multiple',
    unitStake: 10_000,
    priceChange: 'none',
    legs: legs.map((l) => ({ selectionId: l.id, price: l.price })),
    ...opts,
  });

/** A single at the offered price, no price change accepted: the plain placement most tests make. */
export const placeSingle = (t: TestApp, gameToken: string, selection: Selection, unitStake = 10_000) =>
  placeSlip(t, gameToken, [selection], { unitStake });
