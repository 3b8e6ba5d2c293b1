-- The wallet's hot path, cheaper per call (bench:wallet): same rules and replies as migrations 0002
-- and 0005, fewer statements and index look-ups.

-- A transfer as ledger_post makes it, answering one row instead of a set: callers use it as a
-- plain expression, without a function scan. The two balance updates are single-row updates in
-- ascending id order: each is an index look-up whatever the table's size (an IN list let the
-- planner scan the whole, constantly updated, accounts table), and the lock order is now explicit.
CREATE OR REPLACE FUNCTION ledger_move(
  p_key text, p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_reference jsonb, p_reverses bigint,
  OUT transfer_id bigint, OUT from_balance bigint, OUT to_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_low bigint;
  v_high bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_from IS NULL OR p_to IS NULL OR p_from = p_to THEN
    RAISE EXCEPTION 'ledger_post: bad transfer % -> % of %', p_from, p_to, p_amount;
  END IF;
  INSERT INTO ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, reverses_id)
  VALUES (p_key, p_from, p_to, p_amount, p_kind, coalesce(p_reference, '{}'::jsonb), p_reverses)
  RETURNING id INTO transfer_id;
  UPDATE ledger_accounts SET balance = balance + CASE WHEN id = p_to THEN p_amount ELSE -p_amount END
  WHERE id = least(p_from, p_to) RETURNING balance INTO v_low;
  UPDATE ledger_accounts SET balance = balance + CASE WHEN id = p_to THEN p_amount ELSE -p_amount END
  WHERE id = greatest(p_from, p_to) RETURNING balance INTO v_high;
  IF v_low IS NULL OR v_high IS NULL THEN
    RAISE EXCEPTION 'ledger_post: accounts % and % must both exist', p_from, p_to;
  END IF;
  IF p_from < p_to THEN
    from_balance := v_low; to_balance := v_high;
  ELSE
    from_balance := v_high; to_balance := v_low;
  END IF;
END $$;
--> statement-breakpoint
-- Same signature and rows as in 0002; the posting itself is ledger_move's, so there is one copy.
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
--> statement-breakpoint
-- As in 0002, with the round looked up in the session query instead of a statement of its own.
CREATE OR REPLACE FUNCTION wallet_bet(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_token_hash text, p_amount bigint, p_idle_ms bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_move record;
  v_round_id bigint;
  v_reply jsonb;
BEGIN
  SELECT g.id AS game_id, g.member_id, g.vendor_code, g.game_code, g.category, m.status,
         cash.id AS cash_id, cash.balance AS cash_balance, house.id AS house_id,
         l.id AS login_id, l.last_seen_at,
         (l.revoked_at IS NULL AND l.expires_at > now()
          AND l.last_seen_at > now() - p_idle_ms * interval '1 millisecond') AS live,
         r.member_id AS round_member, r.status AS round_status
  INTO s
  FROM game_sessions g
  JOIN sessions l ON l.id = g.session_id
  JOIN members m ON m.id = g.member_id
  JOIN ledger_accounts cash ON cash.member_id = g.member_id AND cash.kind = 'cash'
  JOIN ledger_accounts house ON house.member_id IS NULL AND house.kind = 'game_revenue'
                            AND house.shard = (g.member_id % 64)::smallint
  LEFT JOIN game_rounds r ON r.provider = p_provider AND r.round_id = p_round
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
    -- game_rounds.member_id is NOT NULL: a null here means the round does not exist yet.
    IF s.round_member IS NOT NULL AND (s.round_member <> s.member_id OR s.round_status <> 'open') THEN
      v_reply := jsonb_build_object('status', 'round_closed', 'message', 'the round is closed or belongs to another player',
                                    'txId', p_tx_id, 'roundId', p_round);
    ELSE
      v_move := ledger_move('wallet:' || p_provider || ':' || p_tx_id, s.cash_id, s.house_id,
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
-- As in 0002, with transfers made by ledger_move.
CREATE OR REPLACE FUNCTION wallet_win(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_amount bigint, p_close boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round record;
  a record;
  v_move record;
  v_balance bigint;
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
      v_move := ledger_move('wallet:' || p_provider || ':' || p_tx_id, a.house_id, a.cash_id, p_amount, 'win',
        jsonb_build_object('provider', p_provider, 'roundId', p_round, 'txId', p_tx_id), NULL);
      v_balance := v_move.to_balance;
    END IF;
    IF a.comp > 0 THEN
      v_move := ledger_move('comp-accrual:wallet:' || p_provider || ':' || p_round, a.expense_id, a.comp_id, a.comp,
        'comp_accrual', jsonb_build_object('provider', p_provider, 'roundId', p_round), NULL);
    END IF;
    v_reply := jsonb_build_object('status', 'success', 'balance', v_balance, 'txId', p_tx_id, 'roundId', p_round);
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'win', p_round, NULL, v_round.member_id, p_amount, p_hash, v_reply);
END $$;
--> statement-breakpoint
-- The hot tables are small where the wallet starts out (a site's first members, 64 house shards per
-- kind), and there the planner prefers scanning a whole table and hashing over an index look-up.
-- Those tables are updated on every call, so a scan walks every row version on their pages, several
-- times per call. A batch's statements therefore run with index plans, as a large site gets anyway
-- (statements with no usable index still scan), and with generic plans: the shard-lock query's array
-- parameters made the plan cache plan it afresh for every batch, and every plan here is a few
-- unique-key look-ups whose shape does not depend on the values.
ALTER FUNCTION wallet_batch(jsonb) SET enable_seqscan = off SET plan_cache_mode = force_generic_plan;
