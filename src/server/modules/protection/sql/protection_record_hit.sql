-- Records that one of a member's limits refused a deposit or a stake (protection_events, kind
-- 'limit_hit'): once per limit and period (detail.key), however often it refuses meanwhile.
CREATE OR REPLACE FUNCTION protection_record_hit(p_member bigint, p_refusal jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO protection_events (member_id, kind, detail)
  VALUES (p_member, 'limit_hit', (p_refusal - 'status' - 'message') || jsonb_build_object('key',
    (p_refusal ->> 'limit') || ':' || (p_refusal ->> 'period') || ':'
      || coalesce(p_refusal ->> 'periodStart', to_char(now(), 'YYYY-MM-DD'))))
  ON CONFLICT (member_id, (detail ->> 'key')) WHERE kind = 'limit_hit' DO NOTHING
$$;
