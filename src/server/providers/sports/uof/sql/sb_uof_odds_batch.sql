-- A lane's batch of odds_change messages applied in one call, so one round trip and one transaction
-- (its own statement's) instead of eight round trips (uof-one-call.ts; bench/README.md, bench:feed).
-- The feed's common case only: every message new (no key recorded), none older than its event's cursor,
-- every event listed, every market in the catalogue and in the book. Anything else answers false
-- before writing anything, and the caller applies the batch the way that handles it (uof-batch.ts).
-- The writes are uof-bulk-prices.ts's, message for message: each key claimed once, each event's cursor
-- moved to its newest message, the event's producer, each selection's price and activity (a price
-- move kept in sb_price_history), each market's feed status, open only while its producer is up and
-- its event takes bets, its version stepped once per change. A market nothing changed is not written.
-- The commit does not wait for the disk (odds only; docs/sportsbook.md, "The feed's commits").
--
-- p_events: one element per event, its messages folded as foldOddsChanges does (uof-batch.ts):
--   { "e": urn, "p": product of the last message, "msgs": [{ "k": key, "t": ts, "p": product }...],
--     "m": [{ "x": market external id, "id": UOF market id, "f": active in the feed,
--             "o": [{ "i": UOF outcome id, "n": price num | null, "d": price den | null, "a": active | null }] }] }
-- p_sports: the book's sport codes that are not the URN with ':' as '-' ({"football": "sr:sport:1"}).
CREATE OR REPLACE FUNCTION sb_uof_odds_batch(p_events jsonb, p_sports jsonb, p_now timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_messages int;
  v_claimed int;
  v_missing int;
BEGIN
  SELECT count(*) INTO v_messages FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'msgs') m;
  -- A repeat (a redelivery) is answered as a duplicate by the other path.
  IF EXISTS (SELECT 1 FROM sb_uof_messages WHERE key IN (
      SELECT m->>'k' FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'msgs') m)) THEN
    RETURN false;
  END IF;
  -- Each event's order: its cursor locked; a message older than it is stale (the other path records so).
  PERFORM 1 FROM sb_uof_event_cursor
  WHERE event_urn IN (SELECT x->>'e' FROM jsonb_array_elements(p_events) x)
  ORDER BY event_urn FOR UPDATE;
  IF EXISTS (
      SELECT 1 FROM jsonb_array_elements(p_events) x
      JOIN sb_uof_event_cursor c ON c.event_urn = x->>'e'
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(x->'msgs') m WHERE (m->>'t')::int8 < c.ts)) THEN
    RETURN false;
  END IF;
  -- The markets locked in id order, as a placement locks them.
  PERFORM 1 FROM sb_markets
  WHERE source = 'uof' AND external_id IN (
    SELECT m->>'x' FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'m') m)
  ORDER BY id FOR UPDATE;
  -- Every event listed and every market in the catalogue and the book (else one to open, or a note);
  -- every event has markets (the caller sends none without), so each event is counted here.
  SELECT count(*) FILTER (WHERE e.id IS NULL OR k.id IS NULL OR cat.market_id IS NULL) INTO v_missing
  FROM jsonb_array_elements(p_events) x
  CROSS JOIN jsonb_array_elements(x->'m') m
  LEFT JOIN (sb_events e JOIN sb_competitions c ON c.id = e.competition_id JOIN sb_sports s ON s.id = c.sport_id)
    ON e.source = 'uof' AND e.external_id = x->>'e'
  LEFT JOIN sb_markets k ON k.source = 'uof' AND k.external_id = m->>'x'
  LEFT JOIN sb_market_catalogue cat
    ON cat.sport = coalesce(p_sports->>s.code, replace(s.code, '-', ':')) AND cat.market_id = (m->>'id')::int;
  IF v_missing > 0 THEN
    RETURN false;
  END IF;

  -- The keys claimed, the cursors moved; the commit without waiting for the disk.
  WITH msgs AS (
    SELECT m->>'k' AS key, (m->>'p')::int AS product, x->>'e' AS event_urn, (m->>'t')::int8 AS ts
    FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'msgs') m),
  moved AS (
    INSERT INTO sb_uof_event_cursor (event_urn, ts)
    SELECT event_urn, max(ts) FROM msgs GROUP BY event_urn
    ON CONFLICT (event_urn) DO UPDATE SET ts = excluded.ts, updated_at = now()
    WHERE sb_uof_event_cursor.ts <= excluded.ts)
  INSERT INTO sb_uof_messages (key, kind, product, event_urn, ts, outcome)
  SELECT key, 'odds_change', product, event_urn, ts, 'applied' FROM msgs
  ON CONFLICT (key) DO NOTHING;
  GET DIAGNOSTICS v_claimed = ROW_COUNT;
  IF v_claimed <> v_messages THEN
    -- Another process claimed a key meanwhile: undone whole, the caller takes the other path.
    RAISE EXCEPTION 'sb_uof_odds_batch: a key was claimed meanwhile';
  END IF;
  PERFORM set_config('synchronous_commit', 'off', true);

  UPDATE sb_events e SET feed_producer = (x->>'p')::int
  FROM jsonb_array_elements(p_events) x
  WHERE e.source = 'uof' AND e.external_id = x->>'e' AND e.feed_producer IS DISTINCT FROM (x->>'p')::int;

  WITH ev AS (
    SELECT e.id, x->'m' AS markets, coalesce(p_sports->>s.code, replace(s.code, '-', ':')) AS sport,
      e.status IN ('scheduled', 'live')
        AND EXISTS (SELECT 1 FROM sb_uof_producers p WHERE p.product = (x->>'p')::int AND p.state = 'up') AS open
    FROM jsonb_array_elements(p_events) x
    JOIN sb_events e ON e.source = 'uof' AND e.external_id = x->>'e'
    JOIN sb_competitions c ON c.id = e.competition_id JOIN sb_sports s ON s.id = c.sport_id),
  mk AS (
    SELECT k.id AS market_id, m, cat.outcomes AS keys, (m->>'f')::boolean AS feed,
      CASE WHEN (m->>'f')::boolean AND ev.open THEN 'open' ELSE 'suspended' END AS status
    FROM ev CROSS JOIN jsonb_array_elements(ev.markets) m
    JOIN sb_markets k ON k.source = 'uof' AND k.external_id = m->>'x' AND k.status IN ('open', 'suspended')
    JOIN sb_market_catalogue cat ON cat.sport = ev.sport AND cat.market_id = (m->>'id')::int),
  sel AS (
    SELECT mk.market_id, co->>'key' AS key, (o->>'n')::int8 AS num, (o->>'d')::int8 AS den, (o->>'a')::boolean AS open
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
    RETURNING s.id, s.market_id, s.price_num, s.price_den,
      (o.price_num, o.price_den) IS DISTINCT FROM (s.price_num, s.price_den) AS moved),
  kept AS (
    INSERT INTO sb_price_history (selection_id, price_num, price_den, source, at)
    SELECT id, price_num, price_den, 'feed', p_now FROM changed WHERE moved ORDER BY id)
  UPDATE sb_markets k SET feed_active = mk.feed, status = mk.status,
    version = k.version + (CASE WHEN k.id IN (SELECT market_id FROM changed WHERE moved) THEN 1 ELSE 0 END)
      + (CASE WHEN k.status <> mk.status THEN 1 ELSE 0 END),
    suspended_at = CASE WHEN mk.status = 'suspended' AND k.status = 'open' THEN p_now ELSE k.suspended_at END
  FROM mk
  WHERE k.id = mk.market_id
    AND (k.id IN (SELECT market_id FROM changed WHERE moved) OR k.status <> mk.status
      OR k.feed_active IS DISTINCT FROM mk.feed);
  RETURN true;
END $$;
