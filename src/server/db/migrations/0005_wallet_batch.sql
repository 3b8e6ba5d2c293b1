-- Group commit for the wallet: calls that arrive together run in one transaction and one round
-- trip (wallet.batch.ts). Each call runs in its own subtransaction (an exception block), so a call
-- that raises (a repeat WR001/23505, an overdraft 23514, a concurrent close 40001, a deadlock) is
-- undone alone and answered by its SQLSTATE; the caller handles that exactly as the single call's error.
--
-- Concurrent batches stay deadlock-free: the house shards the calls will post to are locked first,
-- in id order, then the calls run grouped by member in ascending member id; a call's own rows
-- (cash, comp, round, session) belong to its member. A call whose member only appears meanwhile
-- (a win racing its own bet) may still deadlock: PostgreSQL breaks that, and the call is retried.
--
-- p_ops: [{k:'bet', p, tx, h, r, t, a, i} | {k:'win', p, tx, h, r, a, c} | {k:'rollback', p, tx, h, ref}]
-- returns one element per call, in order: {r: reply} or {e: sqlstate, m: message}.
CREATE OR REPLACE FUNCTION wallet_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  WITH calls AS (
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
  WHERE member_id IS NULL
    AND ((kind = 'game_revenue' AND shard = ANY (v_revenue)) OR (kind = 'comp_expense' AND shard = ANY (v_expense)))
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
