-- Adds a stake to the wagering of the member's active bonus (issue 36), exactly: stake × the bonus's
-- contribution for the category (basis points; slots `slot`, tables `casino`; sports bets count through
-- promo_wager_sports, which knows their odds) joins the ten-thousandths already in wagering_rest, and
-- every whole minor unit moves to wagering_done, never past wagering_required. Called by wallet_bet
-- after the stake moved, in its transaction: the bonus row is locked after the member's cash, the order
-- conversion, forfeiture and expiry take too.
CREATE OR REPLACE FUNCTION promo_wager(p_member bigint, p_category text, p_amount bigint) RETURNS void
LANGUAGE sql AS $$
  UPDATE promo_bonuses b
  SET wagering_done = least(b.wagering_required, b.wagering_done + (b.wagering_rest + p_amount * w.bps) / 10000),
      wagering_rest = CASE WHEN b.wagering_done + (b.wagering_rest + p_amount * w.bps) / 10000 >= b.wagering_required
                           THEN 0 ELSE ((b.wagering_rest + p_amount * w.bps) % 10000)::int END
  FROM (SELECT CASE p_category WHEN 'slot' THEN x.slots_bps WHEN 'casino' THEN x.tables_bps ELSE 0 END AS bps, x.id
        FROM promo_bonuses x WHERE x.member_id = p_member AND x.status = 'active') w
  WHERE b.id = w.id AND w.bps > 0 AND b.wagering_done < b.wagering_required AND b.expires_at > now()
$$;
