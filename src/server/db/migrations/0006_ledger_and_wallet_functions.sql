-- One implementation of a ledger transfer, used by the TypeScript ledger service and by the wallet
-- functions below: locks both accounts in id order, refuses to overdraw a member account, records
-- the transfer under its idempotency key and moves the balances, all in the caller's transaction.
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_key text, p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_reference jsonb, p_reverses bigint
) RETURNS TABLE (transfer_id bigint, outcome text, from_balance bigint, to_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_existing ledger_transfers%ROWTYPE;
  v_from ledger_accounts%ROWTYPE;
  v_id bigint;
  v_from_balance bigint;
  v_to_balance bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'ledger_transfer: amount must be positive, got %', p_amount;
  END IF;
  IF p_from IS NULL OR p_to IS NULL THEN
    RAISE EXCEPTION 'ledger_transfer: account missing (from %, to %)', p_from, p_to;
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id IN (p_from, p_to) ORDER BY id FOR UPDATE;
  SELECT * INTO v_existing FROM ledger_transfers WHERE idempotency_key = p_key;
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
  INSERT INTO ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, reverses_id)
  VALUES (p_key, p_from, p_to, p_amount, p_kind, coalesce(p_reference, '{}'::jsonb), p_reverses)
  RETURNING id INTO v_id;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = p_from RETURNING balance INTO v_from_balance;
  UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = p_to RETURNING balance INTO v_to_balance;
  RETURN QUERY SELECT v_id, 'applied'::text, v_from_balance, v_to_balance;
END $$;
--> statement-breakpoint
-- Basis points of stake paid as comp for a site's settings, member level and game category
-- (the same rule as compRate in comp.service.ts; a test keeps the two equal).
CREATE OR REPLACE FUNCTION comp_rate(p_settings jsonb, p_level int, p_category text) RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'number' AND (v::text)::numeric = trunc((v::text)::numeric)
                   AND (v::text)::numeric > 0 AND (v::text)::numeric <= 10000
              THEN (v::text)::int ELSE 0 END
  FROM (SELECT p_settings -> 'comp' -> 'rates' -> p_level::text -> p_category AS v) r
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_house_account(p_kind text, p_member bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = p_kind AND shard = (p_member % 8)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_member_account(p_kind text, p_member bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT id FROM ledger_accounts WHERE member_id = p_member AND kind = p_kind
$$;
--> statement-breakpoint
-- Claims (provider, tx id) for this call. NULL means it is new; otherwise the reply to give back:
-- the stored one for an exact repeat, 'duplicate' for the same id with another body, or
-- 'rolled_back' for a bet whose rollback arrived first.
CREATE OR REPLACE FUNCTION wallet_claim(
  p_provider text, p_tx_id text, p_kind text, p_round text, p_ref text, p_amount bigint, p_hash text, OUT claimed_id bigint, OUT reply jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_tx wallet_transactions%ROWTYPE;
BEGIN
  INSERT INTO wallet_transactions (provider, tx_id, kind, round_id, ref_tx_id, amount, request_hash)
  VALUES (p_provider, p_tx_id, p_kind, p_round, p_ref, p_amount, p_hash)
  ON CONFLICT (provider, tx_id) DO NOTHING
  RETURNING id INTO claimed_id;
  IF claimed_id IS NOT NULL THEN RETURN; END IF;
  SELECT * INTO v_tx FROM wallet_transactions WHERE provider = p_provider AND tx_id = p_tx_id;
  IF v_tx.kind = 'void' AND p_kind = 'bet' THEN
    reply := jsonb_build_object('status', 'rolled_back', 'message', 'this bet was rolled back before it arrived',
                                'txId', p_tx_id);
  ELSIF v_tx.request_hash = p_hash AND v_tx.response IS NOT NULL THEN
    reply := v_tx.response;
  ELSE
    reply := jsonb_build_object('status', 'duplicate', 'message', 'transaction id already used for another request',
                                'txId', p_tx_id);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_settle(p_claimed bigint, p_member bigint, p_reply jsonb) RETURNS jsonb
LANGUAGE sql AS $$
  UPDATE wallet_transactions SET response = p_reply, member_id = p_member WHERE id = p_claimed RETURNING response
$$;
--> statement-breakpoint
-- A bet: needs a live game session of an active member whose login session has not ended.
CREATE OR REPLACE FUNCTION wallet_bet(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_token_hash text, p_amount bigint, p_idle_ms bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c record;
  v_game game_sessions%ROWTYPE;
  v_login sessions%ROWTYPE;
  v_status text;
  v_round game_rounds%ROWTYPE;
  v_move record;
BEGIN
  SELECT * INTO c FROM wallet_claim(p_provider, p_tx_id, 'bet', p_round, NULL, p_amount, p_hash);
  IF c.claimed_id IS NULL THEN RETURN c.reply; END IF;

  SELECT * INTO v_game FROM game_sessions WHERE token_hash = p_token_hash AND provider = p_provider;
  IF NOT FOUND THEN
    RETURN wallet_settle(c.claimed_id, NULL, jsonb_build_object('status', 'session_expired',
      'message', 'unknown game session', 'txId', p_tx_id));
  END IF;
  SELECT * INTO v_login FROM sessions WHERE id = v_game.session_id;
  IF v_login.revoked_at IS NOT NULL OR v_login.expires_at <= now()
     OR v_login.last_seen_at <= now() - p_idle_ms * interval '1 millisecond' THEN
    RETURN wallet_settle(c.claimed_id, v_game.member_id, jsonb_build_object('status', 'session_expired',
      'message', 'the player''s session has ended', 'txId', p_tx_id));
  END IF;
  SELECT status INTO v_status FROM members WHERE id = v_game.member_id;
  IF v_status <> 'active' THEN
    RETURN wallet_settle(c.claimed_id, v_game.member_id, jsonb_build_object('status', 'blocked',
      'message', 'the player may not bet', 'txId', p_tx_id));
  END IF;
  -- Betting keeps the login session alive, as any other request of the member would.
  UPDATE sessions SET last_seen_at = now() WHERE id = v_login.id AND last_seen_at < now() - interval '30 seconds';

  INSERT INTO game_rounds (provider, round_id, member_id, game_session_id, vendor_code, game_code, category)
  VALUES (p_provider, p_round, v_game.member_id, v_game.id, v_game.vendor_code, v_game.game_code, v_game.category)
  ON CONFLICT (provider, round_id) DO NOTHING;
  SELECT * INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = p_round FOR UPDATE;
  IF v_round.member_id <> v_game.member_id OR v_round.status <> 'open' THEN
    RETURN wallet_settle(c.claimed_id, v_game.member_id, jsonb_build_object('status', 'round_closed',
      'message', 'the round is closed or belongs to another player', 'txId', p_tx_id, 'roundId', p_round));
  END IF;

  SELECT * INTO v_move FROM ledger_transfer('wallet:' || p_provider || ':' || p_tx_id,
    wallet_member_account('cash', v_game.member_id), wallet_house_account('game_revenue', v_game.member_id),
    p_amount, 'bet', jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
  IF v_move.outcome = 'insufficient' THEN
    RETURN wallet_settle(c.claimed_id, v_game.member_id, jsonb_build_object('status', 'balance',
      'message', 'insufficient funds', 'balance', v_move.from_balance, 'txId', p_tx_id, 'roundId', p_round));
  END IF;
  UPDATE game_rounds SET total_bet = total_bet + p_amount WHERE id = v_round.id;
  RETURN wallet_settle(c.claimed_id, v_game.member_id, jsonb_build_object('status', 'success',
    'balance', v_move.from_balance, 'txId', p_tx_id, 'roundId', p_round));
END $$;
--> statement-breakpoint
-- A win (amount 0 for a loss): accepted after the session ended. Closing the round accrues comp.
CREATE OR REPLACE FUNCTION wallet_win(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_amount bigint, p_close boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c record;
  v_round game_rounds%ROWTYPE;
  v_move record;
  v_balance bigint;
  v_rate int;
  v_comp bigint;
BEGIN
  SELECT * INTO c FROM wallet_claim(p_provider, p_tx_id, 'win', p_round, NULL, p_amount, p_hash);
  IF c.claimed_id IS NULL THEN RETURN c.reply; END IF;
  SELECT * INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = p_round FOR UPDATE;
  IF NOT FOUND THEN
    RETURN wallet_settle(c.claimed_id, NULL, jsonb_build_object('status', 'round_not_found',
      'message', 'no bet opened this round', 'txId', p_tx_id, 'roundId', p_round));
  END IF;
  IF v_round.status <> 'open' THEN
    RETURN wallet_settle(c.claimed_id, v_round.member_id, jsonb_build_object('status', 'round_closed',
      'message', 'the round is already closed', 'txId', p_tx_id, 'roundId', p_round));
  END IF;
  IF p_amount > 0 THEN
    SELECT * INTO v_move FROM ledger_transfer('wallet:' || p_provider || ':' || p_tx_id,
      wallet_house_account('game_revenue', v_round.member_id), wallet_member_account('cash', v_round.member_id),
      p_amount, 'win', jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
    v_balance := v_move.to_balance;
  ELSE
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = wallet_member_account('cash', v_round.member_id);
  END IF;
  UPDATE game_rounds SET total_win = total_win + p_amount, has_win = true,
    status = CASE WHEN p_close THEN 'closed' ELSE status END,
    closed_at = CASE WHEN p_close THEN now() ELSE closed_at END
  WHERE id = v_round.id;
  IF p_close AND v_round.total_bet > 0 THEN
    SELECT comp_rate(s.settings, m.level, v_round.category) INTO v_rate
    FROM members m JOIN sites s ON s.id = m.site_id WHERE m.id = v_round.member_id;
    v_comp := (v_round.total_bet * coalesce(v_rate, 0)) / 10000;
    IF v_comp > 0 THEN
      PERFORM ledger_transfer('comp-accrual:wallet:' || p_provider || ':' || p_round,
        wallet_house_account('comp_expense', v_round.member_id), wallet_member_account('comp', v_round.member_id),
        v_comp, 'comp_accrual', jsonb_build_object('provider', p_provider, 'roundId', p_round), NULL);
    END IF;
  END IF;
  RETURN wallet_settle(c.claimed_id, v_round.member_id, jsonb_build_object('status', 'success',
    'balance', v_balance, 'txId', p_tx_id, 'roundId', p_round));
END $$;
--> statement-breakpoint
-- A rollback of a bet: refunds it unless the round already has its win; a rollback of a bet we
-- never saw is recorded, answered as such, and makes that bet fail if it arrives later.
CREATE OR REPLACE FUNCTION wallet_rollback(
  p_provider text, p_tx_id text, p_hash text, p_ref_tx text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c record;
  v_bet wallet_transactions%ROWTYPE;
  v_round game_rounds%ROWTYPE;
  v_move record;
BEGIN
  SELECT * INTO c FROM wallet_claim(p_provider, p_tx_id, 'rollback', NULL, p_ref_tx, 0, p_hash);
  IF c.claimed_id IS NULL THEN RETURN c.reply; END IF;
  INSERT INTO wallet_transactions (provider, tx_id, kind, ref_tx_id, request_hash, response)
  VALUES (p_provider, p_ref_tx, 'void', p_tx_id, '',
          jsonb_build_object('status', 'rolled_back', 'txId', p_ref_tx))
  ON CONFLICT (provider, tx_id) DO NOTHING;
  IF FOUND THEN
    RETURN wallet_settle(c.claimed_id, NULL, jsonb_build_object('status', 'success', 'result', 'bet_not_found',
      'txId', p_tx_id, 'refTxId', p_ref_tx));
  END IF;
  SELECT * INTO v_bet FROM wallet_transactions WHERE provider = p_provider AND tx_id = p_ref_tx FOR UPDATE;
  IF v_bet.kind = 'void' THEN
    RETURN wallet_settle(c.claimed_id, NULL, jsonb_build_object('status', 'success', 'result', 'bet_not_found',
      'txId', p_tx_id, 'refTxId', p_ref_tx));
  END IF;
  IF v_bet.kind <> 'bet' THEN
    RETURN wallet_settle(c.claimed_id, v_bet.member_id, jsonb_build_object('status', 'invalid',
      'message', 'only bets can be rolled back', 'txId', p_tx_id, 'refTxId', p_ref_tx));
  END IF;
  IF v_bet.rolled_back OR v_bet.response ->> 'status' IS DISTINCT FROM 'success' THEN
    RETURN wallet_settle(c.claimed_id, v_bet.member_id, jsonb_build_object('status', 'success',
      'result', CASE WHEN v_bet.rolled_back THEN 'already_rolled_back' ELSE 'nothing_to_refund' END,
      'txId', p_tx_id, 'refTxId', p_ref_tx));
  END IF;
  SELECT * INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = v_bet.round_id FOR UPDATE;
  IF v_round.has_win OR v_round.status <> 'open' THEN
    RETURN wallet_settle(c.claimed_id, v_bet.member_id, jsonb_build_object('status', 'round_settled',
      'message', 'the round already has its win; it cannot be rolled back', 'txId', p_tx_id, 'refTxId', p_ref_tx));
  END IF;
  SELECT * INTO v_move FROM ledger_transfer('wallet-rollback:' || p_provider || ':' || p_ref_tx,
    wallet_house_account('game_revenue', v_bet.member_id), wallet_member_account('cash', v_bet.member_id),
    v_bet.amount, 'bet_rollback', jsonb_build_object('provider', p_provider, 'roundId', v_bet.round_id,
    'txId', p_ref_tx), NULL);
  UPDATE wallet_transactions SET rolled_back = true WHERE id = v_bet.id;
  UPDATE game_rounds SET total_bet = total_bet - v_bet.amount,
    status = CASE WHEN total_bet - v_bet.amount = 0 THEN 'cancelled' ELSE status END,
    closed_at = CASE WHEN total_bet - v_bet.amount = 0 THEN now() ELSE closed_at END
  WHERE id = v_round.id;
  RETURN wallet_settle(c.claimed_id, v_bet.member_id, jsonb_build_object('status', 'success', 'result', 'refunded',
    'balance', v_move.to_balance, 'txId', p_tx_id, 'refTxId', p_ref_tx));
END $$;
