-- Takes back what sports bets counted towards a bonus's wagering (promo_sports_wagers): all of it for a
-- bet voided (p_parts[i] null), or for a cash-out the share of its count the part of the stake sold
-- carried. A bet voided or sold back risked nothing for that part, so it must not clear wagering (a
-- bonus would otherwise convert to cash with nothing risked). Exactly what the bet added (its units,
-- less than its stake's worth where the requirement capped it), from the bonus it counted for while
-- that bonus is active, down to zero; unlike promo_unwager, also once the requirement is met. The
-- bonuses are updated in id order, so two voids at once never wait on each other's bonuses.
CREATE OR REPLACE FUNCTION promo_unwager_sports(p_bets bigint[], p_parts bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_bonuses bigint[];
  v_units bigint[];
BEGIN
  WITH taken AS (
    SELECT w.bet_id, w.bonus_id, least(w.stake, coalesce(x.part, w.stake)) AS stake,
           CASE WHEN x.part IS NULL OR x.part >= w.stake THEN w.units ELSE w.units * x.part / w.stake END AS units
    FROM unnest(p_bets, p_parts) AS x(bet_id, part) JOIN promo_sports_wagers w ON w.bet_id = x.bet_id
    WHERE w.stake > 0
  ), moved AS (
    UPDATE promo_sports_wagers w SET stake = w.stake - t.stake, units = w.units - t.units
    FROM taken t WHERE w.bet_id = t.bet_id
    RETURNING t.bonus_id, t.units
  )
  SELECT array_agg(m.bonus_id ORDER BY m.bonus_id), array_agg(m.units ORDER BY m.bonus_id)
  INTO v_bonuses, v_units
  FROM (SELECT bonus_id, sum(units)::bigint AS units FROM moved GROUP BY bonus_id) m;
  FOR i IN 1 .. coalesce(cardinality(v_bonuses), 0) LOOP
    UPDATE promo_bonuses b
    SET wagering_done = greatest(0, b.wagering_done * 10000 + b.wagering_rest - v_units[i]) / 10000,
        wagering_rest = (greatest(0, b.wagering_done * 10000 + b.wagering_rest - v_units[i]) % 10000)::int
    WHERE b.id = v_bonuses[i] AND b.status = 'active';
  END LOOP;
END $$;
