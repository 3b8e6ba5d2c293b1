-- The legs of a slip locked and read in one round trip (placement.service.ts lockLegs; issue 34). A
-- placement holds its markets' locks until it commits, so every round trip under them is one that
-- every other placement on the market waits for: this takes the locks and reads what the placement
-- checks under them in one call instead of two statements.
--
-- Markets first, in id order, then their selections: every placement takes them in the same order.
-- The read is a statement of its own after the locks are held, so it sees what a placement that held
-- them before committed (the liability, a price, a status), never the snapshot taken before the wait.
-- One JSON object per leg (the columns LegRow names), in market and selection order.
CREATE OR REPLACE FUNCTION sb_lock_legs(p_selections int8[], p_currency text) RETURNS SETOF jsonb
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id
  WHERE s.id = ANY (p_selections)
  ORDER BY m.id, s.id FOR UPDATE OF m, s;
  RETURN QUERY
  SELECT jsonb_build_object(
           'selection_id', s.id, 'key', s.key, 'selection_name', s.name, 'price_num', s.price_num,
           'price_den', s.price_den, 'selection_open', s.open, 'liability', coalesce(l.liability, 0),
           'market_id', m.id, 'market_status', m.status, 'market_version', m.version, 'market_name', m.name,
           'params', m.params, 'rounding', m.rounding, 'event_id', e.id, 'event_name', e.name,
           'event_status', e.status, 'starts_at', e.starts_at, 'bet_stop_at', e.bet_stop_at,
           'bet_delay_seconds', e.bet_delay_seconds, 'suspended_at', m.suspended_at,
           'score_changed_at', e.score_changed_at, 'competition_id', c.id, 'sport_id', c.sport_id)
  FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id JOIN sb_events e ON e.id = m.event_id
  JOIN sb_competitions c ON c.id = e.competition_id
  LEFT JOIN sb_selection_liability l ON l.selection_id = s.id AND l.currency = p_currency
  WHERE s.id = ANY (p_selections)
  ORDER BY m.id, s.id;
END $$;
