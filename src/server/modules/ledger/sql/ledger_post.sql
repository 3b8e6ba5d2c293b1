-- A transfer answered as a set of one row (the older callers' shape); the posting itself is
-- ledger_move's, so there is one copy.
CREATE OR REPLACE FUNCTION ledger_post(
  p_key text, p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_reference jsonb, p_reverses bigint
) RETURNS TABLE (transfer_id bigint, outcome text, from_balance bigint, to_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  m record;
BEGIN
  m := ledger_move(p_key, p_from, p_to, p_amount, p_kind, p_reference, p_reverses);
  RETURN QUERY SELECT m.transfer_id, 'applied'::text, m.from_balance, m.to_balance;
END $$;
