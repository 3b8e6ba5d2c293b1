-- Members as the back office counts them (migration 0015), kept in the transaction that changes them:
-- new members per day of their site (daily_figures; its time zone, migration 0084) as they register, and members per site and level
-- (member_level_counts) as they register or change level or site. Statement triggers with transition
-- tables; buckets (house_shard(id)) written in order.
CREATE OR REPLACE FUNCTION count_member_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_figures AS f (figure, day, bucket, site_id, amount)
    SELECT 'new_members', (n.created_at AT TIME ZONE site_time_zone(s.settings))::date, house_shard(n.id), s.id,
           count(*)
    FROM new_members n JOIN sites s ON s.id = n.site_id GROUP BY 2, 3, 4 ORDER BY 3, 2, 4
    ON CONFLICT (figure, day, bucket, currency, site_id) DO UPDATE SET amount = f.amount + excluded.amount;
    INSERT INTO member_level_counts AS c (site_id, level, bucket, members)
    SELECT n.site_id, n.level, house_shard(n.id), count(*)
    FROM new_members n GROUP BY 1, 2, 3 ORDER BY 3, 1, 2
    ON CONFLICT (site_id, level, bucket) DO UPDATE SET members = c.members + excluded.members;
  ELSE
    INSERT INTO member_level_counts AS c (site_id, level, bucket, members)
    SELECT site_id, level, bucket, sum(delta) FROM (
      SELECT n.site_id, n.level, house_shard(n.id) AS bucket, 1 AS delta
      FROM new_members n JOIN old_members o ON o.id = n.id
      WHERE (n.site_id, n.level) IS DISTINCT FROM (o.site_id, o.level)
      UNION ALL
      SELECT o.site_id, o.level, house_shard(o.id), -1
      FROM new_members n JOIN old_members o ON o.id = n.id
      WHERE (n.site_id, n.level) IS DISTINCT FROM (o.site_id, o.level)
    ) d
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 3, 1, 2
    ON CONFLICT (site_id, level, bucket) DO UPDATE SET members = c.members + excluded.members;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER members_count_figures
AFTER INSERT ON members REFERENCING NEW TABLE AS new_members
FOR EACH STATEMENT EXECUTE FUNCTION count_member_figures();

CREATE OR REPLACE TRIGGER members_count_levels
AFTER UPDATE ON members REFERENCING OLD TABLE AS old_members NEW TABLE AS new_members
FOR EACH STATEMENT EXECUTE FUNCTION count_member_figures();
