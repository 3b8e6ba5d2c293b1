import { HOUSE_SHARDS } from '../../db/constants.ts';

/**
 * The house-shard rule.
 *
 * Every house account kind (deposits, payouts, game revenue, comp expense, adjustments) is split into
 * HOUSE_SHARDS rows (migration 0001 created shards 0..63), so concurrent transfers of different members
 * do not queue on one house row. A transfer between a member and the house posts its house leg to shard
 * `member_id % HOUSE_SHARDS` of that kind: the same member always meets the same house rows, and
 * consecutive member ids spread over all shards.
 *
 * HOUSE_SHARDS is written once, in src/server/db/constants.ts. The SQL functions pick shards with
 * house_shard(member_id) (sql/house_shard.sql, generated from it); TypeScript transfers (deposits,
 * withdrawals, comp, adjustments) pick them with houseShardOf below. house-shards.test.ts checks that
 * both land on the same rows.
 */
export { HOUSE_SHARDS };

export function houseShardOf(memberId: number): number {
  if (!Number.isSafeInteger(memberId) || memberId <= 0) {
    throw new RangeError(`a house shard is picked by a member id, got ${memberId}`);
  }
  return memberId % HOUSE_SHARDS;
}
