/**
 * The house-shard rule, written down here once.
 *
 * Every house account kind (deposits, payouts, game revenue, comp expense, adjustments) is split into
 * HOUSE_SHARDS rows (migration 0001 creates shards 0..63), so concurrent transfers of different members
 * do not queue on one house row. A transfer between a member and the house posts its house leg to shard
 * `member_id % HOUSE_SHARDS` of that kind: the same member always meets the same house rows, and
 * consecutive member ids spread over all shards.
 *
 * The wallet's SQL functions (wallet_bet, wallet_win, wallet_rollback, wallet_batch) pick shards with
 * `(member_id % 64)::smallint`; TypeScript transfers (deposits, withdrawals, comp, adjustments) pick them
 * with houseShardOf below. house-shards.test.ts checks that both land on the same rows.
 */
export const HOUSE_SHARDS = 64;

export function houseShardOf(memberId: number): number {
  if (!Number.isSafeInteger(memberId) || memberId <= 0) {
    throw new RangeError(`a house shard is picked by a member id, got ${memberId}`);
  }
  return memberId % HOUSE_SHARDS;
}
