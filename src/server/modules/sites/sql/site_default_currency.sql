-- The currency a new site takes when its insert names none: the default site's (migration 0020).
CREATE OR REPLACE FUNCTION site_default_currency() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT currency FROM sites WHERE is_default), 'KRW')
$$;
