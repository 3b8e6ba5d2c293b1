import { inject } from 'vitest';
import { currentCode, DEMO_OPERATOR } from './operator.ts';

export type TraderCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) => Promise<Record<string, unknown>>;

/** A trader of the back office, signed in through its API with a Bearer token (as a script would). */
export async function signInTrader(login: string): Promise<TraderCall> {
  const base = inject('baseUrl');
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: DEMO_OPERATOR.password, otp: currentCode(), bearer: true }),
  });
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error(`trader ${login} could not sign in (${res.status})`);
  return bearerCall(base, token);
}

/** Calls of the back office's API with an operator's Bearer token; a 4xx or 5xx throws with its reply. */
export function bearerCall(base: string, token: string): TraderCall {
  return async (method, path, body) => {
    const reply = await fetch(`${base}/api/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await reply.json()) as Record<string, unknown>;
    if (reply.status >= 400) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Puts a member at `level` through the back office (campaigns offered to one level): their id. */
export async function memberAtLevel(admin: TraderCall, loginId: string, level: number): Promise<number> {
  const found = (await admin('GET', `/members?q=${loginId}`)).members as { id: number; loginId: string }[];
  const { id } = found.find((m) => m.loginId === loginId)!;
  await admin('POST', `/members/${id}/level`, { level });
  return id;
}

export interface TradedEvent {
  id: number;
  name: string;
  marketId: number;
  selections: Record<'home' | 'draw' | 'away', number>;
  /** When it starts (ISO): a day filter's test needs its day in the site's zone. */
  startsAt: string;
}

/**
 * Football matches of this test alone, made by the trader's JSON-lines upload (the book's documented
 * feed): each with a 1X2 market at the given decimal prices, starting in an hour unless live.
 */
export async function tradeMatches(
  call: TraderCall,
  tag: string,
  matches: { home: string; away: string; prices: [string, string, string]; live?: boolean }[],
): Promise<TradedEvent[]> {
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  const lines = matches.flatMap((m, i) => [
    {
      type: 'fixture',
      source: 'e2e',
      id: `${tag}-${i}`,
      seq: 1,
      sport: 'football',
      sportName: 'Football',
      competition: `E2E League ${tag} [DEMO]`,
      competitionId: `${tag}`,
      name: `${m.home} v ${m.away}`,
      home: m.home,
      away: m.away,
      startsAt: m.live ? new Date(Date.now() - 600_000).toISOString() : startsAt,
      ...(m.live ? { status: 'live', score: { home: 0, away: 0, clock: "10'" } } : {}),
    },
    {
      type: 'market',
      source: 'e2e',
      id: `${tag}-${i}-1x2`,
      seq: 1,
      event: `${tag}-${i}`,
      marketType: '1x2',
      name: 'Match result',
      selections: (['home', 'draw', 'away'] as const).map((key, k) => ({
        key,
        name: key,
        price: m.prices[k],
        format: 'decimal',
      })),
    },
  ]);
  const imported = await call('POST', '/sports/feed', {
    lines: lines.map((l) => JSON.stringify(l)).join('\n'),
  });
  if ((imported.errors as unknown[]).length) throw new Error(JSON.stringify(imported.errors));
  const listed = (await (
    await fetch(`${inject('baseUrl')}/sports/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 200 }),
    })
  ).json()) as {
    events: {
      id: number;
      name: string;
      competition: string;
      markets: { id: number; selections: { id: number; key: string }[] }[];
    }[];
  };
  return matches.map((m) => {
    // By name within this call's own competition: another test file may trade the same teams.
    const e = listed.events.find(
      (x) => x.name === `${m.home} v ${m.away}` && x.competition === `E2E League ${tag} [DEMO]`,
    );
    if (!e) throw new Error(`match ${m.home} v ${m.away} not listed`);
    const market = e.markets[0]!;
    const sel = (key: string) => market.selections.find((s) => s.key === key)!.id;
    return {
      id: e.id,
      name: e.name,
      marketId: market.id,
      selections: { home: sel('home'), draw: sel('draw'), away: sel('away') },
      startsAt: m.live ? new Date(Date.now() - 600_000).toISOString() : startsAt,
    };
  });
}

/**
 * A finding of the book's reconciler, written by the test-only operator desk as the reconciler writes
 * it (a listed one open, a repaired one resolved at once): answers its id.
 */
export async function recordFinding(finding: {
  betId: number;
  kind: string;
  detail: object;
  repaired?: boolean;
}): Promise<number> {
  const res = await fetch(`${inject('operatorUrl')}/sports-finding`, {
    method: 'POST',
    body: JSON.stringify(finding),
  });
  if (res.status !== 200) throw new Error(`finding not recorded: ${await res.text()}`);
  return ((await res.json()) as { findingId: number }).findingId;
}

/** A call to the sports window's API (/sports/api/<action>), as the window sends it. */
export async function sportsCall(action: string, body: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${inject('baseUrl')}/sports/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** A member's bet through the sports window's API at the listed prices (a single, or a multiple of them). */
export async function placeBet(
  gameToken: string,
  selectionIds: number[],
  unitStake = 10_000,
): Promise<number> {
  const { events } = (await sportsCall('events', { limit: 200 })) as {
    events: { markets: { selections: { id: number; price: string }[] }[] }[];
  };
  const prices = new Map(
    events.flatMap((e) => e.markets.flatMap((m) => m.selections.map((s) => [s.id, s.price] as const))),
  );
  const bet = await sportsCall('place', {
    token: gameToken,
    requestId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    kind: selectionIds.length === 1 ? 'single' : 'multiple',
    unitStake,
    priceChange: 'none',
    legs: selectionIds.map((id) => ({ selectionId: id, price: prices.get(id) })),
  });
  if (bet.status !== 'success') throw new Error(JSON.stringify(bet));
  return bet.betId as number;
}
