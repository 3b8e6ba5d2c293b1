-- The ledger's set-based posting: many transfers in a few statements, for a caller that posts a whole
-- batch at once (wallet_batch_fast). With ledger_move, the only writer of ledger_transfers, and with
-- ledger_move's rules, applied posting by posting in the order given (the i-th element of each array
-- is one transfer):
--   * a transfer is a positive amount between two different accounts, which must both exist;
--   * the accounts are locked in ascending id order before anything is written (ledger_move's order);
--   * a member account never goes below zero, after any posting: a debit the cash did not cover when
--     it came is refused even if a later credit here would cover it, with the balance constraint's
--     SQLSTATE 23514, as ledger_move gets it;
--   * one transfer per idempotency key: a key seen before, or given twice here, raises 23505 from the
--     unique index, as ledger_move's insert does.
-- Any refusal raises, and the caller's (sub)transaction undoes the whole call: nothing is half posted.
-- Every transfer in one insert, every balance in one update (a house shard's many postings net to one
-- change). Answers the transfers' ids, in the order given.
--
-- Plans as wallet_batch_fast's: index look-ups by the accounts' ids, generic plans, nested loops only.
CREATE OR REPLACE FUNCTION ledger_post_many(
  p_keys text[], p_from bigint[], p_to bigint[], p_amounts bigint[], p_kinds text[], p_refs jsonb[]
) RETURNS bigint[] LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
SET plan_cache_mode = force_generic_plan SET join_collapse_limit = 1 SET from_collapse_limit = 1 AS $$
DECLARE
  v_count int := coalesce(cardinality(p_keys), 0);
  v_accounts bigint[];
  v_locked int;
  v_bad record;
  v_ids bigint[];
BEGIN
  IF v_count = 0 THEN
    RETURN '{}';
  END IF;
  IF coalesce(cardinality(p_from), -1) <> v_count OR coalesce(cardinality(p_to), -1) <> v_count
     OR coalesce(cardinality(p_amounts), -1) <> v_count OR coalesce(cardinality(p_kinds), -1) <> v_count
     OR coalesce(cardinality(p_refs), -1) <> v_count THEN
    RAISE EXCEPTION 'ledger_post_many: % keys, but % from, % to, % amounts, % kinds, % references', v_count,
      cardinality(p_from), cardinality(p_to), cardinality(p_amounts), cardinality(p_kinds), cardinality(p_refs);
  END IF;
  SELECT m.f, m.t, m.a INTO v_bad FROM unnest(p_from, p_to, p_amounts) AS m(f, t, a)
  WHERE m.a IS NULL OR m.a <= 0 OR m.f IS NULL OR m.t IS NULL OR m.f = m.t LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger_post_many: bad transfer % -> % of %', v_bad.f, v_bad.t, v_bad.a;
  END IF;

  -- The accounts, locked in ascending id order; each must exist.
  v_accounts := ARRAY(SELECT DISTINCT x FROM unnest(p_from || p_to) AS x ORDER BY x);
  SELECT count(*) INTO v_locked
  FROM (SELECT id FROM ledger_accounts WHERE id = ANY (v_accounts) ORDER BY id FOR NO KEY UPDATE) l;
  IF v_locked <> cardinality(v_accounts) THEN
    SELECT m.f, m.t INTO v_bad FROM unnest(p_from, p_to) AS m(f, t)
    WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = m.f)
       OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = m.t)
    LIMIT 1;
    RAISE EXCEPTION 'ledger_post_many: accounts % and % must both exist', v_bad.f, v_bad.t;
  END IF;

  -- Each member account's balance after each of its postings, in the order given.
  SELECT r.account, r.after INTO v_bad
  FROM (SELECT l.account, a.balance + sum(l.delta) OVER (PARTITION BY l.account ORDER BY l.ord ROWS UNBOUNDED PRECEDING) AS after
        FROM (SELECT m.ord, m.f AS account, -m.a AS delta FROM unnest(p_from, p_amounts) WITH ORDINALITY AS m(f, a, ord)
              UNION ALL
              SELECT m.ord, m.t, m.a FROM unnest(p_to, p_amounts) WITH ORDINALITY AS m(t, a, ord)) l
        JOIN ledger_accounts a ON a.id = l.account AND a.member_id IS NOT NULL) r
  WHERE r.after < 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger_post_many: member account % would go below zero (%)', v_bad.account, v_bad.after
      USING ERRCODE = '23514';
  END IF;

  WITH posted AS (
    INSERT INTO ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference)
    SELECT m.k, m.f, m.t, m.a, m.kind, coalesce(m.ref, '{}'::jsonb)
    FROM unnest(p_keys, p_from, p_to, p_amounts, p_kinds, p_refs) WITH ORDINALITY AS m(k, f, t, a, kind, ref, ord)
    ORDER BY m.ord
    RETURNING id
  )
  SELECT array_agg(id ORDER BY id) INTO v_ids FROM posted;

  UPDATE ledger_accounts a SET balance = a.balance + d.delta
  FROM (SELECT l.account, sum(l.delta)::bigint AS delta
        FROM (SELECT m.f AS account, -m.a AS delta FROM unnest(p_from, p_amounts) AS m(f, a)
              UNION ALL
              SELECT m.t, m.a FROM unnest(p_to, p_amounts) AS m(t, a)) l
        GROUP BY l.account) d
  WHERE a.id = d.account AND a.id = ANY (v_accounts);
  RETURN v_ids;
END $$;
