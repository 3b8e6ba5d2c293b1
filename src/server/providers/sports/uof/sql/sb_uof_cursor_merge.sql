-- An event's odds cursor (sb_uof_event_cursor.producer_ts, {"<product>": ts}) moved on by newer feed
-- times: each producer's newest of the two, a producer not in p_new left as it was.
CREATE OR REPLACE FUNCTION sb_uof_cursor_merge(p_old jsonb, p_new jsonb)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT p_old || coalesce(jsonb_object_agg(n.key, greatest(n.value::int8, (p_old->>n.key)::int8)), '{}'::jsonb)
  FROM jsonb_each_text(p_new) n
$$;
