-- The general transfer (cashier, adjustments): locks both rows in id order, answers a repeated key
-- with the first transfer ('conflict' for another body), refuses an overdraft softly, then posts.
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_key text, p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_reference jsonb, p_reverses bigint
) RETURNS TABLE (transfer_id bigint, outcome text, from_balance bigint, to_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_existing ledger_transfers%ROWTYPE;
  v_from ledger_accounts%ROWTYPE;
BEGIN
  IF p_from IS NULL OR p_to IS NULL THEN
    RAISE EXCEPTION 'ledger_transfer: account missing (from %, to %)', p_from, p_to;
  END IF;
  -- A wallet call's own postings are the wallet's (their keys are not unique in the ledger: the call's
  -- key is, migration 0055); everything posted here is one transfer per key.
  IF p_kind IN ('bet', 'win', 'jackpot_contribution') THEN
    RAISE EXCEPTION 'ledger_transfer: % transfers are posted by the wallet', p_kind;
  END IF;
  -- Lock first: a concurrent transfer under the same key is then visible to the look-up below.
  PERFORM 1 FROM ledger_accounts WHERE id IN (p_from, p_to) ORDER BY id FOR UPDATE;
  SELECT * INTO v_existing FROM ledger_transfers
  WHERE idempotency_key = p_key AND kind NOT IN ('bet', 'win', 'jackpot_contribution'); -- its unique index's predicate
  IF FOUND THEN
    RETURN QUERY SELECT v_existing.id,
      CASE WHEN v_existing.from_account_id = p_from AND v_existing.to_account_id = p_to
                AND v_existing.amount = p_amount THEN 'replay' ELSE 'conflict' END,
      NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  SELECT * INTO v_from FROM ledger_accounts WHERE id = p_from;
  IF v_from.member_id IS NOT NULL AND v_from.balance < p_amount THEN
    RETURN QUERY SELECT NULL::bigint, 'insufficient'::text, v_from.balance, NULL::bigint;
    RETURN;
  END IF;
  RETURN QUERY SELECT * FROM ledger_post(p_key, p_from, p_to, p_amount, p_kind, p_reference, p_reverses);
END $$;
