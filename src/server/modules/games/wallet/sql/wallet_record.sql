-- Records a call's reply under its transaction id; a repeat (or a bet already voided by its
-- rollback) raises WR001, which undoes the call: the caller then reads wallet_stored_reply.
CREATE OR REPLACE FUNCTION wallet_record(
  p_provider text, p_tx_id text, p_kind text, p_round text, p_ref text, p_member bigint, p_amount bigint,
  p_hash text, p_reply jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO wallet_transactions (provider, tx_id, kind, round_id, ref_tx_id, member_id, amount, request_hash, response)
  VALUES (p_provider, p_tx_id, p_kind, p_round, p_ref, p_member, p_amount, p_hash, p_reply)
  ON CONFLICT (provider, tx_id) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RAISE EXCEPTION 'wallet transaction % was seen before', p_tx_id USING ERRCODE = 'WR001';
  END IF;
  RETURN p_reply;
END $$;
