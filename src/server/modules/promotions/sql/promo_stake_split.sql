-- How much of a stake comes from the member's active bonus (issue 36): none without one; with one, the
-- stake takes cash first (`cash_first`: only what the cash cannot cover) or bonus first (`bonus_first`),
-- never more than the bonus balance, and nothing from a bonus past its end. Locks, in this order, the
-- house and cash rows (ascending id, as ledger_move does), then the bonus row: conversion, forfeiture and
-- expiry lock the cash first too, so the split cannot change before the stake moves. No row: no bonus.
CREATE OR REPLACE FUNCTION promo_stake_split(p_member bigint, p_house bigint, p_cash bigint, p_amount bigint)
RETURNS TABLE (bonus_id bigint, bonus_account bigint, cash bigint, from_bonus bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_bonus record;
  v_cash bigint;
  v_account record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM promo_bonuses b WHERE b.member_id = p_member AND b.status = 'active') THEN
    RETURN;
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id IN (p_house, p_cash) ORDER BY id FOR NO KEY UPDATE;
  SELECT balance INTO v_cash FROM ledger_accounts WHERE id = p_cash;
  SELECT b.id, b.stake_order, b.expires_at INTO v_bonus FROM promo_bonuses b
  WHERE b.member_id = p_member AND b.status = 'active' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT a.id, a.balance INTO v_account FROM ledger_accounts a WHERE a.member_id = p_member AND a.kind = 'bonus';
  RETURN QUERY SELECT v_bonus.id, v_account.id, v_cash,
    CASE WHEN v_bonus.expires_at <= now() THEN 0
         WHEN v_bonus.stake_order = 'bonus_first' THEN least(v_account.balance, p_amount)
         ELSE greatest(0, least(v_account.balance, p_amount - v_cash)) END::int8;
END $$;
