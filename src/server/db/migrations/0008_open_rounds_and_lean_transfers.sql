-- The tables this migration alters, all at once and before anything else (migrations run in one
-- transaction): taken one by one, while the wallet is live, they could deadlock with a running batch.
LOCK TABLE ledger_accounts, game_rounds, ledger_transfers IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "open_game_rounds" (
	"game_round_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_from_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_to_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "game_rounds_open";
--> statement-breakpoint
INSERT INTO open_game_rounds (game_round_id) SELECT id FROM game_rounds WHERE status = 'open';
--> statement-breakpoint
-- Room on each page for a round's closing update to stay on its page (a heap-only update, no index writes).
ALTER TABLE game_rounds SET (fillfactor = 85);
--> statement-breakpoint
-- As in 0006, and a new round is listed in open_game_rounds.
CREATE OR REPLACE FUNCTION wallet_bet(
  p_provider text, p_tx_id text, p_hash text, p_round text, p_token_hash text, p_amount bigint, p_idle_ms bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_move record;
  v_round_id bigint;
  v_new_round boolean;
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
      RETURNING id, xmax = 0 INTO v_round_id, v_new_round; -- xmax is 0 on a row this statement inserted
      IF v_round_id IS NULL THEN
        -- The round closed between the look-up and now: undo everything; the caller retries.
        RAISE EXCEPTION 'wallet_bet: round % closed concurrently', p_round USING ERRCODE = '40001';
      END IF;
      IF v_new_round THEN
        INSERT INTO open_game_rounds (game_round_id) VALUES (v_round_id);
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
-- As in 0006, and the round leaves open_game_rounds when it closes.
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
  RETURNING id, member_id, category, total_bet INTO v_round;
  IF NOT FOUND THEN
    SELECT member_id INTO v_round FROM game_rounds WHERE provider = p_provider AND round_id = p_round;
    v_reply := CASE WHEN FOUND
      THEN jsonb_build_object('status', 'round_closed', 'message', 'the round is already closed', 'txId', p_tx_id, 'roundId', p_round)
      ELSE jsonb_build_object('status', 'round_not_found', 'message', 'no bet opened this round', 'txId', p_tx_id, 'roundId', p_round)
    END;
  ELSE
    IF p_close THEN
      DELETE FROM open_game_rounds WHERE game_round_id = v_round.id;
    END IF;
    SELECT cash.id AS cash_id, cash.balance AS cash_balance, house.id AS house_id, comp.id AS comp_id,
           expense.id AS expense_id,
           CASE WHEN p_close THEN (v_round.total_bet * comp_rate(st.settings, m.level, v_round.category)) / 10000 ELSE 0 END AS comp
    INTO a
    -- Every table is reached by its full unique key from the round's member, whatever the join order.
    FROM members m
    JOIN sites st ON st.id = m.site_id
    JOIN ledger_accounts cash ON cash.member_id = v_round.member_id AND cash.kind = 'cash'
    JOIN ledger_accounts comp ON comp.member_id = v_round.member_id AND comp.kind = 'comp'
    JOIN ledger_accounts house ON house.member_id IS NULL AND house.kind = 'game_revenue'
                              AND house.shard = (v_round.member_id % 64)::smallint
    JOIN ledger_accounts expense ON expense.member_id IS NULL AND expense.kind = 'comp_expense'
                                AND expense.shard = (v_round.member_id % 64)::smallint
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
-- As in 0002, and a round its rollback cancels leaves open_game_rounds.
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
        IF v_round.total_bet = v_bet.amount THEN -- the round was just cancelled
          DELETE FROM open_game_rounds WHERE game_round_id = v_round.id;
        END IF;
        v_reply := jsonb_build_object('status', 'success', 'result', 'refunded', 'balance', v_move.to_balance,
                                      'txId', p_tx_id, 'refTxId', p_ref_tx);
      END IF;
    END IF;
  END IF;
  RETURN wallet_record(p_provider, p_tx_id, 'rollback', NULL, p_ref_tx, v_bet.member_id, 0, p_hash, v_reply);
END $$;

--> statement-breakpoint
-- As in 0005, with plans that do not depend on the tables' statistics. A fresh database has none,
-- and its generic plans then started the account look-ups from a scan of all 64 house shards of a
-- kind (bench:wallet swung between runs by a third); the shard lock scanned every house account.
-- Now joins run in the order written (each table reached by its full key from the one before),
-- and the shard accounts are found one index look-up each, then locked by id. The SET clauses
-- also cover 0006's index-only, generic-plan settings, which a CREATE OR REPLACE would drop.
CREATE OR REPLACE FUNCTION wallet_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql
SET enable_seqscan = off SET plan_cache_mode = force_generic_plan
SET join_collapse_limit = 1 SET from_collapse_limit = 1 AS $$
DECLARE
  v_order int[];
  v_revenue smallint[];
  v_expense smallint[];
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_ops)]);
  v_op jsonb;
  v_reply jsonb;
  i int;
BEGIN
  -- Scalar sub-selects: one index look-up per call whatever the planner thinks of the JSON.
  -- MATERIALIZED: inlined, each aggregate below would look every call up again.
  WITH calls AS MATERIALIZED (
    SELECT x.ord::int AS ord, x.op ->> 'k' AS k,
      CASE x.op ->> 'k'
        WHEN 'bet' THEN (SELECT member_id FROM game_sessions
                         WHERE token_hash = x.op ->> 't' AND provider = x.op ->> 'p')
        WHEN 'win' THEN (SELECT member_id FROM game_rounds
                         WHERE provider = x.op ->> 'p' AND round_id = x.op ->> 'r')
        WHEN 'rollback' THEN (SELECT member_id FROM wallet_transactions
                              WHERE provider = x.op ->> 'p' AND tx_id = x.op ->> 'ref')
      END AS member_id
    FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS x(op, ord)
  )
  SELECT array_agg(ord ORDER BY member_id NULLS FIRST, ord),
         array_agg(DISTINCT (member_id % 64)::smallint) FILTER (WHERE member_id IS NOT NULL),
         array_agg(DISTINCT (member_id % 64)::smallint) FILTER (WHERE member_id IS NOT NULL AND k = 'win')
  INTO v_order, v_revenue, v_expense
  FROM calls;

  PERFORM 1 FROM ledger_accounts
  WHERE id = ANY (ARRAY(
    SELECT (SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'game_revenue' AND shard = s)
    FROM unnest(v_revenue) AS s
    UNION ALL
    SELECT (SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'comp_expense' AND shard = s)
    FROM unnest(v_expense) AS s))
  ORDER BY id FOR NO KEY UPDATE;

  FOREACH i IN ARRAY v_order LOOP
    v_op := p_ops -> (i - 1);
    BEGIN
      v_reply := CASE v_op ->> 'k'
        WHEN 'bet' THEN wallet_bet(v_op ->> 'p', v_op ->> 'tx', v_op ->> 'h', v_op ->> 'r', v_op ->> 't',
                                   (v_op ->> 'a')::bigint, (v_op ->> 'i')::bigint)
        WHEN 'win' THEN wallet_win(v_op ->> 'p', v_op ->> 'tx', v_op ->> 'h', v_op ->> 'r',
                                   (v_op ->> 'a')::bigint, (v_op ->> 'c')::boolean)
        WHEN 'rollback' THEN wallet_rollback(v_op ->> 'p', v_op ->> 'tx', v_op ->> 'h', v_op ->> 'ref')
      END;
      IF v_reply IS NULL THEN
        RAISE EXCEPTION 'wallet_batch: unknown call %', v_op ->> 'k' USING ERRCODE = '22023';
      END IF;
      v_out[i] := jsonb_build_object('r', v_reply);
    EXCEPTION WHEN OTHERS THEN
      v_out[i] := jsonb_build_object('e', SQLSTATE, 'm', SQLERRM);
    END;
  END LOOP;
  RETURN to_jsonb(v_out);
END $$;
