-- The time zones a member's site has been in since p_since: its zone now, and the zone each change
-- since then replaced (site_time_zone_changes). The day rows a period counts are those of each of these
-- zones' dates within it (play_period_days).
CREATE OR REPLACE FUNCTION member_zones_since(p_member bigint, p_since timestamptz) RETURNS SETOF text
LANGUAGE sql STABLE AS $$
  SELECT site_time_zone(s.settings) FROM members m JOIN sites s ON s.id = m.site_id WHERE m.id = p_member
  UNION
  SELECT c.old_zone FROM members m JOIN site_time_zone_changes c ON c.site_id = m.site_id AND c.changed_at > p_since
  WHERE m.id = p_member
$$;
