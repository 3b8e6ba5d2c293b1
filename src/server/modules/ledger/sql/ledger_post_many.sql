-- The ledger's set-based posting: many transfers in a few statements, for a caller that posts a whole
-- batch at once (wallet_batch_fast). With ledger_move, the only writer of ledger_transfers
-- (one-writer.unit.test.ts), and with ledger_move's rules, applied posting by posting in the order
-- given (the i-th element of each array is one transfer):
--   * a transfer is a positive amount between two different accounts, which must both exist;
--   * balances are updated in ascending account id order (ledger_move's lock order), each once;
--   * a member account never goes below zero, after any posting: a debit the cash did not cover when
--     it came is refused even if a later credit here would cover it, with the balance constraint's
--     SQLSTATE 23514, as ledger_move gets it;
--   * both accounts of a transfer in one currency (migration 0020), else SQLSTATE LC001 as ledger_move;
--   * at most one member's accounts in a transfer, recorded as its member_id (migration 0055: the
--     statements' one index), else SQLSTATE LC002 as ledger_move;
--   * one transfer per idempotency key: a key seen before, or given twice here, raises 23505 from the
--     unique index, as ledger_move's insert does; but for a wallet call's own postings (bet, win,
--     jackpot share), which the call's key in wallet_transactions makes exactly-once (migration 0055).
-- Any refusal raises, and the caller's (sub)transaction undoes the whole call: nothing is half posted.
-- Every transfer in one insert, every balance in one update (a house shard's many postings net to one
-- change). Answers the transfers' ids, in the order given. ledger-post-many.test.ts checks that it
-- leaves what ledger_move, one transfer after the other, leaves.
--
-- Plans as wallet_batch_fast's: index look-ups by the accounts' ids, generic plans, nested loops only
-- (a join of two sets of postings would then compare every pair: none is written here).
CREATE OR REPLACE FUNCTION ledger_post_many(
  p_keys text[], p_from bigint[], p_to bigint[], p_amounts bigint[], p_kinds text[], p_refs jsonb[]
) RETURNS bigint[] LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
SET plan_cache_mode = force_generic_plan SET join_collapse_limit = 1 SET from_collapse_limit = 1 AS $$
DECLARE
  v_count int := coalesce(cardinality(p_keys), 0);
  v_bad text;
  v record;
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
  SELECT row(m.f, m.t, m.a)::text INTO v_bad FROM unnest(p_from, p_to, p_amounts) AS m(f, t, a)
  WHERE m.a IS NULL OR m.a <= 0 OR m.f IS NULL OR m.t IS NULL OR m.f = m.t LIMIT 1;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_post_many: bad transfer (from, to, amount) %', v_bad;
  END IF;

  -- One statement: each account's net change and the lowest running sum of its postings (in the order
  -- given); each account updated once, in ascending id order (the nested loop walks the accounts in
  -- order, each reached by its key, so its row lock is taken in that order too); every transfer in one
  -- insert. What it finds (an account missing, a member account below zero after one of its postings)
  -- raises below, which undoes it all.
  WITH legs AS (
    SELECT l.account, l.delta,
           sum(l.delta) OVER (PARTITION BY l.account ORDER BY l.ord ROWS UNBOUNDED PRECEDING) AS run
    FROM (SELECT m.ord, m.f AS account, -m.a AS delta FROM unnest(p_from, p_amounts) WITH ORDINALITY AS m(f, a, ord)
          UNION ALL
          SELECT m.ord, m.t, m.a FROM unnest(p_to, p_amounts) WITH ORDINALITY AS m(t, a, ord)) l
  ), accounts AS MATERIALIZED (
    SELECT account, sum(delta)::bigint AS delta, min(run) AS low FROM legs GROUP BY account ORDER BY account
  ), moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + r.delta
    FROM accounts r WHERE a.id = r.account
    RETURNING a.id, a.member_id, a.currency, a.balance - r.delta + r.low AS lowest
  ), posted AS (
    -- Each transfer's member (migration 0055) from the rows just updated, as the currencies below.
    INSERT INTO ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, member_id)
    SELECT m.k, m.f, m.t, m.a, m.kind, coalesce(m.ref, '{}'::jsonb), coalesce(x.member_id, y.member_id)
    FROM unnest(p_keys, p_from, p_to, p_amounts, p_kinds, p_refs) WITH ORDINALITY AS m(k, f, t, a, kind, ref, ord)
    LEFT JOIN moved x ON x.id = m.f LEFT JOIN moved y ON y.id = m.t
    ORDER BY m.ord
    RETURNING id
  )
  SELECT (SELECT array_agg(id ORDER BY id) FROM posted) AS ids,
         (SELECT count(*) FROM accounts) AS wanted,
         (SELECT count(*) FROM moved) AS found,
         (SELECT row(l.id, l.lowest)::text FROM moved l WHERE l.member_id IS NOT NULL AND l.lowest < 0
          ORDER BY l.id LIMIT 1) AS short,
         -- The currencies come from the rows just updated: no look-up of its own.
         (SELECT row(m.f, x.currency, m.t, y.currency)::text
          FROM unnest(p_from, p_to) AS m(f, t) JOIN moved x ON x.id = m.f JOIN moved y ON y.id = m.t
          WHERE x.currency <> y.currency LIMIT 1) AS mixed,
         (SELECT row(m.f, x.member_id, m.t, y.member_id)::text
          FROM unnest(p_from, p_to) AS m(f, t) JOIN moved x ON x.id = m.f JOIN moved y ON y.id = m.t
          WHERE x.member_id <> y.member_id LIMIT 1) AS two_members
  INTO v;
  IF v.found <> v.wanted THEN
    RAISE EXCEPTION 'ledger_post_many: accounts % must all exist',
      ARRAY(SELECT DISTINCT x FROM unnest(p_from || p_to) x WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = x));
  ELSIF v.mixed IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_post_many: a transfer never mixes currencies (from, currency, to, currency) %', v.mixed
      USING ERRCODE = 'LC001';
  ELSIF v.two_members IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_post_many: a transfer moves one member''s money at most (from, member, to, member) %',
      v.two_members USING ERRCODE = 'LC002';
  ELSIF v.short IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_post_many: a member account would go below zero (account, balance) %', v.short
      USING ERRCODE = '23514';
  END IF;
  RETURN v.ids;
END $$;
