/**
 * Constants that both the TypeScript and the SQL functions need, each written once, here. SQL reads
 * each one through a function generated from this file (sql-constants.ts: `npm run sql:constants`
 * writes those files, and sql-constants.unit.test.ts fails while one is out of date). Never write
 * one of these values as a literal in SQL or TypeScript. The versioned migrations are history and
 * keep the literals they were written with (0001 and 0010 created shards 0 to 63).
 */

/**
 * House account rows per house kind, and jackpot pool rows: a member's house leg goes to shard
 * member id mod HOUSE_SHARDS (houseShardOf in TypeScript, house_shard() in SQL). Changing it needs a
 * migration that adds the rows and moves the balances.
 */
export const HOUSE_SHARDS = 64;

/** A site's time zone when its settings name none (siteTimeZone in TypeScript, site_time_zone() in SQL). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The PostgreSQL NOTIFY channel of live updates (modules/live; live_channel() in SQL). */
export const LIVE_CHANNEL = 'casino_live';

/**
 * A sports bet in these states is running: its stake is in play on its selections, so it counts towards
 * the member's maximum stake per selection and the book's liability (RUNNING_BET in TypeScript,
 * sb_bet_running() in SQL). Every other state (settled, void, refused, cashed_out) has ended.
 */
export const RUNNING_BET_STATUSES = ['delayed', 'pending', 'open'] as const;

/**
 * The provider prefix of the debt a deposit's chargeback leaves (`payment:<payment provider code>`;
 * no game provider's code has a colon): its collection goes back to the house's deposits account
 * (PAYMENT_REVERSAL_PREFIX in TypeScript, payment_reversal_debt() in SQL).
 */
export const PAYMENT_REVERSAL_PREFIX = 'payment:';

/**
 * A round left open this many days is an orphan its provider never closed: a period's cashback is
 * decided without waiting for it (it counts only as a win), and its late result, when one comes,
 * queues that decision's recompute (cashback_orphan_age() in SQL: promo_cashback_net, wallet_win,
 * wallet_batch_fast, wallet_jackpot).
 */
export const CASHBACK_ORPHAN_DAYS = 7;
