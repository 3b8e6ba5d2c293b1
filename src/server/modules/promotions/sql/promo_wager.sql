-- Adds a stake to the wagering of the member's active bonus (issue 36), exactly: stake × the bonus's
-- contribution for the category (basis points; slots `slot`, tables `casino`; sports bets count through
-- promo_wager_sports, which knows their odds) joins the ten-thousandths already in wagering_rest, and
-- every whole minor unit moves to wagering_done, never past wagering_required. Called by wallet_bet
-- after the stake moved, in its transaction: the bonus row is locked after the member's cash, the order
-- conversion, forfeiture and expiry take too. What the stake really added (less at the requirement's
-- cap) is recorded against the wallet's bet (promo_casino_wagers), for its rollback to take back exactly
-- that (promo_unwager) and for a conversion to leave out while its round is open (promo_open_wagering).
-- A member without an active bonus costs one index probe. PL/pgSQL: its plans are kept by the session.
CREATE OR REPLACE FUNCTION promo_wager(
  p_member bigint, p_category text, p_amount bigint, p_provider text, p_tx_id text, p_round text
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_bonus bigint;
  v_bps int;
  v_before bigint;
  v_after bigint;
BEGIN
  -- Locked (promo_stake_split already holds it): what the stake adds is the count after less before.
  SELECT b.id, CASE p_category WHEN 'slot' THEN b.slots_bps WHEN 'casino' THEN b.tables_bps ELSE 0 END,
         b.wagering_done * 10000 + b.wagering_rest
  INTO v_bonus, v_bps, v_before
  FROM promo_bonuses b WHERE b.member_id = p_member AND b.status = 'active' FOR UPDATE;
  IF NOT FOUND OR v_bps <= 0 OR p_amount <= 0 THEN
    RETURN;
  END IF;
  UPDATE promo_bonuses b
  SET wagering_done = least(b.wagering_required, b.wagering_done + (b.wagering_rest + p_amount * v_bps) / 10000),
      wagering_rest = CASE WHEN b.wagering_done + (b.wagering_rest + p_amount * v_bps) / 10000 >= b.wagering_required
                           THEN 0 ELSE ((b.wagering_rest + p_amount * v_bps) % 10000)::int END
  WHERE b.id = v_bonus AND b.wagering_done < b.wagering_required AND b.expires_at > now()
  RETURNING b.wagering_done * 10000 + b.wagering_rest INTO v_after;
  IF v_after > v_before THEN
    INSERT INTO promo_casino_wagers (provider, tx_id, round_id, bonus_id, units)
    VALUES (p_provider, p_tx_id, p_round, v_bonus, v_after - v_before) ON CONFLICT DO NOTHING;
  END IF;
END $$;
