-- A bet refused for want of money that only the balance constraint caught (a concurrent debit).
CREATE OR REPLACE FUNCTION wallet_refuse_bet(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_token_hash text, p_amount bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  SELECT g.member_id, cash.balance INTO s FROM game_sessions g
  JOIN ledger_accounts cash ON cash.member_id = g.member_id AND cash.kind = 'cash'
  WHERE g.token_hash = p_token_hash AND g.provider = p_provider;
  RETURN wallet_record(p_provider, p_tx_id, 'bet', p_round, NULL, s.member_id, p_amount, p_hash,
    jsonb_build_object('status', 'balance', 'message', 'insufficient funds', 'balance', s.balance,
                       'txId', p_tx_id, 'roundId', p_round));
END $$;
