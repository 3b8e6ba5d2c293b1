import { type SQL, sql } from 'drizzle-orm';

/**
 * An accepted sports bet counts towards the member's active bonus (promo_wager_sports): stake × the
 * sports contribution, when the bet's price (potential return / stake) meets the bonus's minimum odds.
 * An expression of the caller's statement, once per bet, in the statement that opens it (the
 * sportsbook's `moveFromPending`): `member` an int8 member id expression, NULL for a player who is not one.
 */
export const sportsStakeCounted = (member: SQL, stake: SQL, potentialReturn: SQL): SQL =>
  sql`promo_wager_sports(${member}, ${stake}, ${potentialReturn})`;
