import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { demoFeedTick } from '../../src/server/providers/sports/demo/demo-feed.ts';
import type { SportsWallet } from '../../src/server/providers/sports/sports-wallet.ts';
import { attempt, type Reply, untilAnswered } from './calls.ts';

// The book's platform minimum stake (sports settings).
const STAKE = 1000;

/** Lists the demo feed's matches once, so there is something to bet on (nothing settles during a run). */
export async function listDemoMatches(db: Db) {
  const noWallet = new Proxy({} as SportsWallet, {
    get() {
      throw new Error('the chaos load settles nothing');
    },
  });
  return demoFeedTick(db, noWallet, new Date());
}

/** Selections of matches not started yet (a live bet waits its delay and is confirmed separately). */
export async function prematchSelections(url: string): Promise<{ id: number; price: string }[]> {
  const events = await untilAnswered(
    () => attempt(`${url}/sports/api/events`, { limit: 50 }),
    (r) => r.status === 200,
    'sports events',
  );
  const list = events.json.events as {
    status: string;
    markets: { status: string; selections: { id: number; price: string; open: boolean }[] }[];
  }[];
  return list
    .filter((e) => e.status === 'scheduled')
    .flatMap((e) => e.markets.filter((m) => m.status === 'open'))
    .flatMap((m) => m.selections.filter((s) => s.open).map((s) => ({ id: s.id, price: s.price })));
}

/**
 * One single bet through the sportsbook's own API, repeated with the same request id until
 * answered. Returns the stake the wallet took (0 when the book refused the bet).
 */
export async function sportsBet(
  url: () => string,
  token: string,
  selection: { id: number; price: string },
): Promise<{ stake: number; requestId: string }> {
  const placed = await placeUntilAnswered(url, token, [selection], STAKE);
  return { stake: placed.accepted ? STAKE : 0, requestId: placed.requestId };
}

/** A bet placed through the sports window's API, repeated with its request id until answered. */
export async function placeUntilAnswered(
  url: () => string,
  token: string,
  legs: { id: number; price: string }[],
  stake: number,
): Promise<{ requestId: string; accepted: boolean }> {
  const requestId = `chaos-${randomBytes(8).toString('hex')}`;
  const body = {
    token,
    requestId,
    kind: legs.length === 1 ? 'single' : 'multiple',
    unitStake: stake,
    priceChange: 'any',
    legs: legs.map((l) => ({ selectionId: l.id, price: l.price })),
  };
  const reply: Reply = await untilAnswered(
    () => attempt(`${url()}/sports/api/place`, body),
    (r) => r.status === 200 || r.status === 409,
    `sports bet ${requestId}`,
  );
  return { requestId, accepted: reply.status === 200 };
}
