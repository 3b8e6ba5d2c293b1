-- Which day rows of member_play_days count towards a member's limits now, per period: from the first
-- to the last local date, in any zone their site was in since the period began (member_zones_since), of
-- the instants from the period's start (its local start in the site's zone now) to now. Without a change
-- of zone that is the site's today, this week (from Monday) and this month. After a change, the rows the
-- other zone wrote count too: a site moved east (Pago Pago to Kiritimati) is on a later date whose row is
-- empty, yet its day began hours ago, and the stakes and deposits made since then are in the old date's
-- row; moved west, today's are in a later date's row. A row may also hold some play from before the
-- period: the limit then errs on the member's side, never against it. Also answers the zone and its local
-- time now (the periods' ends and the limit's resetsAt are in it).
CREATE OR REPLACE FUNCTION play_period_days(p_member bigint)
RETURNS TABLE (tz text, local_now timestamp, day_from date, day_to date, week_from date, week_to date,
               month_from date, month_to date)
LANGUAGE sql STABLE AS $$
  WITH l AS (
    SELECT z.tz, now() AT TIME ZONE z.tz AS t FROM (SELECT member_timezone(p_member) AS tz) z
  ), b AS (
    SELECT x.period, min(((date_trunc(x.period, l.t) AT TIME ZONE l.tz) AT TIME ZONE w.zone)::date) AS first,
           max((now() AT TIME ZONE w.zone)::date) AS last
    FROM l CROSS JOIN unnest(ARRAY['day', 'week', 'month']) AS x(period)
    CROSS JOIN LATERAL member_zones_since(p_member, date_trunc(x.period, l.t) AT TIME ZONE l.tz) AS w(zone)
    GROUP BY x.period
  )
  SELECT l.tz, l.t,
         max(b.first) FILTER (WHERE b.period = 'day'), max(b.last) FILTER (WHERE b.period = 'day'),
         max(b.first) FILTER (WHERE b.period = 'week'), max(b.last) FILTER (WHERE b.period = 'week'),
         max(b.first) FILTER (WHERE b.period = 'month'), max(b.last) FILTER (WHERE b.period = 'month')
  FROM l, b GROUP BY l.tz, l.t
$$;
