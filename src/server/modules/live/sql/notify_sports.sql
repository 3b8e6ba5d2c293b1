-- The sportsbook's prices, market states and scores changed: every process's live hub pushes the new
-- state of those events to the sports windows showing them (providers/sports/live-feed.ts). Statement
-- triggers catch every writer (the trading desk, the JSON-lines import, the demo feed, settlement);
-- a selection's liability moving with each bet is not a change a window shows, so it notifies nothing.
-- Delivered only if the transaction commits; more than 200 events at once say "every event" (null).
-- A transaction whose changes the committing process pushes to its own streams itself (the feed's
-- batch in one call, sb_uof_odds_batch) names that process (`sb.live_origin`) as "o": that process
-- skips the notification, every other one reads the events as usual.
CREATE OR REPLACE FUNCTION notify_sports() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  origin text := nullif(current_setting('sb.live_origin', true), '');
BEGIN
  IF TG_TABLE_NAME = 'sb_selections' THEN
    ids := ARRAY(
      SELECT DISTINCT m.event_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN sb_markets m ON m.id = n.market_id
      WHERE (n.price_num, n.price_den, n.open, n.name) IS DISTINCT FROM (o.price_num, o.price_den, o.open, o.name)
      ORDER BY 1);
  ELSIF TG_TABLE_NAME = 'sb_markets' THEN
    ids := ARRAY(SELECT DISTINCT event_id FROM new_rows ORDER BY 1);
  ELSE
    ids := ARRAY(SELECT DISTINCT id FROM new_rows ORDER BY 1);
  END IF;
  IF cardinality(ids) > 200 THEN
    PERFORM pg_notify(live_channel(), json_strip_nulls(json_build_object('k', 'sports', 'events', null, 'o', origin))::text);
  ELSIF cardinality(ids) > 0 THEN
    PERFORM pg_notify(live_channel(), json_strip_nulls(json_build_object('k', 'sports', 'events', to_json(ids), 'o', origin))::text);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sb_selections_notify_sports
AFTER UPDATE ON sb_selections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_sports();

CREATE OR REPLACE TRIGGER sb_markets_insert_notify_sports
AFTER INSERT ON sb_markets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_sports();

CREATE OR REPLACE TRIGGER sb_markets_update_notify_sports
AFTER UPDATE ON sb_markets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_sports();

CREATE OR REPLACE TRIGGER sb_events_notify_sports
AFTER UPDATE ON sb_events REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_sports();
