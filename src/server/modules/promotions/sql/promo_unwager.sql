-- Takes a rolled-back stake's contribution back out of the wagering of the member's active bonus
-- (issue 36): exactly what promo_wager added for it, down to zero. A bonus whose requirement was already
-- met keeps it (its count stopped at the requirement, so what the stake added is no longer known).
CREATE OR REPLACE FUNCTION promo_unwager(p_member bigint, p_category text, p_amount bigint) RETURNS void
LANGUAGE sql AS $$
  UPDATE promo_bonuses b
  SET wagering_done = greatest(0, b.wagering_done * 10000 + b.wagering_rest - p_amount * w.bps) / 10000,
      wagering_rest = (greatest(0, b.wagering_done * 10000 + b.wagering_rest - p_amount * w.bps) % 10000)::int
  FROM (SELECT CASE p_category WHEN 'slot' THEN x.slots_bps WHEN 'casino' THEN x.tables_bps ELSE 0 END AS bps, x.id
        FROM promo_bonuses x WHERE x.member_id = p_member AND x.status = 'active') w
  WHERE b.id = w.id AND w.bps > 0 AND b.wagering_done < b.wagering_required
$$;
