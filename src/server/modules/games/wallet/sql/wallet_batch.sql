-- Group commit for the wallet: calls that arrive together run in one transaction and one round
-- trip (wallet.batch.ts). The plain bets and wins go first, set-based, in wallet_batch_fast: all of
-- them in one subtransaction, undone together should any statement raise. The rest (refusals, repeats,
-- rollbacks, a round's second call in the batch, and all of them after such an undo) run call by call,
-- each in its own subtransaction (an exception block), so a call that raises (a repeat WR001/23505, an
-- overdraft 23514, a concurrent close 40001, a deadlock) is undone alone and answered by its SQLSTATE;
-- the caller handles that exactly as the single call's error.
--
-- Concurrent batches stay deadlock-free: the house shards the calls will post to are locked first,
-- in shard order (advisory locks, no WAL), then the calls run grouped by member in ascending member id; a call's own rows
-- (cash, comp, round, session) belong to its member. A call whose member only appears meanwhile
-- (a win racing its own bet) may still deadlock: PostgreSQL breaks that, and the call is retried.
--
-- p_ops: [{k:'bet', p, tx, h, r, t, a, i} | {k:'win', p, tx, h, r, a, c} | {k:'rollback', p, tx, h, ref}]
-- returns one element per call, in order: {r: reply} or {e: sqlstate, m: message}.
--
-- Plans that do not depend on the tables' statistics. The hot tables are small where the wallet
-- starts out (a site's first members, house_shards() rows per house kind), and there the planner prefers
-- scanning a whole table over an index look-up; a fresh database has no statistics at all, and its
-- generic plans started the account look-ups from a scan of all the house shards of a kind
-- (bench:wallet swung between runs by a third). So: index plans (enable_seqscan = off), generic
-- plans (the shard-lock query's array parameters made the plan cache plan it afresh for every
-- batch), and joins in the order written (each table reached by its full key from the one before);
-- the shard accounts are found one index look-up each, then locked by id. Nested loops only: guessing
-- 100 calls, a generic plan hashed them and walked the whole game_sessions index to find their sessions.
CREATE OR REPLACE FUNCTION wallet_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET plan_cache_mode = force_generic_plan
SET join_collapse_limit = 1 SET from_collapse_limit = 1 AS $$
DECLARE
  v_order int[];
  v_members bigint[];
  v_jackpot smallint[];
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_ops)]);
  v_fast int[];
  v_done jsonb;
  v_op jsonb;
  v_reply jsonb;
  i int;
BEGIN
  -- Scalar sub-selects: one index look-up per call whatever the planner thinks of the JSON.
  -- MATERIALIZED: inlined, each aggregate below would look every call up again.
  WITH calls AS MATERIALIZED (
    SELECT x.ord::int AS ord, x.op ->> 'k' AS k, x.op ->> 'p' AS provider, x.op ->> 'r' AS round_id,
      x.op ->> 'tx' AS tx, x.op ->> 'ref' AS ref,
      CASE x.op ->> 'k'
        WHEN 'bet' THEN g.member_id
        WHEN 'win' THEN (SELECT member_id FROM game_rounds
                         WHERE provider = x.op ->> 'p' AND round_id = x.op ->> 'r')
        WHEN 'rollback' THEN (SELECT member_id FROM wallet_transactions
                              WHERE provider = x.op ->> 'p' AND tx_id = x.op ->> 'ref')
      END AS member_id,
      coalesce(g.jackpot_bps, 0) > 0 AS jackpot,
      -- A rollback of a jackpot game's bet: its share may come back from any pool account. (A bet in
      -- this same batch is not recorded yet: its rollback is found below, by the bet's own call.)
      CASE WHEN x.op ->> 'k' = 'rollback' THEN
        coalesce((SELECT s.jackpot_bps FROM wallet_transactions t
                  JOIN game_rounds r ON r.provider = t.provider AND r.round_id = t.round_id
                  JOIN game_sessions s ON s.id = r.game_session_id
                  WHERE t.provider = x.op ->> 'p' AND t.tx_id = x.op ->> 'ref' AND t.kind = 'bet'), 0) > 0
      ELSE false END AS jackpot_rollback
    FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS x(op, ord)
    -- A bet's game session: its member, and whether the stake feeds the jackpot (one look-up for both).
    LEFT JOIN LATERAL (SELECT member_id, jackpot_bps FROM game_sessions
                       WHERE x.op ->> 'k' = 'bet' AND token_hash = x.op ->> 't' AND provider = x.op ->> 'p') g ON true
  )
  SELECT array_agg(ord ORDER BY member_id NULLS FIRST, ord),
         -- What wallet_batch_fast may take: a bet or win, alone in the batch for its round.
         array_agg(ord) FILTER (WHERE k IN ('bet', 'win') AND member_id IS NOT NULL AND round_calls = 1),
         array_agg(DISTINCT member_id) FILTER (WHERE member_id IS NOT NULL),
         CASE WHEN bool_or(jackpot_rollback OR (k = 'rollback' AND EXISTS (SELECT 1 FROM calls b
                     WHERE b.k = 'bet' AND b.jackpot AND b.provider = calls.provider AND b.tx = calls.ref)))
           THEN ARRAY(SELECT shard FROM jackpot_shards)
           ELSE array_agg(DISTINCT house_shard(member_id)) FILTER (WHERE member_id IS NOT NULL AND jackpot) END
  INTO v_order, v_fast, v_members, v_jackpot
  FROM (SELECT c.*, count(*) OVER (PARTITION BY c.provider, c.round_id) AS round_calls FROM calls c) calls;

  -- The house shards the batch's members post to (their game revenue and comp expense rows), taken in
  -- shard order as transaction advisory locks: two batches sharing a shard run one after the other, as
  -- a row lock on each house shard row did, but a row lock is a WAL record of its own per row and per
  -- batch (about 1.5 per wallet operation, issue 34); an advisory lock writes nothing. The rows
  -- themselves are then locked by the postings' updates, in account id order.
  PERFORM pg_advisory_xact_lock(727034, s) FROM unnest(ARRAY(
    SELECT DISTINCT house_shard(m.id)::int FROM unnest(v_members) AS m(id) ORDER BY 1)) AS s;

  -- The jackpot pool shards the batch's bets will feed, in shard order, before any call runs: a
  -- jackpot win (wallet_jackpot) takes all of them in the same order before any account, so the two
  -- cannot deadlock, and no contribution lands while a win empties the pool. Advisory locks, as the
  -- house shards': every writer of jackpot_shards takes them first, and a row lock is a WAL record.
  -- A batch with a rollback of a jackpot game's bet takes all of them, as the win does: that bet's
  -- share may come back from any pool account (wallet_rollback_jackpot_share).
  IF v_jackpot IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(727035, s) FROM unnest(ARRAY(SELECT DISTINCT j FROM unnest(v_jackpot) j ORDER BY 1)) AS s;
  END IF;

  IF v_fast IS NOT NULL THEN
    BEGIN
      v_done := wallet_batch_fast(p_ops, v_fast);
      SELECT array_agg(o) INTO v_fast FROM jsonb_to_recordset(v_done) AS d(o int);
      FOR i IN 0 .. jsonb_array_length(v_done) - 1 LOOP
        v_out[(v_done -> i ->> 'o')::int] := jsonb_build_object('r', v_done -> i -> 'r');
      END LOOP;
    EXCEPTION WHEN OTHERS THEN
      v_fast := NULL;
    END;
  END IF;

  FOREACH i IN ARRAY v_order LOOP
    CONTINUE WHEN i = ANY (v_fast);
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
  -- The members' live streams re-read their balances (live.notify.ts); sent only if this commits.
  IF v_members IS NOT NULL THEN
    PERFORM pg_notify(live_channel(), jsonb_build_object('k', 'members', 'ids', v_members)::text);
  END IF;
  RETURN to_jsonb(v_out);
END $$;
