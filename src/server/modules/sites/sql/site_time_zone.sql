-- A site's time zone: its settings' `timezone`, or default_time_zone() when unset or empty (siteTimeZone
-- in modules/sites/site-settings.ts is the same rule for TypeScript). One expression, so the planner
-- inlines it into the query that calls it (wallet_batch_fast joins the sites of a whole batch).
CREATE OR REPLACE FUNCTION site_time_zone(p_settings jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(p_settings ->> 'timezone', ''), default_time_zone())
$$;
