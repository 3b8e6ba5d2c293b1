-- Generated from RUNNING_BET_STATUSES in src/server/db/constants.ts by `npm run sql:constants`: edit that, not this file.
-- Whether a sports bet in this status is running: its stake still in play on its selections.
CREATE OR REPLACE FUNCTION sb_bet_running(p_status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status IN ('delayed', 'pending', 'open')
$$;
