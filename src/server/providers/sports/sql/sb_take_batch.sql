-- Taking bets into the book (placement.service.ts; issue 34): the one home for what a taken bet
-- records. Slips that arrive together are taken in one transaction and one round trip, and as sets:
-- one read of their legs, one insert of the bets, one of their legs and one of the liability they add.
-- Each slip was read and checked before, without a lock (placement.service.ts); per slip, p_places
-- holds s its selections, c the member's currency, x its legs as read (null: the careful path, read
-- and checked under these locks already), ho the selections holding liability, ce the ceiling each may
-- reach (the market's limit less the bet's exposure; null: no limit), e the exposure, b the bet (sb_bets'
-- columns the placement sets), l its legs (sb_bet_legs'), f whether its commit may leave the flush
-- to its stake's, and ms, as s, each selection's maximum stake for the member (absent or null: no
-- limit): what the member's running bets already stake on a selection counts towards it (limits.ts
-- stakeRefusal; SPORTSBOOK.md §1, "max stake per selection", the payout's maximum is per bet), read
-- here under the selections' locks, so bets placed at once cannot add up past it; the legs' insert
-- adds this batch's stakes to those totals (sb_running_stakes_follow_legs).
--
-- Every selection of the batch is locked at once, in the book's order (market, selection), as the
-- book's writers lock them (the feed's one-by-one path is the exception: docs/sportsbook.md, "Lock
-- order"), so the lock is held for this one statement and the commit, not for the placements' round
-- trips and checks. A bet is taken only if what its checks read still holds: every leg as read
-- (prices, statuses, versions, times, names; compared without the liability, which this batch's own
-- bets move) and each liability-holding selection's liability, with the bets taken before it in this
-- batch counted, within its ceiling. Otherwise its answer is null, and the placement takes the careful
-- path on its own (lock, read and check again, then this with x null).
-- The commit waits for the disk unless every slip may leave that to its stake (f: a bet about to be
-- charged in this database, whose stake's synchronous commit flushes this one's first; a crash before
-- it loses bets that moved no money and were never answered). A delayed live bet (answered as taken at
-- once) or a stake in another database makes the batch wait.
-- Answers one bet id (or null) per slip, in order. A slip that raises (its request id used already:
-- 23505) fails the whole batch, which the batcher runs again slip by slip.
CREATE OR REPLACE FUNCTION sb_take_batch(p_places jsonb) RETURNS jsonb LANGUAGE plpgsql
-- Generic plans: the read's five-table join was planned afresh on every call on custom plans.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_count int := jsonb_array_length(p_places);
  v_selections int8[];
  v_fresh boolean[];
  v_ids int8[] := array_fill(NULL::int8, ARRAY[v_count]);
  -- Liability by 'selection:currency' as the batch's bets are taken, from what was committed before.
  v_liability jsonb;
  v_slip jsonb;
  v_key text;
  v_within boolean;
  -- What each member's running bets stake by 'player:selection', as the batch's bets are taken.
  v_held jsonb;
BEGIN
  v_selections := ARRAY(SELECT DISTINCT x.id::int8
                        FROM jsonb_array_elements(p_places) pl, jsonb_array_elements_text(pl -> 's') x(id));
  PERFORM 1 FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id
  WHERE s.id = ANY (v_selections)
  ORDER BY m.id, s.id FOR UPDATE OF m, s;
  -- Statements of their own after the locks: they see what the placements before these committed.
  -- The legs are read once for the batch; the liability, the one field that depends on the currency
  -- read in, is left out of the comparison. (sb_read_legs is inlined only when its arguments hold no
  -- subquery: planned on every call otherwise.)
  WITH legs AS MATERIALIZED (
    SELECT (r ->> 'market_id')::int8 AS market_id, (r ->> 'selection_id')::int8 AS id, r - 'liability' AS leg
    FROM sb_read_legs(v_selections, p_places -> 0 ->> 'c') r)
  SELECT array_agg(
           coalesce(jsonb_typeof(pl.p -> 'x'), 'null') = 'null' OR
           (SELECT coalesce(jsonb_agg(l.leg ORDER BY l.market_id, l.id), '[]') FROM legs l
            WHERE l.id IN (SELECT x.id::int8 FROM jsonb_array_elements_text(pl.p -> 's') x(id)))
           = (SELECT coalesce(jsonb_agg(x - 'liability'), '[]') FROM jsonb_array_elements(pl.p -> 'x') x)
           ORDER BY pl.n)
  INTO v_fresh
  FROM jsonb_array_elements(p_places) WITH ORDINALITY pl(p, n);
  SELECT coalesce(jsonb_object_agg(l.selection_id || ':' || l.currency, l.liability), '{}') INTO v_liability
  FROM sb_selection_liability l
  WHERE (l.selection_id, l.currency) IN (SELECT h.id::int8, pl ->> 'c'
                                         FROM jsonb_array_elements(p_places) pl, jsonb_array_elements_text(pl -> 'ho') h(id));
  -- What the batch's members hold on its selections: one row per (member, selection), read by its key
  -- (sb_running_stakes, kept by its triggers; migration 0082).
  SELECT coalesce(jsonb_object_agg(k.player_id || ':' || k.selection_id, r.stake), '{}') INTO v_held
  FROM (SELECT DISTINCT pl.p -> 'b' ->> 'player_id' AS player_id, x.id::int8 AS selection_id
        FROM jsonb_array_elements(p_places) pl(p), jsonb_array_elements_text(pl.p -> 's') x(id)
        WHERE jsonb_typeof(pl.p -> 'ms') = 'array') k,
       LATERAL (SELECT t.stake FROM sb_running_stakes t
                WHERE t.player_id = k.player_id AND t.selection_id = k.selection_id) r;
  -- In order: each slip's ceilings see the liability of the bets taken before it, and its member's
  -- maximum stake per selection the bets taken before it on its selections.
  FOR i IN 1 .. v_count LOOP
    CONTINUE WHEN NOT v_fresh[i];
    v_slip := p_places -> (i - 1);
    v_within := true;
    FOR k IN 0 .. jsonb_array_length(v_slip -> 's') - 1 LOOP
      v_key := (v_slip -> 'b' ->> 'player_id') || ':' || (v_slip -> 's' ->> k);
      IF jsonb_typeof(v_slip -> 'ms' -> k) = 'number'
         AND coalesce((v_held ->> v_key)::int8, 0) + (v_slip -> 'b' ->> 'total_stake')::int8 > (v_slip -> 'ms' ->> k)::int8
      THEN
        v_within := false;
        EXIT;
      END IF;
    END LOOP;
    CONTINUE WHEN NOT v_within;
    FOR k IN 0 .. jsonb_array_length(v_slip -> 'ho') - 1 LOOP
      v_key := (v_slip -> 'ho' ->> k) || ':' || (v_slip ->> 'c');
      IF jsonb_typeof(v_slip -> 'ce' -> k) = 'number'
         AND coalesce((v_liability ->> v_key)::int8, 0) > (v_slip -> 'ce' ->> k)::int8 THEN
        v_within := false;
        EXIT;
      END IF;
    END LOOP;
    CONTINUE WHEN NOT v_within;
    FOR k IN 0 .. jsonb_array_length(v_slip -> 'ho') - 1 LOOP
      v_key := (v_slip -> 'ho' ->> k) || ':' || (v_slip ->> 'c');
      v_liability := v_liability || jsonb_build_object(
        v_key, coalesce((v_liability ->> v_key)::int8, 0) + (v_slip ->> 'e')::int8);
    END LOOP;
    FOR k IN 0 .. jsonb_array_length(v_slip -> 's') - 1 LOOP
      v_key := (v_slip -> 'b' ->> 'player_id') || ':' || (v_slip -> 's' ->> k);
      v_held := v_held || jsonb_build_object(v_key,
        coalesce((v_held ->> v_key)::int8, 0) + (v_slip -> 'b' ->> 'total_stake')::int8);
    END LOOP;
    v_ids[i] := nextval('sb_bets_id_seq');
  END LOOP;
  INSERT INTO sb_bets (id, player_id, request_id, request_hash, kind, system_name, sizes, lines, unit_stake,
    total_stake, potential_return, price_change, currency, status, live, accept_at, placed_at, liability_leg, placed_ip,
    reduced_multiple)
  SELECT v_ids[pl.n], b.player_id, b.request_id, b.request_hash, b.kind, b.system_name, b.sizes, b.lines,
    b.unit_stake, b.total_stake, b.potential_return, b.price_change, pl.p ->> 'c', b.status, b.live, b.accept_at,
    b.placed_at, b.liability_leg, b.placed_ip, b.reduced_multiple
  FROM jsonb_array_elements(p_places) WITH ORDINALITY pl(p, n),
       jsonb_to_record(pl.p -> 'b') AS b(player_id text, request_id text, request_hash text, kind text,
         system_name text, sizes jsonb, lines int, unit_stake int8, total_stake int8, potential_return int8,
         price_change text, status text, live boolean, accept_at timestamptz, placed_at timestamptz,
         liability_leg int, placed_ip text, reduced_multiple text)
  WHERE v_ids[pl.n] IS NOT NULL
  ORDER BY pl.n;
  INSERT INTO sb_bet_legs (bet_id, idx, event_id, market_id, selection_id, price_num, price_den, line, market_version, label)
  SELECT v_ids[pl.n], x.idx, x.event_id, x.market_id, x.selection_id, x.price_num, x.price_den, x.line,
    x.market_version, x.label
  FROM jsonb_array_elements(p_places) WITH ORDINALITY pl(p, n),
       jsonb_to_recordset(pl.p -> 'l') AS x(idx int, event_id int8, market_id int8, selection_id int8,
         price_num int8, price_den int8, line text, market_version int, label text)
  WHERE v_ids[pl.n] IS NOT NULL;
  INSERT INTO sb_selection_liability (selection_id, currency, liability)
  SELECT h.id::int8, pl.p ->> 'c', sum((pl.p ->> 'e')::int8)
  FROM jsonb_array_elements(p_places) WITH ORDINALITY pl(p, n), jsonb_array_elements_text(pl.p -> 'ho') h(id)
  WHERE v_ids[pl.n] IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (selection_id, currency) DO UPDATE SET liability = sb_selection_liability.liability + excluded.liability;
  -- One slip that must be on disk when answered makes the whole batch wait for it.
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_places) pl WHERE NOT (pl ->> 'f')::boolean) THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  RETURN to_jsonb(v_ids);
END $$;
