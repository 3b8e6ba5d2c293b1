-- Generated from CASHBACK_ORPHAN_DAYS in src/server/db/constants.ts by `npm run sql:constants`: edit that, not this file.
-- How long a round stays open before cashback counts it as an orphan its provider never closed.
CREATE OR REPLACE FUNCTION cashback_orphan_age() RETURNS interval LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT make_interval(days => 7)
$$;
