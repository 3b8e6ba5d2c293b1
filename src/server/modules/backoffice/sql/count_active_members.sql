-- The dashboard's active members (daily_figures, migration 0015): a member seen in a session (a
-- login, or a request that refreshes last_seen_at, at most once a minute) is counted once per day
-- and once per month, the first time (member_activity remembers who was counted): the days and months
-- of the member's site, in its time zone (migration 0084).
CREATE OR REPLACE FUNCTION count_active_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH seen AS (
    SELECT DISTINCT n.member_id, (n.last_seen_at AT TIME ZONE site_time_zone(s.settings))::date AS day
    FROM seen_sessions n JOIN members m ON m.id = n.member_id JOIN sites s ON s.id = m.site_id
  ), firsts AS (
    INSERT INTO member_activity (figure, period, member_id)
    SELECT DISTINCT p.figure, p.period, p.member_id FROM (
      SELECT 'active_day' AS figure, day AS period, member_id FROM seen
      UNION ALL
      SELECT 'active_month', date_trunc('month', day)::date, member_id FROM seen
    ) p
    ON CONFLICT DO NOTHING
    RETURNING figure, period, member_id
  )
  INSERT INTO daily_figures AS f (figure, day, bucket, site_id, amount)
  SELECT r.figure, r.period, house_shard(r.member_id), m.site_id, count(*)
  FROM firsts r JOIN members m ON m.id = r.member_id
  GROUP BY 1, 2, 3, 4 ORDER BY 3, 1, 2, 4
  ON CONFLICT (figure, day, bucket, currency, site_id) DO UPDATE SET amount = f.amount + excluded.amount;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sessions_count_active_insert
AFTER INSERT ON sessions REFERENCING NEW TABLE AS seen_sessions
FOR EACH STATEMENT EXECUTE FUNCTION count_active_members();

CREATE OR REPLACE TRIGGER sessions_count_active_update
AFTER UPDATE ON sessions REFERENCING NEW TABLE AS seen_sessions
FOR EACH STATEMENT EXECUTE FUNCTION count_active_members();
