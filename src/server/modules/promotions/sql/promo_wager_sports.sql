-- Adds an accepted sports bet to the wagering of the member's active bonus (issue 36), when its price
-- (potential return / stake, compared as exact fractions) is at least the bonus's minimum odds: stake ×
-- the sports contribution, exactly as promo_wager counts. The sportsbook calls it once per bet, in the
-- transaction that opens the bet (its wallet stake counts nothing by itself: promo_wager skips `sport`).
-- PL/pgSQL, not SQL: its plan is kept by the session, where a LANGUAGE sql function called per bet is
-- planned afresh on every call.
CREATE OR REPLACE FUNCTION promo_wager_sports(p_member bigint, p_stake bigint, p_return bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE promo_bonuses b
  SET wagering_done = least(b.wagering_required, b.wagering_done + (b.wagering_rest + p_stake * b.sports_bps) / 10000),
      wagering_rest = CASE WHEN b.wagering_done + (b.wagering_rest + p_stake * b.sports_bps) / 10000 >= b.wagering_required
                           THEN 0 ELSE ((b.wagering_rest + p_stake * b.sports_bps) % 10000)::int END
  WHERE b.member_id = p_member AND b.status = 'active' AND b.sports_bps > 0
    AND b.wagering_done < b.wagering_required AND b.expires_at > now() AND p_stake > 0
    AND p_return::numeric * b.sports_min_odds_den >= p_stake::numeric * b.sports_min_odds_num;
END $$;
