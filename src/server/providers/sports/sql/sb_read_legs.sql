-- What a placement checks about a slip's legs (placement.service.ts, LegRow): one JSON object per leg,
-- in market and selection order, with its selection's liability in the member's currency. Read without
-- locks before a placement takes its markets' (the checks then run outside the lock, issue 34), and
-- again by sb_lock_legs once they are held.
-- `result_known`: the market has a result that decides this selection, confirmed or still waiting for a
-- second operator (entered, or proposed as a correction): no bet is taken on it whatever its status and
-- its selection's `open` say (a feed's odds reopen a market the desk's waiting result suspended; a
-- market a feed settled in part trades on). The same rule as settlement.service.ts SELECTION_RESULT_KNOWN.
CREATE OR REPLACE FUNCTION sb_read_legs(p_selections int8[], p_currency text) RETURNS SETOF jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
           'selection_id', s.id, 'key', s.key, 'selection_name', s.name, 'price_num', s.price_num,
           'price_den', s.price_den, 'selection_open', s.open, 'liability', coalesce(l.liability, 0),
           'market_id', m.id, 'market_status', m.status, 'market_version', m.version, 'market_name', m.name,
           'params', m.params, 'rounding', m.rounding, 'event_id', e.id, 'event_name', e.name,
           'event_status', e.status, 'starts_at', e.starts_at, 'bet_stop_at', e.bet_stop_at,
           'bet_delay_seconds', e.bet_delay_seconds, 'suspended_at', m.suspended_at,
           'score_changed_at', e.score_changed_at, 'competition_id', c.id, 'sport_id', c.sport_id,
           'result_known',
             (m.result_state <> 'none' AND (m.result->>'kind' IS DISTINCT FROM 'outcomes'
               OR m.result->'outcomes' @> jsonb_build_array(jsonb_build_object('key', s.key))))
             OR (m.proposed_result IS NOT NULL AND (m.proposed_result->>'kind' IS DISTINCT FROM 'outcomes'
               OR m.proposed_result->'outcomes' @> jsonb_build_array(jsonb_build_object('key', s.key)))))
  FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id JOIN sb_events e ON e.id = m.event_id
  JOIN sb_competitions c ON c.id = e.competition_id
  LEFT JOIN sb_selection_liability l ON l.selection_id = s.id AND l.currency = p_currency
  WHERE s.id = ANY (p_selections)
  ORDER BY m.id, s.id
$$;
