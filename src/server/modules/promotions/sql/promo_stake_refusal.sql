-- The refusal of a stake above the maximum of the member's active bonus (issue 36), or NULL. wallet_bet
-- asks before it moves anything, with p_amount the round's stakes this one included (the maximum is a
-- round's: a double or a split counts with the hand's first stake); one probe of the partial unique
-- index promo_bonuses_one_active.
CREATE OR REPLACE FUNCTION promo_stake_refusal(p_member bigint, p_amount bigint) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('status', 'bonus_max_stake', 'msg', 'msg3606',
           'message', 'the stake is above the maximum while a bonus is wagering', 'maxStake', b.max_stake)
  FROM promo_bonuses b
  WHERE b.member_id = p_member AND b.status = 'active' AND b.max_stake IS NOT NULL AND p_amount > b.max_stake
$$;
