-- A lane's batch of odds_change messages applied in one call, so one round trip and one transaction
-- (its own statement's) instead of eight round trips (uof-one-call.ts; bench/README.md, bench:feed).
-- The feed's common case only: every message new (no key recorded), none older than its producer's
-- cursor of its event (each producer has its own clock),
-- every event listed, every market in the catalogue and in the book. Anything else answers null
-- before writing anything, and the caller applies the batch the way that handles it (uof-batch.ts).
-- Each key is claimed once and each event's cursor moved to each producer's newest message; the prices are
-- sb_uof_odds_apply's (the one home of that rule). The commit does not wait for the disk (odds only;
-- docs/sportsbook.md, "The feed's commits"). p_origin names the process that will push what changed to
-- its own streams from the commit: the notifications of this transaction carry it (notify_sports.sql),
-- so that process does not read it again; every other process reads as before.
--
-- p_events: sb_uof_odds_apply's, each event also with its messages: "msgs": [{ "k": key, "t": ts, "p": product }...].
-- Answers sb_uof_odds_apply's answer (what changed), or null when the batch was not taken.
CREATE OR REPLACE FUNCTION sb_uof_odds_batch(p_events jsonb, p_sports jsonb, p_now timestamptz, p_origin text)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_messages int;
  v_claimed int;
  v_changed jsonb;
BEGIN
  SELECT count(*) INTO v_messages FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'msgs') m;
  -- A repeat (a redelivery) is answered as a duplicate by the other path.
  IF EXISTS (SELECT 1 FROM sb_uof_messages WHERE key IN (
      SELECT m->>'k' FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'msgs') m)) THEN
    RETURN null;
  END IF;
  -- Each event's order: its cursor locked; a message older than its producer's is stale (the other path
  -- records so).
  PERFORM 1 FROM sb_uof_event_cursor
  WHERE event_urn IN (SELECT x->>'e' FROM jsonb_array_elements(p_events) x)
  ORDER BY event_urn FOR UPDATE;
  IF EXISTS (
      SELECT 1 FROM jsonb_array_elements(p_events) x
      JOIN sb_uof_event_cursor c ON c.event_urn = x->>'e'
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(x->'msgs') m
        WHERE (m->>'t')::int8 < (c.producer_ts->>(m->>'p'))::int8)) THEN
    RETURN null;
  END IF;
  -- The notifications of the writes below carry the origin (set first: statement triggers fire as each ends).
  IF p_origin IS NOT NULL THEN
    PERFORM set_config('sb.live_origin', p_origin, true);
  END IF;
  -- The prices (the markets locked in id order there); every event and market must be there, or nothing is written.
  v_changed := sb_uof_odds_apply(p_events, p_sports, p_now, true);
  IF jsonb_array_length(v_changed->'left') > 0 THEN
    RETURN null;
  END IF;

  -- The keys claimed, the cursors moved; the commit without waiting for the disk.
  WITH msgs AS (
    SELECT m->>'k' AS key, (m->>'p')::int AS product, x->>'e' AS event_urn, (m->>'t')::int8 AS ts
    FROM jsonb_array_elements(p_events) x, jsonb_array_elements(x->'msgs') m),
  newest AS (
    SELECT event_urn, jsonb_object_agg(product::text, ts) AS producer_ts
    FROM (SELECT event_urn, product, max(ts) AS ts FROM msgs GROUP BY event_urn, product) p
    GROUP BY event_urn),
  moved AS (
    INSERT INTO sb_uof_event_cursor (event_urn, producer_ts)
    SELECT event_urn, producer_ts FROM newest
    ON CONFLICT (event_urn) DO UPDATE
      SET producer_ts = sb_uof_cursor_merge(sb_uof_event_cursor.producer_ts, excluded.producer_ts), updated_at = now())
  INSERT INTO sb_uof_messages (key, kind, product, event_urn, ts, outcome)
  SELECT key, 'odds_change', product, event_urn, ts, 'applied' FROM msgs
  ON CONFLICT (key) DO NOTHING;
  GET DIAGNOSTICS v_claimed = ROW_COUNT;
  IF v_claimed <> v_messages THEN
    -- Another process claimed a key meanwhile: undone whole, the caller takes the other path.
    RAISE EXCEPTION 'sb_uof_odds_batch: a key was claimed meanwhile';
  END IF;
  PERFORM set_config('synchronous_commit', 'off', true);
  RETURN v_changed;
END $$;
