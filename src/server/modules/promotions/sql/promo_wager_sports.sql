-- Adds an accepted sports bet to the wagering of the member's active bonus (issue 36), when its price
-- (potential return / stake, compared as exact fractions) is at least the bonus's minimum odds: stake ×
-- the sports contribution, exactly as promo_wager counts. The sportsbook calls it once per bet, in the
-- transaction that opens the bet (its wallet stake counts nothing by itself: promo_wager skips `sport`),
-- and records what the bet counted (promo_sports_wagers) for a void or a cash-out to take back.
-- PL/pgSQL, not SQL: its plan is kept by the session, where a LANGUAGE sql function called per bet is
-- planned afresh on every call.
CREATE OR REPLACE FUNCTION promo_wager_sports(p_member bigint, p_stake bigint, p_return bigint, p_bet bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_bonus bigint;
  v_before bigint;
  v_after bigint;
BEGIN
  -- Locked first: what the stake really adds is the count after less the count before (less than the
  -- stake's worth when the requirement caps it).
  SELECT b.wagering_done * 10000 + b.wagering_rest INTO v_before
  FROM promo_bonuses b WHERE b.member_id = p_member AND b.status = 'active' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE promo_bonuses b
  SET wagering_done = least(b.wagering_required, b.wagering_done + (b.wagering_rest + p_stake * b.sports_bps) / 10000),
      wagering_rest = CASE WHEN b.wagering_done + (b.wagering_rest + p_stake * b.sports_bps) / 10000 >= b.wagering_required
                           THEN 0 ELSE ((b.wagering_rest + p_stake * b.sports_bps) % 10000)::int END
  WHERE b.member_id = p_member AND b.status = 'active' AND b.sports_bps > 0
    AND b.wagering_done < b.wagering_required AND b.expires_at > now() AND p_stake > 0
    AND p_return::numeric * b.sports_min_odds_den >= p_stake::numeric * b.sports_min_odds_num
  RETURNING b.id, b.wagering_done * 10000 + b.wagering_rest INTO v_bonus, v_after;
  -- What the bet counted, for a void or a cash-out to take back (promo_unwager_sports).
  IF v_bonus IS NOT NULL THEN
    INSERT INTO promo_sports_wagers (bet_id, bonus_id, stake, units)
    VALUES (p_bet, v_bonus, p_stake, v_after - v_before) ON CONFLICT DO NOTHING;
  END IF;
END $$;
