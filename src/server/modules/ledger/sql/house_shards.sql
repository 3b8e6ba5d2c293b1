-- Generated from HOUSE_SHARDS in src/server/db/constants.ts by `npm run sql:constants`: edit that, not this file.
-- House account rows per house kind (shards 0 to house_shards() - 1), and jackpot pool rows.
CREATE OR REPLACE FUNCTION house_shards() RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 64
$$;
