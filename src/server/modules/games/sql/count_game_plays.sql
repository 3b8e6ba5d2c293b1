-- The lobby's "popular" rail (game_plays_daily, migration 0037): each new casino or slot round is one
-- play of its game on the day it opened, counted in the statement's own transaction. A statement trigger
-- with a transition table, so a whole wallet batch costs one upsert per game and bucket; buckets are
-- written in order (house_shard(member_id), the house shard the wallet locks first), so two batches
-- cannot deadlock on them. Sports bets are not plays of a game.
CREATE OR REPLACE FUNCTION count_game_plays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_plays_daily AS p (day, vendor_code, game_code, bucket, plays)
  SELECT n.opened_at::date, n.vendor_code, n.game_code, house_shard(n.member_id), count(*)
  FROM new_rounds n
  WHERE n.category <> 'sport'
  GROUP BY 1, 2, 3, 4
  ORDER BY 4, 1, 2, 3
  ON CONFLICT (day, vendor_code, game_code, bucket) DO UPDATE SET plays = p.plays + excluded.plays;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER game_rounds_count_plays
AFTER INSERT ON game_rounds REFERENCING NEW TABLE AS new_rounds
FOR EACH STATEMENT EXECUTE FUNCTION count_game_plays();
