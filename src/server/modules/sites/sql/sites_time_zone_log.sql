-- Trigger on sites (migration 0075), after its settings change: records a change of the time zone of a
-- site with members (site_time_zone of the settings, so an unset zone reads as the default) in
-- site_time_zone_changes; a site nobody has joined yet has no day rows in its old zone to count.
-- A member's limit periods count the day rows of every zone the site was in during the period
-- (member_zones_since, play_period_days): a zone moved east must not start a fresh day for them.
CREATE OR REPLACE FUNCTION sites_time_zone_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF site_time_zone(NEW.settings) IS DISTINCT FROM site_time_zone(OLD.settings)
     AND EXISTS (SELECT 1 FROM members WHERE site_id = NEW.id) THEN
    INSERT INTO site_time_zone_changes (site_id, old_zone, new_zone)
    VALUES (NEW.id, site_time_zone(OLD.settings), site_time_zone(NEW.settings));
  END IF;
  RETURN NEW;
END $$;
