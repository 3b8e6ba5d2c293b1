-- Records money a member owes beyond what their cash held, the one home of the rule: the member's total
-- (wallet_debts, which a withdrawal, a payout and the vault refuse while open), the debt of its round
-- (wallet_round_debts: provider and round, so a collection, a write-off and its restoration treat it
-- alike; a deposit's chargeback is the round `deposit:<id>`, a cashback's take-back the payment's id)
-- and the entry the back office lists (wallet_debt_entries). Called by wallet_take_back,
-- promo_cashback_take_back and incurDebt (a chargeback). The caller holds the member's cash lock (the
-- lock every change of the debt takes first). Nothing for an amount of 0 or less.
CREATE OR REPLACE FUNCTION wallet_incur_debt(
  p_member bigint, p_provider text, p_round text, p_tx_id text, p_amount bigint
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount <= 0 THEN
    RETURN;
  END IF;
  INSERT INTO wallet_debts (member_id, amount) VALUES (p_member, p_amount)
  ON CONFLICT (member_id) DO UPDATE SET amount = wallet_debts.amount + excluded.amount, updated_at = now();
  INSERT INTO wallet_round_debts AS r (provider, round_id, member_id, owed) VALUES (p_provider, p_round, p_member, p_amount)
  ON CONFLICT (provider, round_id) DO UPDATE SET owed = r.owed + excluded.owed, updated_at = now(),
    opened_at = CASE WHEN r.owed = 0 THEN now() ELSE r.opened_at END;
  INSERT INTO wallet_debt_entries (member_id, amount, provider, round_id, tx_id)
  VALUES (p_member, p_amount, p_provider, p_round, p_tx_id);
END $$;
