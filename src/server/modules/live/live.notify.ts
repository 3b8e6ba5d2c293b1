import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { LIVE_CHANNEL } from '../../db/constants.ts';

/** The one PostgreSQL channel every server process listens on (live.hub.ts); live_channel() in SQL. */
export { LIVE_CHANNEL };

/** What changed. Small on purpose: each process re-reads the state for its own streams. */
export type LiveEvent =
  /** These members' balances, counts or session changed. */
  | { k: 'members'; ids: number[] }
  /** A change that may concern every member (a note to a level or to everyone). */
  | { k: 'everyone' }
  /** Operators' queues changed (the back office's pending badge). */
  | { k: 'operators' }
  /** The progressive jackpot was paid or reseeded (contributions ride on the wallet's `members` events). */
  | { k: 'jackpot' }
  /**
   * The sportsbook's prices, markets or scores of these events changed (null or absent: of any event);
   * see sql/notify_sports.sql. `o`: the process that pushes this change to its own streams itself.
   */
  | { k: 'sports'; events?: number[] | null; o?: string }
  /** A sports bet was placed or changed state (the trading desk's ticker); see sql/notify_bets.sql. */
  | { k: 'bets' };

/**
 * Tells every process's live hub that something changed. Inside a transaction PostgreSQL delivers
 * the notification only if and when it commits, so a stream never shows a change that was undone.
 */
export async function notifyLive(db: DbOrTx, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

export function notifyMembers(db: DbOrTx, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  return unique.length === 0 ? Promise.resolve() : notifyLive(db, { k: 'members', ids: unique });
}

/**
 * What a committed transaction changed in the sportsbook's prices, as the feed's batch answers it
 * (sb_uof_odds_apply): the markets written (status, version) and the selections written (price as
 * num/den, open), each with its event. The process that committed hands it to its own live hub
 * (LiveHub.sportsCommitted), which pushes it without reading the events again.
 */
export interface SportsCommitted {
  markets: { id: number; e: number; st: string; v: number }[];
  selections: { id: number; m: number; e: number; n: number; d: number; o: boolean }[];
}
