-- The lobby's "popular" rail (game_plays_daily, migration 0037): each new casino or slot round is one
-- play of its game on the day it opened, counted in the statement's own transaction. A statement trigger
-- with a transition table, so a whole wallet batch costs one upsert per game and bucket; buckets are
-- written in order (house_shard(member_id), the house shard the wallet locks first), so two batches
-- cannot deadlock on them. Sports bets are not plays of a game. An update first and an insert only for
-- a game's first play of the day in a bucket: an upsert locks the row before it updates it, a WAL record
-- more (issue 34).
CREATE OR REPLACE FUNCTION count_game_plays() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  WITH t AS MATERIALIZED (
    SELECT n.opened_at::date AS day, n.vendor_code, n.game_code, house_shard(n.member_id) AS bucket, count(*) AS plays
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
