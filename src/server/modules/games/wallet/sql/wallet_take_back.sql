-- Takes back money a correction says the member was overpaid: what their cash holds goes to the
-- house's game revenue shard, the rest becomes a debt (wallet_debts) collected from later credits,
-- so cash never goes below zero (SPORTSBOOK.md §3). The debt is kept per round too (wallet_round_debts),
-- so that a write-off of it can be restored by a later correction of the same round in the member's
-- favour (wallet_restore_write_off). The caller holds both accounts' locks. Answers the part recorded as
-- debt.
CREATE OR REPLACE FUNCTION wallet_take_back(
  p_member bigint, p_cash bigint, p_house bigint, p_provider text, p_round text, p_tx_id text, p_amount bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_take bigint;
  v_debt bigint;
BEGIN
  SELECT balance INTO v_balance FROM ledger_accounts WHERE id = p_cash;
  v_take := least(p_amount, greatest(v_balance, 0));
  IF v_take > 0 THEN
    PERFORM ledger_move('wallet:' || p_provider || ':' || p_tx_id, p_cash, p_house, v_take, 'settlement_correction',
      jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
  END IF;
  v_debt := p_amount - v_take;
  PERFORM wallet_incur_debt(p_member, p_provider, p_round, p_tx_id, v_debt);
  RETURN v_debt;
END $$;
