-- A cashback campaign's sites (its currency, its site list: empty for all) with its first and last day
-- and today, each a local date of the site's zone (issue 36): the cashback periods are the site's days.
CREATE OR REPLACE FUNCTION promo_cashback_sites(p_campaign bigint)
RETURNS TABLE (site_id bigint, first_day text, last_day text, today text)
LANGUAGE sql STABLE AS $$
  SELECT s.id,
    (c.starts_at AT TIME ZONE site_time_zone(s.settings))::date::text,
    ((c.ends_at - interval '1 microsecond') AT TIME ZONE site_time_zone(s.settings))::date::text,
    (now() AT TIME ZONE site_time_zone(s.settings))::date::text
  FROM promo_campaigns c JOIN sites s ON s.currency = c.currency
  WHERE c.id = p_campaign AND (cardinality(c.site_ids) = 0 OR s.id = ANY (c.site_ids))
  ORDER BY s.id
$$;
