-- The members the level-up sweep looks at (issue 36): those who played since yesterday (the database's
-- day) and whose wagering now reaches a level of their site above theirs that play never reached before
-- (an operator's demotion stands: applyLevelUps), and those with a level-up
-- still waiting for a bonus some campaign gives (not those marked no_bonus: promofix).
CREATE OR REPLACE FUNCTION promo_vip_candidates() RETURNS TABLE (member_id bigint)
LANGUAGE sql STABLE AS $$
  SELECT m.id
  FROM (SELECT DISTINCT d.member_id FROM member_play_days d WHERE d.day >= current_date - 1) d
  JOIN members m ON m.id = d.member_id
  WHERE EXISTS (SELECT 1 FROM promo_vip_levels v WHERE v.site_id = m.site_id AND v.level > m.level
                  AND v.wagered <= promo_member_wagered(m.id)
                  AND NOT EXISTS (SELECT 1 FROM promo_level_ups r WHERE r.member_id = m.id AND r.level = v.level))
  UNION
  SELECT u.member_id FROM promo_level_ups u WHERE u.bonus_id IS NULL AND NOT u.no_bonus
$$;
