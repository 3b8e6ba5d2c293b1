-- The bonus half of a settlement correction (wallet_correct, issue 36; promofix): a round that staked
-- bonus money had floor(win x bonus staked / total stake) of its win paid as bonus money (wallet_win); a
-- correction from p_old to p_new changes that share by the difference of the two, and this moves it:
--   while the bonus is active, to the bonus (`bonus_correction`), or back from it, never more than it
--   holds (what it no longer holds was staked and lost to the house already); what could not be taken
--   is kept as the round's gap (promo_round_share_gaps), and a later correction upward pays only what
--   goes beyond it: a resettle to 0 and back pays no more than was taken back;
--   once the bonus converted, a cut is taken back from cash as a cash win's would be, up to what the
--   bonus converted (promo_bonuses.clawed_back, and per round in promo_round_share_gaps.clawed): that
--   money is the member's cash now, and moving it between house accounts charged the member nothing. A
--   later correction upward of the same round gives that back first (promo_share_after_cut, as the new
--   win of a reopened round does); another round's share never does;
--   otherwise (forfeited, expired, or beyond what converted) to or from the promotions expense
--   (`bonus_correction_returned`), where wallet_win pays such a share then.
-- The caller holds the house and cash rows; promo_bonus_return_to locks the bonus row after them, and
-- wallet_correct holds the round's row, so a round's gap and a bonus's clawed_back change in turn.
-- Answers the change of the bonus share the caller leaves out of cash (positive: paid more); what it
-- leaves to cash (a clawback, or its return) the caller moves with the cash share.
CREATE OR REPLACE FUNCTION promo_correct_bonus_share(
  p_member bigint, p_house bigint, p_cash bigint, p_provider text, p_round text, p_tx_id text,
  p_old bigint, p_new bigint, p_reference jsonb
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_stake record;
  v_total bigint;
  v_change bigint;
  v_move bigint;
  v_gap bigint;
  v_to record;
  v_bonus record;
  v_held bigint;
  v_taken bigint;
  v_cash bigint := 0;
  v_ref jsonb;
  v_key text := 'wallet-bonus:' || p_provider || ':' || p_tx_id;
BEGIN
  SELECT max(ps.bonus_id) AS bonus_id, sum(ps.from_bonus) AS staked INTO v_stake FROM promo_bet_stakes ps
  WHERE ps.provider = p_provider AND ps.round_id = p_round AND NOT ps.rolled_back;
  SELECT total_bet INTO v_total FROM game_rounds WHERE provider = p_provider AND round_id = p_round;
  IF coalesce(v_stake.staked, 0) <= 0 OR coalesce(v_total, 0) <= 0 THEN
    RETURN 0;
  END IF;
  v_change := least(p_new, floor(p_new::numeric * v_stake.staked / v_total))::int8
            - least(p_old, floor(p_old::numeric * v_stake.staked / v_total))::int8;
  IF v_change = 0 THEN
    RETURN 0;
  END IF;
  SELECT * INTO v_to FROM promo_bonus_return_to(v_stake.bonus_id, p_member, p_house, p_cash);
  SELECT status, converted, clawed_back INTO v_bonus FROM promo_bonuses WHERE id = v_stake.bonus_id;
  v_ref := p_reference || jsonb_build_object('bonusId', v_stake.bonus_id);
  IF v_change > 0 THEN
    SELECT kept, to_cash INTO v_gap, v_cash
    FROM promo_share_after_cut(p_provider, p_round, v_stake.bonus_id, v_change, v_to.active);
    v_move := v_change - v_gap - v_cash;
    IF v_move > 0 THEN
      PERFORM ledger_move(v_key, p_house, v_to.account_id, v_move,
        CASE WHEN v_to.active THEN 'bonus_correction' ELSE 'bonus_correction_returned' END, v_ref, NULL);
    END IF;
    RETURN v_change - v_cash;
  ELSIF v_to.active THEN
    SELECT balance INTO v_held FROM ledger_accounts WHERE id = v_to.account_id;
    v_taken := least(-v_change, v_held);
    IF v_taken > 0 THEN
      PERFORM ledger_move(v_key, v_to.account_id, p_house, v_taken, 'bonus_correction', v_ref, NULL);
    END IF;
    IF -v_change - v_taken > 0 THEN
      INSERT INTO promo_round_share_gaps AS g (provider, round_id, amount) VALUES (p_provider, p_round, -v_change - v_taken)
      ON CONFLICT (provider, round_id) DO UPDATE SET amount = g.amount + excluded.amount;
    END IF;
    RETURN v_change;
  ELSE
    IF v_bonus.status = 'converted' THEN
      v_cash := least(-v_change, v_bonus.converted - v_bonus.clawed_back);
      UPDATE promo_bonuses SET clawed_back = clawed_back + v_cash WHERE id = v_stake.bonus_id;
      -- Recorded on the round too: only this round's later share gives it back (promofix2).
      IF v_cash > 0 THEN
        INSERT INTO promo_round_share_gaps AS g (provider, round_id, amount, clawed) VALUES (p_provider, p_round, 0, v_cash)
        ON CONFLICT (provider, round_id) DO UPDATE SET clawed = g.clawed + excluded.clawed;
      END IF;
    END IF;
    IF -v_change - v_cash > 0 THEN
      PERFORM ledger_move(v_key, v_to.account_id, p_house, -v_change - v_cash, 'bonus_correction_returned', v_ref, NULL);
    END IF;
    RETURN v_change + v_cash;
  END IF;
END $$;
