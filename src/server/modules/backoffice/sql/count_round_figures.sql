-- The dashboard's bets and wins per day (daily_figures, migration 0015): the change in each round's
-- total_bet and total_win, counted on the day the round opened, in the statement's own transaction.
-- Statement triggers with transition tables, so a set-based write (a whole wallet batch) costs one
-- update per figure, not one per row: a statement's rows all count in one bucket, the lowest house shard
-- of their members (house_shard(member_id)). The wallet's batch holds that shard's advisory lock
-- already, so two batches never share a bucket row, and each row a bucket less is a WAL record less per
-- batch (issue 34: one bucket per member wrote about 0.7 records per wallet operation). The dashboard
-- sums the buckets. In the currency of the member's site (migration 0032): the dashboard never adds two
-- currencies. Counted on the day of the member's site, in its time zone (migration 0084): the
-- dashboard's today is each site's own.
-- An update of the day's rows first, in bucket order (the rows reached by their key from the ordered
-- set: index look-ups and nested loops only), and an insert only for a bucket's first figure of the
-- day: an upsert (ON CONFLICT DO UPDATE) locks the row before it updates it, a WAL record more per row
-- and batch (issue 34).
-- Both triggers gather their changes (an update's new rows, and its old rows with their amounts negated)
-- into one array of round_change rows (migration 0054; the round's opening time since 0084), and one
-- statement adds them up. A generic plan: the array is a parameter, and a custom plan would be planned
-- again for every statement.
CREATE OR REPLACE FUNCTION count_round_figures() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  changes round_change[];
  v_bucket int := (SELECT min(house_shard(n.member_id)) FROM new_rounds n);
BEGIN
  -- A statement that wrote no round (its trigger still runs) counts nothing.
  IF v_bucket IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(SELECT (n.opened_at, n.member_id, n.total_bet, n.total_win)::round_change FROM new_rounds n);
  ELSE
    changes := ARRAY(
      SELECT (n.opened_at, n.member_id, n.total_bet, n.total_win)::round_change FROM new_rounds n
      UNION ALL
      SELECT (o.opened_at, o.member_id, -o.total_bet, -o.total_win)::round_change FROM old_rounds o
    );
  END IF;
  WITH t AS MATERIALIZED (
    SELECT k.figure, (c.opened_at AT TIME ZONE site_time_zone(s.settings))::date AS day, v_bucket AS bucket,
           s.currency, s.id AS site_id, sum(CASE WHEN k.figure = 'bets' THEN c.bet ELSE c.win END) AS amount
    FROM unnest(changes) c JOIN members m ON m.id = c.member_id JOIN sites s ON s.id = m.site_id
    CROSS JOIN (VALUES ('bets'), ('wins')) AS k(figure)
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(CASE WHEN k.figure = 'bets' THEN c.bet ELSE c.win END) <> 0
    ORDER BY 3, 4, 1, 2, 5
  ), grown AS (
    UPDATE daily_figures f SET amount = f.amount + t.amount FROM t
    WHERE f.figure = t.figure AND f.day = t.day AND f.bucket = t.bucket AND f.currency = t.currency
      AND f.site_id = t.site_id
    RETURNING f.figure, f.day, f.bucket, f.currency, f.site_id
  )
  INSERT INTO daily_figures AS f (figure, day, bucket, currency, site_id, amount)
  SELECT t.figure, t.day, t.bucket, t.currency, t.site_id, t.amount FROM t
  WHERE NOT EXISTS (SELECT 1 FROM grown g WHERE g.figure = t.figure AND g.day = t.day AND g.bucket = t.bucket
                                            AND g.currency = t.currency AND g.site_id = t.site_id)
  ORDER BY t.bucket, t.currency, t.figure, t.day, t.site_id
  ON CONFLICT (figure, day, bucket, currency, site_id) DO UPDATE SET amount = f.amount + excluded.amount;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER game_rounds_count_figures_insert
AFTER INSERT ON game_rounds REFERENCING NEW TABLE AS new_rounds
FOR EACH STATEMENT EXECUTE FUNCTION count_round_figures();

CREATE OR REPLACE TRIGGER game_rounds_count_figures_update
AFTER UPDATE ON game_rounds REFERENCING OLD TABLE AS old_rounds NEW TABLE AS new_rounds
FOR EACH STATEMENT EXECUTE FUNCTION count_round_figures();
