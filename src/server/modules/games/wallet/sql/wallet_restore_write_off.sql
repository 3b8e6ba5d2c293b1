-- Before a credit of round p_round reaches the member (a correction in their favour: a resettle upward,
-- the new win of a round an unsettle reopened, a cash-out given back), what an operator wrote off of that
-- round's debt comes back as debt, up to the credit, so that the caller's wallet_collect_debt takes it
-- from the same credit: a win taken back, written off and then restored is paid once, and the member
-- receives only what goes beyond the write-off (as an accountant reinstates a written-off receivable
-- that is recovered). Another round's credit never restores it: a write-off stays the house's for every
-- other round. The caller holds the member's cash row (as every change of a debt does) and has posted
-- the credit. Answers what it restored (a debt entry marked `restored`).
CREATE OR REPLACE FUNCTION wallet_restore_write_off(
  p_member bigint, p_provider text, p_round text, p_tx_id text, p_credit bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_off bigint;
  v_back bigint;
BEGIN
  SELECT written_off INTO v_off FROM wallet_round_debts
  WHERE provider = p_provider AND round_id = p_round AND member_id = p_member AND written_off > 0 FOR UPDATE;
  IF NOT FOUND OR p_credit <= 0 THEN
    RETURN 0;
  END IF;
  v_back := least(v_off, p_credit);
  INSERT INTO wallet_debts AS d (member_id, amount) VALUES (p_member, v_back)
  ON CONFLICT (member_id) DO UPDATE SET amount = d.amount + excluded.amount, updated_at = now();
  UPDATE wallet_round_debts SET written_off = written_off - v_back, owed = owed + v_back, updated_at = now(),
    opened_at = CASE WHEN owed = 0 THEN now() ELSE opened_at END
  WHERE provider = p_provider AND round_id = p_round;
  INSERT INTO wallet_debt_entries (member_id, amount, provider, round_id, tx_id, restored)
  VALUES (p_member, v_back, p_provider, p_round, p_tx_id, true);
  RETURN v_back;
END $$;
