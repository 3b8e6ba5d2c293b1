-- The one home of the feed's set-based price rule: a batch's price moves on events and markets the
-- book already has, each event's messages folded into one (foldOddsChanges, in the caller). Called by
-- sb_uof_odds_batch (the batch in one call, uof-one-call.ts) and, inside the batch's transaction, by
-- the path that claimed the keys itself (uof-bulk-prices.ts, uof-batch.ts).
-- The markets are locked in id order, as a placement locks them, then their selections. An event is left to the caller
-- (named in "left", nothing of it written) when it is not listed or one of its markets is not in the
-- catalogue or not in the book (a market to open, a note to make: the one-by-one path does it). With
-- p_whole, any event left means nothing is written at all.
-- For each event taken: each market's producer (the message's); each selection's price and activity in one write (a price move
-- kept in sb_price_history; an outcome a settlement in part decided stays closed); each market's feed status, open only while its producer is up and its
-- event takes bets, its version stepped once for a price move and once for a change of status. A
-- market nothing changed is not written (an odds_change repeating the book's prices costs no row).
--
-- p_events: one element per event, { "e": urn, "p": product of the last message,
--   "m": [{ "x": market external id, "id": UOF market id, "p": product of the last message pricing it, "f": active in the feed,
--           "h": true when handed over (status -2; left alone when another producer prices the market),
--           "o": [{ "i": UOF outcome id, "n": price num | null, "d": price den | null, "a": active | null }] }] }
-- p_sports: the book's sport codes that are not the URN with ':' as '-' ({"football": "sr:sport:1"}).
-- Answers { "left": [urn...], "markets": [{ "id", "e", "st", "v" }...], "selections": [{ "id", "m", "e",
-- "n", "d", "o" }...] }: the events left, and what it changed as the listing shows it (event ids are
-- the book's), so the process that commits can push it to the streams without reading it again.
CREATE OR REPLACE FUNCTION sb_uof_odds_apply(p_events jsonb, p_sports jsonb, p_now timestamptz, p_whole boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_left jsonb;
  v_markets jsonb;
  v_selections jsonb;
BEGIN
  PERFORM 1 FROM sb_markets
  WHERE source = 'uof' AND external_id IN (
    SELECT m->>'x' FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'m') m)
  ORDER BY id FOR UPDATE;
  -- Then their selections, in the book's lock order (liability.ts): the update below takes them in its
  -- plan's order, and a settlement holding one of them in order could wait on it the other way round.
  PERFORM 1 FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id
  WHERE m.source = 'uof' AND m.external_id IN (
    SELECT m->>'x' FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'m') m)
  ORDER BY s.market_id, s.id FOR UPDATE OF s;
  SELECT coalesce(jsonb_agg(DISTINCT x->>'e'), '[]') INTO v_left
  FROM jsonb_array_elements(p_events) x
  CROSS JOIN jsonb_array_elements(x->'m') m
  LEFT JOIN (sb_events e JOIN sb_competitions c ON c.id = e.competition_id JOIN sb_sports s ON s.id = c.sport_id)
    ON e.source = 'uof' AND e.external_id = x->>'e'
  LEFT JOIN sb_markets k ON k.source = 'uof' AND k.external_id = m->>'x'
  LEFT JOIN sb_market_catalogue cat
    ON cat.sport = coalesce(p_sports->>s.code, replace(s.code, '-', ':')) AND cat.market_id = (m->>'id')::int
  WHERE e.id IS NULL OR k.id IS NULL OR cat.market_id IS NULL;
  IF p_whole AND jsonb_array_length(v_left) > 0 THEN
    RETURN jsonb_build_object('left', v_left, 'markets', '[]'::jsonb, 'selections', '[]'::jsonb);
  END IF;

  WITH ev AS (
    SELECT e.id, x->'m' AS markets, coalesce(p_sports->>s.code, replace(s.code, '-', ':')) AS sport,
      e.status IN ('scheduled', 'live') AS takes_bets
    FROM jsonb_array_elements(p_events) x
    JOIN sb_events e ON e.source = 'uof' AND e.external_id = x->>'e'
    JOIN sb_competitions c ON c.id = e.competition_id JOIN sb_sports s ON s.id = c.sport_id
    WHERE NOT v_left ? (x->>'e')),
  mk AS (
    SELECT k.id AS market_id, ev.id AS event_id, m, cat.outcomes AS keys, (m->>'f')::boolean AS feed,
      (m->>'p')::int AS producer,
      -- A result entered or a correction proposed waits for a second operator with the market suspended.
      CASE WHEN (m->>'f')::boolean AND ev.takes_bets
        AND EXISTS (SELECT 1 FROM sb_uof_producers p WHERE p.product = (m->>'p')::int AND p.state = 'up')
        AND k.result_state <> 'entered' AND k.proposed_result IS NULL
        THEN 'open' ELSE 'suspended' END AS status,
      -- The outcomes a settlement in part already decided: they stay closed whatever the feed says.
      CASE WHEN k.result_state = 'confirmed' AND k.result->>'kind' = 'outcomes' THEN k.result->'outcomes'
        ELSE '[]'::jsonb END AS settled
    FROM ev CROSS JOIN jsonb_array_elements(ev.markets) m
    JOIN sb_markets k ON k.source = 'uof' AND k.external_id = m->>'x' AND k.status IN ('open', 'suspended')
    JOIN sb_market_catalogue cat ON cat.sport = ev.sport AND cat.market_id = (m->>'id')::int
    -- Handed over by a producer while the other one already prices it: nothing to write.
    WHERE NOT (m ? 'h' AND k.feed_producer IS NOT NULL AND k.feed_producer <> (m->>'p')::int)),
  sel AS (
    SELECT mk.market_id, mk.event_id, co->>'key' AS key, (o->>'n')::int8 AS num, (o->>'d')::int8 AS den,
      (o->>'a')::boolean AND NOT mk.settled @> jsonb_build_array(jsonb_build_object('key', co->>'key')) AS open
    FROM mk CROSS JOIN jsonb_array_elements(mk.m->'o') o
    JOIN jsonb_array_elements(mk.keys) co ON co->>'id' = o->>'i'),
  -- Prices and activity in one write per selection; `o` is the row before it, to tell a price move.
  changed AS (
    UPDATE sb_selections s SET
      price_num = coalesce(sel.num, s.price_num), price_den = coalesce(sel.den, s.price_den),
      open = coalesce(sel.open, s.open)
    FROM sel JOIN sb_selections o ON o.market_id = sel.market_id AND o.key = sel.key
    WHERE s.id = o.id
      AND ((sel.num IS NOT NULL AND (o.price_num, o.price_den) IS DISTINCT FROM (sel.num, sel.den))
        OR (sel.open IS NOT NULL AND o.open IS DISTINCT FROM sel.open))
    RETURNING s.id, s.market_id, sel.event_id, s.price_num, s.price_den, s.open,
      (o.price_num, o.price_den) IS DISTINCT FROM (s.price_num, s.price_den) AS moved),
  kept AS (
    INSERT INTO sb_price_history (selection_id, price_num, price_den, source, at)
    SELECT id, price_num, price_den, 'feed', p_now FROM changed WHERE moved ORDER BY id),
  written AS (
    UPDATE sb_markets k SET feed_active = mk.feed, feed_producer = mk.producer, status = mk.status,
      version = k.version + (CASE WHEN k.id IN (SELECT market_id FROM changed WHERE moved) THEN 1 ELSE 0 END)
        + (CASE WHEN k.status <> mk.status THEN 1 ELSE 0 END),
      suspended_at = CASE WHEN mk.status = 'suspended' AND k.status = 'open' THEN p_now ELSE k.suspended_at END
    FROM mk
    WHERE k.id = mk.market_id
      AND (k.id IN (SELECT market_id FROM changed WHERE moved) OR k.status <> mk.status
        OR k.feed_active IS DISTINCT FROM mk.feed OR k.feed_producer IS DISTINCT FROM mk.producer)
    RETURNING k.id, k.event_id, k.status, k.version)
  SELECT
    (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'e', event_id, 'st', status, 'v', version)), '[]') FROM written),
    (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'm', market_id, 'e', event_id, 'n', price_num,
       'd', price_den, 'o', open)), '[]') FROM changed)
  INTO v_markets, v_selections;
  RETURN jsonb_build_object('left', v_left, 'markets', v_markets, 'selections', v_selections);
END $$;
