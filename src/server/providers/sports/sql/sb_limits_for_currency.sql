-- Trigger on sites (migration 0031), after a site is added or its currency changes: the sportsbook gets a
-- platform limits row in that currency, with the default currency's amounts until the desk sets its own,
-- so a member of the new site never bets without a maximum stake.
CREATE OR REPLACE FUNCTION sb_limits_for_currency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sb_limits (scope, scope_id, currency, min_stake, max_stake, max_payout, max_liability)
  SELECT 'platform', '', NEW.currency, p.min_stake, p.max_stake, p.max_payout, p.max_liability
  FROM sb_limits p WHERE p.scope = 'platform'
  -- The default currency's row, else the oldest there is.
  ORDER BY p.currency = site_default_currency() DESC, p.id LIMIT 1
  ON CONFLICT (scope, scope_id, currency) DO NOTHING;
  RETURN NEW;
END $$;
