-- The reply for a transaction id already recorded: the stored one for an exact repeat,
-- 'rolled_back' for a bet whose rollback came first, 'duplicate' for another request.
CREATE OR REPLACE FUNCTION wallet_stored_reply(p_provider text, p_tx_id text, p_kind text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v wallet_transactions%ROWTYPE;
BEGIN
  SELECT * INTO v FROM wallet_transactions WHERE provider = p_provider AND tx_id = p_tx_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF v.kind = 'void' AND p_kind = 'bet' THEN
    RETURN jsonb_build_object('status', 'rolled_back', 'message', 'this bet was rolled back before it arrived', 'txId', p_tx_id);
  ELSIF v.kind = p_kind AND v.request_hash = p_hash THEN
    RETURN v.response;
  END IF;
  RETURN jsonb_build_object('status', 'duplicate', 'message', 'transaction id already used for another request', 'txId', p_tx_id);
END $$;
