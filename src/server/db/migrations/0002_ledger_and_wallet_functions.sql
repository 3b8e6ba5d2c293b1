-- The ledger's transfer and the wallet's hot path, measured with bench:wallet. Every helper is PL/pgSQL (plans cached per
-- connection) or a single inlinable expression; a first-time call takes no advisory lock and does
-- no look-up of its own transaction id: its final insert finds a repeat (SQLSTATE WR001) and the
-- whole call is undone, after which the caller asks wallet_stored_reply.

-- Records a transfer and moves both balances in one UPDATE, which locks the two rows in ascending
-- id order. A member account going below zero violates ledger_member_never_negative (23514) and
-- undoes the caller's transaction: callers that need a soft refusal check the balance first.
CREATE OR REPLACE FUNCTION ledger_post(
  p_key text, p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_reference jsonb, p_reverses bigint
) RETURNS TABLE (transfer_id bigint, outcome text, from_balance bigint, to_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_from bigint;
  v_to bigint;
  v_rows int := 0;
  r record;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_from IS NULL OR p_to IS NULL OR p_from = p_to THEN
    RAISE EXCEPTION 'ledger_post: bad transfer % -> % of %', p_from, p_to, p_amount;
  END IF;
  INSERT INTO ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, reverses_id)
  VALUES (p_key, p_from, p_to, p_amount, p_kind, coalesce(p_reference, '{}'::jsonb), p_reverses)
  RETURNING id INTO v_id;
  FOR r IN
    UPDATE ledger_accounts SET balance = balance + CASE WHEN id = p_to THEN p_amount ELSE -p_amount END
    WHERE id IN (p_from, p_to) RETURNING id, balance
  LOOP
    v_rows := v_rows + 1;
    IF r.id = p_from THEN v_from := r.balance; ELSE v_to := r.balance; END IF;
  END LOOP;
  IF v_rows <> 2 THEN
    RAISE EXCEPTION 'ledger_post: accounts % and % must both exist', p_from, p_to;
  END IF;
  RETURN QUERY SELECT v_id, 'applied'::text, v_from, v_to;
END $$;
--> statement-breakpoint
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
  -- Lock first: a concurrent transfer under the same key is then visible to the look-up below.
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
  RETURN QUERY SELECT * FROM ledger_post(p_key, p_from, p_to, p_amount, p_kind, p_reference, p_reverses);
END $$;
--> statement-breakpoint
-- Written as one expression so the planner inlines it into the query that calls it.
CREATE OR REPLACE FUNCTION comp_rate(p_settings jsonb, p_level int, p_category text) RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(p_settings #> ARRAY['comp', 'rates', p_level::text, p_category]) = 'number'
     AND (p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::numeric
         = trunc((p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::numeric)
     AND (p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::numeric > 0
     AND (p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::numeric <= 10000
    THEN (p_settings #>> ARRAY['comp', 'rates', p_level::text, p_category])::int
    ELSE 0 END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
-- A bet: a live game session of an active member whose login session has not ended, an open round
-- of theirs (or a new one), and the stake moved from their cash to a house shard.
CREATE OR REPLACE FUNCTION wallet_bet(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_token_hash text, p_amount bigint, p_idle_ms bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_round record;
  v_move record;
  v_round_id bigint;
  v_reply jsonb;
BEGIN
  SELECT g.id AS game_id, g.member_id, g.vendor_code, g.game_code, g.category, m.status,
         cash.id AS cash_id, cash.balance AS cash_balance, house.id AS house_id,
         l.id AS login_id, l.last_seen_at,
         (l.revoked_at IS NULL AND l.expires_at > now()
          AND l.last_seen_at > now() - p_idle_ms * interval '1 millisecond') AS live
  INTO s
  FROM game_sessions g
  JOIN sessions l ON l.id = g.session_id
  JOIN members m ON m.id = g.member_id
  JOIN ledger_accounts cash ON cash.member_id = g.member_id AND cash.kind = 'cash'
  JOIN ledger_accounts house ON house.member_id IS NULL AND house.kind = 'game_revenue'
                            AND house.shard = (g.member_id % 64)::smallint
  WHERE g.token_hash = p_token_hash AND g.provider = p_provider;

  IF NOT FOUND THEN
    v_reply := jsonb_build_object('status', 'session_expired', 'message', 'unknown game session', 'txId', p_tx_id);
  ELSIF NOT s.live THEN
    v_reply := jsonb_build_object('status', 'session_expired', 'message', 'the player''s session has ended', 'txId', p_tx_id);
  ELSIF s.status <> 'active' THEN
    v_reply := jsonb_build_object('status', 'blocked', 'message', 'the player may not bet', 'txId', p_tx_id);
  ELSIF s.cash_balance < p_amount THEN
    -- Read without a lock: a concurrent debit is still caught by the balance check constraint.
    v_reply := jsonb_build_object('status', 'balance', 'message', 'insufficient funds', 'balance', s.cash_balance,
                                  'txId', p_tx_id, 'roundId', p_round);
  ELSE
    SELECT member_id, status INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = p_round;
    IF FOUND AND (v_round.member_id <> s.member_id OR v_round.status <> 'open') THEN
      v_reply := jsonb_build_object('status', 'round_closed', 'message', 'the round is closed or belongs to another player',
                                    'txId', p_tx_id, 'roundId', p_round);
    ELSE
      SELECT * INTO v_move FROM ledger_post('wallet:' || p_provider || ':' || p_tx_id, s.cash_id, s.house_id,
        p_amount, 'bet', jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
      INSERT INTO game_rounds (provider, round_id, member_id, game_session_id, vendor_code, game_code, category, total_bet)
      VALUES (p_provider, p_round, s.member_id, s.game_id, s.vendor_code, s.game_code, s.category, p_amount)
      ON CONFLICT (provider, round_id) DO UPDATE SET total_bet = game_rounds.total_bet + excluded.total_bet
        WHERE game_rounds.status = 'open' AND game_rounds.member_id = excluded.member_id
      RETURNING id INTO v_round_id;
      IF v_round_id IS NULL THEN
        -- The round closed between the look-up and now: undo everything; the caller retries.
        RAISE EXCEPTION 'wallet_bet: round % closed concurrently', p_round USING ERRCODE = '40001';
      END IF;
      v_reply := jsonb_build_object('status', 'success', 'balance', v_move.from_balance, 'txId', p_tx_id, 'roundId', p_round);
    END IF;
    -- Betting keeps the login session alive, as any other request of the member would.
    IF s.last_seen_at < now() - interval '30 seconds' THEN
      UPDATE sessions SET last_seen_at = now() WHERE id = s.login_id;
    END IF;
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'bet', p_round, NULL, s.member_id, p_amount, p_hash, v_reply);
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
-- A win (amount 0 for a loss): accepted after the session ended. Closing the round accrues comp.
CREATE OR REPLACE FUNCTION wallet_win(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_amount bigint, p_close boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round record;
  a record;
  v_move record;
  v_balance bigint;
  v_comp bigint;
  v_reply jsonb;
BEGIN
  UPDATE game_rounds SET total_win = total_win + p_amount, has_win = true,
    status = CASE WHEN p_close THEN 'closed' ELSE status END,
    closed_at = CASE WHEN p_close THEN now() ELSE closed_at END
  WHERE provider = p_provider AND round_id = p_round AND status = 'open'
  RETURNING member_id, category, total_bet INTO v_round;
  IF NOT FOUND THEN
    SELECT member_id INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = p_round;
    v_reply := CASE WHEN FOUND
      THEN jsonb_build_object('status', 'round_closed', 'message', 'the round is already closed', 'txId', p_tx_id, 'roundId', p_round)
      ELSE jsonb_build_object('status', 'round_not_found', 'message', 'no bet opened this round', 'txId', p_tx_id, 'roundId', p_round)
    END;
  ELSE
    SELECT cash.id AS cash_id, cash.balance AS cash_balance, house.id AS house_id, comp.id AS comp_id,
           expense.id AS expense_id,
           CASE WHEN p_close THEN (v_round.total_bet * comp_rate(st.settings, m.level, v_round.category)) / 10000 ELSE 0 END AS comp
    INTO a
    FROM members m
    JOIN sites st ON st.id = m.site_id
    JOIN ledger_accounts cash ON cash.member_id = m.id AND cash.kind = 'cash'
    JOIN ledger_accounts comp ON comp.member_id = m.id AND comp.kind = 'comp'
    JOIN ledger_accounts house ON house.member_id IS NULL AND house.kind = 'game_revenue' AND house.shard = (m.id % 64)::smallint
    JOIN ledger_accounts expense ON expense.member_id IS NULL AND expense.kind = 'comp_expense' AND expense.shard = (m.id % 64)::smallint
    WHERE m.id = v_round.member_id;
    v_balance := a.cash_balance;
    IF p_amount > 0 THEN
      SELECT * INTO v_move FROM ledger_post('wallet:' || p_provider || ':' || p_tx_id, a.house_id, a.cash_id, p_amount, 'win',
        jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
      v_balance := v_move.to_balance;
    END IF;
    IF a.comp > 0 THEN
      PERFORM ledger_post('comp-accrual:wallet:' || p_provider || ':' || p_round, a.expense_id, a.comp_id, a.comp,
        'comp_accrual', jsonb_build_object('provider', p_provider, 'roundId', p_round), NULL);
    END IF;
    v_reply := jsonb_build_object('status', 'success', 'balance', v_balance, 'txId', p_tx_id, 'roundId', p_round);
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'win', p_round, NULL, v_round.member_id, p_amount, p_hash, v_reply);
END $$;
--> statement-breakpoint
-- A rollback of a bet: refunds it unless the round already has its win; a rollback of a bet we
-- never saw is recorded, answered as such, and voids that bet should it arrive later.
CREATE OR REPLACE FUNCTION wallet_rollback(
  p_provider text, p_tx_id text, p_hash text, p_ref_tx text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_bet wallet_transactions%ROWTYPE;
  v_round game_rounds%ROWTYPE;
  v_move record;
  v_reply jsonb;
  v_void bigint;
BEGIN
  -- Claim the bet's id with a void mark; if the bet was recorded (or is being), this waits for it.
  INSERT INTO wallet_transactions (provider, tx_id, kind, ref_tx_id, request_hash, response)
  VALUES (p_provider, p_ref_tx, 'void', p_tx_id, '', jsonb_build_object('status', 'rolled_back', 'txId', p_ref_tx))
  ON CONFLICT (provider, tx_id) DO NOTHING
  RETURNING id INTO v_void;
  IF v_void IS NOT NULL THEN
    v_reply := jsonb_build_object('status', 'success', 'result', 'bet_not_found', 'txId', p_tx_id, 'refTxId', p_ref_tx);
  ELSE
    SELECT * INTO v_bet FROM wallet_transactions WHERE provider = p_provider AND tx_id = p_ref_tx FOR UPDATE;
    IF v_bet.kind = 'void' THEN
      v_reply := jsonb_build_object('status', 'success', 'result', 'bet_not_found', 'txId', p_tx_id, 'refTxId', p_ref_tx);
    ELSIF v_bet.kind <> 'bet' THEN
      v_reply := jsonb_build_object('status', 'invalid', 'message', 'only bets can be rolled back', 'txId', p_tx_id, 'refTxId', p_ref_tx);
    ELSIF v_bet.rolled_back OR v_bet.response ->> 'status' IS DISTINCT FROM 'success' THEN
      v_reply := jsonb_build_object('status', 'success',
        'result', CASE WHEN v_bet.rolled_back THEN 'already_rolled_back' ELSE 'nothing_to_refund' END,
        'txId', p_tx_id, 'refTxId', p_ref_tx);
    ELSE
      SELECT * INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = v_bet.round_id FOR UPDATE;
      IF v_round.has_win OR v_round.status <> 'open' THEN
        v_reply := jsonb_build_object('status', 'round_settled',
          'message', 'the round already has its win; it cannot be rolled back', 'txId', p_tx_id, 'refTxId', p_ref_tx);
      ELSE
        SELECT * INTO v_move FROM ledger_post('wallet-rollback:' || p_provider || ':' || p_ref_tx,
          (SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'game_revenue' AND shard = (v_bet.member_id % 64)::smallint),
          (SELECT id FROM ledger_accounts WHERE member_id = v_bet.member_id AND kind = 'cash'),
          v_bet.amount, 'bet_rollback', jsonb_build_object('provider', p_provider, 'roundId', v_bet.round_id, 'txId', p_ref_tx), NULL);
        UPDATE wallet_transactions SET rolled_back = true WHERE id = v_bet.id;
        UPDATE game_rounds SET total_bet = total_bet - v_bet.amount,
          status = CASE WHEN total_bet - v_bet.amount = 0 THEN 'cancelled' ELSE status END,
          closed_at = CASE WHEN total_bet - v_bet.amount = 0 THEN now() ELSE closed_at END
        WHERE id = v_round.id;
        v_reply := jsonb_build_object('status', 'success', 'result', 'refunded', 'balance', v_move.to_balance,
                                      'txId', p_tx_id, 'refTxId', p_ref_tx);
      END IF;
    END IF;
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'rollback', NULL, p_ref_tx, v_bet.member_id, 0, p_hash, v_reply);
END $$;
