-- The lobby's "popular" rail (game_plays_daily, migration 0037): each new casino or slot round is one
-- play of its game on the day it opened, counted in the statement's own transaction. A statement trigger
-- with a transition table, so a whole wallet batch costs one update per game: a statement's rounds all
-- count in one bucket, the lowest house shard of their members (house_shard(member_id)), whose advisory
-- lock the wallet's batch holds already, so two batches never share a row (one bucket per member wrote
-- about 0.5 WAL records per wallet operation, issue 34). The rail sums the buckets. Sports bets are
-- not plays of a game. An update first and an insert only for a game's first play of the day in a
-- bucket: an upsert locks the row before it updates it, a WAL record more (issue 34).
CREATE OR REPLACE FUNCTION count_game_plays() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  v_bucket int := (SELECT min(house_shard(n.member_id)) FROM new_rounds n);
BEGIN
  -- A statement that wrote no round (its trigger still runs) counts nothing.
  IF v_bucket IS NULL THEN
    RETURN NULL;
  END IF;
  WITH t AS MATERIALIZED (
    SELECT n.opened_at::date AS day, n.vendor_code, n.game_code, v_bucket AS bucket, count(*) AS plays
    FROM new_rounds n
    WHERE n.category <> 'sport'
    GROUP BY 1, 2, 3, 4
    ORDER BY 4, 1, 2, 3
  ), grown AS (
    UPDATE game_plays_daily p SET plays = p.plays + t.plays FROM t
    WHERE p.day = t.day AND p.vendor_code = t.vendor_code AND p.game_code = t.game_code AND p.bucket = t.bucket
    RETURNING p.day, p.vendor_code, p.game_code, p.bucket
  )
  INSERT INTO game_plays_daily AS p (day, vendor_code, game_code, bucket, plays)
  SELECT t.day, t.vendor_code, t.game_code, t.bucket, t.plays FROM t
  WHERE NOT EXISTS (SELECT 1 FROM grown g WHERE g.day = t.day AND g.vendor_code = t.vendor_code
                                            AND g.game_code = t.game_code AND g.bucket = t.bucket)
  ORDER BY t.bucket, t.day, t.vendor_code, t.game_code
  ON CONFLICT (day, vendor_code, game_code, bucket) DO UPDATE SET plays = p.plays + excluded.plays;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER game_rounds_count_plays
AFTER INSERT ON game_rounds REFERENCING NEW TABLE AS new_rounds
FOR EACH STATEMENT EXECUTE FUNCTION count_game_plays();
