-- Collects a member's debt (wallet_debts, left by a correction that took back money already spent, or by
-- a payment provider's reversal of a deposit already spent) from a credit just posted to their cash: up to
-- the credit, in the credit's own transaction. Answers the cash balance after it, or NULL when nothing was
-- owed. The look-up is one index probe (wallet_debts_owing holds only members who owe); the caller
-- has already updated the cash row, so the lock order is accounts first, then the debt. What it takes
-- pays the rounds' debts (wallet_round_debts) of the credit's own round first (a correction back in the
-- member's favour repays what that round owes), then the oldest.
-- Each part goes back to the house account that lost it: a correction's to the game revenue shard the
-- caller names (`debt-collection:<provider>:<tx id>`), a reversed deposit's (provider `payment:<code>`)
-- to the house's deposits account of the same shard and currency, which the provider's chargeback
-- emptied (`debt-collection-deposit:<provider>:<tx id>`, docs/money.md). Both kind debt_collection.
CREATE OR REPLACE FUNCTION wallet_collect_debt(
  p_member bigint, p_cash bigint, p_house bigint, p_provider text, p_round text, p_tx_id text, p_credit bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_owed bigint;
  v_take bigint;
  v_move record;
  v_left bigint;
  v_part bigint;
  v_deposits bigint := 0;
  v_deposits_id bigint;
  r record;
BEGIN
  SELECT amount INTO v_owed FROM wallet_debts WHERE member_id = p_member AND amount > 0 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  v_take := least(v_owed, p_credit);
  IF v_take <= 0 THEN
    RETURN NULL;
  END IF;
  UPDATE wallet_debts SET amount = amount - v_take, updated_at = now() WHERE member_id = p_member;
  v_left := v_take;
  FOR r IN SELECT provider, round_id, owed FROM wallet_round_debts WHERE member_id = p_member AND owed > 0
           ORDER BY (provider = p_provider AND round_id = p_round) DESC, opened_at, provider, round_id FOR UPDATE
  LOOP
    EXIT WHEN v_left = 0;
    v_part := least(v_left, r.owed);
    UPDATE wallet_round_debts SET owed = owed - v_part, updated_at = now()
    WHERE provider = r.provider AND round_id = r.round_id;
    v_left := v_left - v_part;
    IF payment_reversal_debt(r.provider) THEN
      v_deposits := v_deposits + v_part;
    END IF;
  END LOOP;
  IF v_take > v_deposits THEN
    v_move := ledger_move('debt-collection:' || p_provider || ':' || p_tx_id, p_cash, p_house, v_take - v_deposits,
      'debt_collection', jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
  END IF;
  IF v_deposits > 0 THEN
    SELECT d.id INTO STRICT v_deposits_id FROM ledger_accounts h
    JOIN ledger_accounts d ON d.member_id IS NULL AND d.kind = 'house_deposits' AND d.shard = h.shard
      AND d.currency = h.currency
    WHERE h.id = p_house;
    v_move := ledger_move('debt-collection-deposit:' || p_provider || ':' || p_tx_id, p_cash, v_deposits_id,
      v_deposits, 'debt_collection',
      jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
  END IF;
  INSERT INTO wallet_debt_entries (member_id, amount, provider, round_id, tx_id)
  VALUES (p_member, -v_take, p_provider, p_round, p_tx_id);
  RETURN v_move.from_balance;
END $$;
