-- Generated from HOUSE_SHARDS in src/server/db/constants.ts by `npm run sql:constants`: edit that, not this file.
-- A member's house shard: the row of each house kind their transfers post to (houseShardOf in TypeScript).
CREATE OR REPLACE FUNCTION house_shard(p_member bigint) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (p_member % 64)::smallint
$$;
