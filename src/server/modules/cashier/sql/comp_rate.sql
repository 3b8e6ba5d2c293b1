-- Written as one expression so the planner inlines it into the query that calls it.
CREATE OR REPLACE FUNCTION comp_rate(p_settings jsonb, p_level int, p_category text) RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(p_settings #> ARRAY['comp', 'rates', p_level::text, p_category]) = 'number'
     AND (p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::numeric
         = trunc((p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::numeric)
     AND (p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::numeric > 0
     AND (p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::numeric <= 10000
    THEN (p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::int
    ELSE 0 END
$$;
