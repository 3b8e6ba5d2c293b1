-- sb_uof_odds_batch now answers the prices it changed (jsonb, for the push from the commit) instead of
-- a boolean, and takes the pushing process's origin: its old signature is dropped, the loader
-- (sql-functions.ts) creates the new one from its file.
DROP FUNCTION IF EXISTS sb_uof_odds_batch(jsonb, jsonb, timestamptz);
