-- Generated from DEFAULT_TIME_ZONE in src/server/db/constants.ts by `npm run sql:constants`: edit that, not this file.
-- The time zone of a site whose settings name none (site_time_zone).
CREATE OR REPLACE FUNCTION default_time_zone() RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'UTC'::text
$$;
