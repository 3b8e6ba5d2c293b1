-- Where bonus money coming back from a round goes (issue 36): to the member's bonus account while the
-- bonus it was staked from is still active, else to the promotions expense (the bonus was converted,
-- forfeited or expired meanwhile: its money is not the member's cash). Locks the house and cash rows
-- (ascending id), then the bonus row: the order every bonus move takes.
CREATE OR REPLACE FUNCTION promo_bonus_return_to(p_bonus bigint, p_member bigint, p_house bigint, p_cash bigint)
RETURNS TABLE (account_id bigint, active boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id IN (p_house, p_cash) ORDER BY id FOR NO KEY UPDATE;
  SELECT b.status INTO v_status FROM promo_bonuses b WHERE b.id = p_bonus FOR UPDATE;
  IF v_status = 'active' THEN
    RETURN QUERY SELECT a.id, true FROM ledger_accounts a WHERE a.member_id = p_member AND a.kind = 'bonus';
  ELSE
    RETURN QUERY SELECT e.id, false FROM ledger_accounts e JOIN ledger_accounts c ON c.id = p_cash
      WHERE e.member_id IS NULL AND e.kind = 'promo_expense' AND e.shard = house_shard(p_member)
        AND e.currency = c.currency;
  END IF;
END $$;
