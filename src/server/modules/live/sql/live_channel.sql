-- Generated from LIVE_CHANNEL in src/server/db/constants.ts by `npm run sql:constants`: edit that, not this file.
-- The NOTIFY channel of live updates, which every process LISTENs on (modules/live).
CREATE OR REPLACE FUNCTION live_channel() RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'casino_live'::text
$$;
