-- The time zone of a member's site (site_time_zone): limit periods and the play-day totals
-- (member_play_days) follow the site's local days, weeks (from Monday) and months.
CREATE OR REPLACE FUNCTION member_timezone(p_member bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT site_time_zone(s.settings)
  FROM members m JOIN sites s ON s.id = m.site_id WHERE m.id = p_member
$$;
