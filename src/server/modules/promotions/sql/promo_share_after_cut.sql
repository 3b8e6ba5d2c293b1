-- A bonus share paid to a round again after a correction cut it (promofix): by a correction upward
-- (promo_correct_bonus_share) or by the new win of a round an unsettle reopened (wallet_win). Of p_share:
--   `kept`: what the cut could not take back (the round's gap in promo_round_share_gaps: the active
--   bonus no longer held it) is not paid again; the house keeps it, nothing moves for it;
--   `to_cash`: once the bonus converted, what earlier cuts of this same round took from the member's
--   cash (the round's `clawed`, promofix2) goes back to cash first; another round's share never does
--   (it is the promotions expense's). promo_bonuses.clawed_back, the bonus's total, drops with it.
-- The rest is paid as before (to the bonus, or to the promotions expense once it has ended). The
-- caller holds the round's row and, through promo_bonus_return_to, the bonus row.
CREATE OR REPLACE FUNCTION promo_share_after_cut(
  p_provider text, p_round text, p_bonus bigint, p_share bigint, p_active boolean
) RETURNS TABLE (kept bigint, to_cash bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_kept bigint := 0;
  v_back bigint := 0;
  v_bonus record;
  v_clawed bigint;
BEGIN
  IF p_share > 0 THEN
    SELECT least(g.amount, p_share), g.clawed INTO v_kept, v_clawed FROM promo_round_share_gaps g
    WHERE g.provider = p_provider AND g.round_id = p_round;
    v_kept := coalesce(v_kept, 0);
    IF v_kept > 0 THEN
      UPDATE promo_round_share_gaps g SET amount = g.amount - v_kept
      WHERE g.provider = p_provider AND g.round_id = p_round;
    END IF;
    IF NOT p_active THEN
      SELECT b.status, b.clawed_back INTO v_bonus FROM promo_bonuses b WHERE b.id = p_bonus;
      IF v_bonus.status = 'converted' THEN
        v_back := least(p_share - v_kept, coalesce(v_clawed, 0), v_bonus.clawed_back);
        IF v_back > 0 THEN
          UPDATE promo_round_share_gaps g SET clawed = g.clawed - v_back
          WHERE g.provider = p_provider AND g.round_id = p_round;
          UPDATE promo_bonuses b SET clawed_back = b.clawed_back - v_back WHERE b.id = p_bonus;
        END IF;
      END IF;
    END IF;
  END IF;
  RETURN QUERY SELECT v_kept, v_back;
END $$;
