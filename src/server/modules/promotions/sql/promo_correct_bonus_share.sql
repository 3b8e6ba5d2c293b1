-- The bonus half of a settlement correction (wallet_correct, issue 36): a round that staked bonus money
-- had floor(win x bonus staked / total stake) of its win paid as bonus money (wallet_win); a correction
-- from p_old to p_new changes that share by the difference of the two, and this moves it:
--   while the bonus is active, to the bonus (`bonus_correction`), or back from it, never more than it
--   holds (what it no longer holds was staked and lost to the house already; cash is never touched);
--   once the bonus has ended, to or from the promotions expense (`bonus_correction_returned`), where
--   wallet_win pays such a share then.
-- The caller holds the house and cash rows; promo_bonus_return_to locks the bonus row after them.
-- Answers the change of the bonus share (positive: paid more), which the caller leaves out of cash.
CREATE OR REPLACE FUNCTION promo_correct_bonus_share(
  p_member bigint, p_house bigint, p_cash bigint, p_provider text, p_round text, p_tx_id text,
  p_old bigint, p_new bigint, p_reference jsonb
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_stake record;
  v_total bigint;
  v_change bigint;
  v_to record;
  v_held bigint;
  v_ref jsonb;
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
  v_ref := p_reference || jsonb_build_object('bonusId', v_stake.bonus_id);
  IF v_change > 0 THEN
    PERFORM ledger_move('wallet-bonus:' || p_provider || ':' || p_tx_id, p_house, v_to.account_id, v_change,
      CASE WHEN v_to.active THEN 'bonus_correction' ELSE 'bonus_correction_returned' END, v_ref, NULL);
  ELSIF v_to.active THEN
    SELECT balance INTO v_held FROM ledger_accounts WHERE id = v_to.account_id;
    IF least(-v_change, v_held) > 0 THEN
      PERFORM ledger_move('wallet-bonus:' || p_provider || ':' || p_tx_id, v_to.account_id, p_house,
        least(-v_change, v_held), 'bonus_correction', v_ref, NULL);
    END IF;
  ELSE
    PERFORM ledger_move('wallet-bonus:' || p_provider || ':' || p_tx_id, v_to.account_id, p_house, -v_change,
      'bonus_correction_returned', v_ref, NULL);
  END IF;
  RETURN v_change;
END $$;
