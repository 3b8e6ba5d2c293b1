-- Takes back cash cashback a correction of its rounds says was overpaid (cashback-corrections.service.ts):
-- what the member's cash holds goes back to the promotions expense that paid it (`cashback_correction`,
-- key p_key), the rest becomes a debt as a corrected win's does (wallet_take_back): wallet_debts, kept
-- per decision in wallet_round_debts (provider `cashback`, round the payment's id) and
-- wallet_debt_entries, collected from later credits (wallet_collect_debt), so cash never goes below zero.
-- The caller holds the cash and expense rows (accounts first, then the debt: the wallet's order).
-- Answers the part recorded as debt.
CREATE OR REPLACE FUNCTION promo_cashback_take_back(
  p_member bigint, p_cash bigint, p_expense bigint, p_payment bigint, p_key text, p_amount bigint,
  p_reference jsonb
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_take bigint;
  v_debt bigint;
  v_move record;
BEGIN
  SELECT balance INTO v_balance FROM ledger_accounts WHERE id = p_cash;
  v_take := least(p_amount, greatest(v_balance, 0));
  IF v_take > 0 THEN
    v_move := ledger_move(p_key, p_cash, p_expense, v_take, 'cashback_correction', p_reference, NULL);
  END IF;
  v_debt := p_amount - v_take;
  PERFORM wallet_incur_debt(p_member, 'cashback', p_payment::text, p_key, v_debt);
  RETURN v_debt;
END $$;
