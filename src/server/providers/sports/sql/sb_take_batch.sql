-- Group commit for taking bets (placement-batch.ts; issue 34): slips that arrive together are taken in
-- one transaction and one round trip. Each slip was read and checked before, without a lock
-- (placement.service.ts); per slip, p_places holds sb_take_bet's arguments (s selections, c currency,
-- x the legs as read, ho holders, ce ceilings, e exposure, b the bet, l its legs).
--
-- Every selection of the batch is locked at once, in the book's order (market, selection), as the
-- book's writers lock them (the feed's one-by-one path is the exception: docs/sportsbook.md, "Lock
-- order"); each slip's own locks (sb_take_bet) then find them held. Each bet is
-- taken if what its checks read still holds; otherwise its answer is null, and the placement takes the
-- careful path on its own. The commit waits for the disk unless every slip may leave that to its
-- stake (f: a bet about to be charged in this database, whose stake's synchronous commit flushes this
-- one's first; a crash before it loses bets that moved no money and were never answered). A delayed
-- live bet (answered as taken at once) or a stake in another database makes the batch wait.
-- Answers one bet id (or null) per slip, in order. A slip that raises (its request
-- id used already: 23505) fails the whole batch, which the batcher runs again slip by slip.
CREATE OR REPLACE FUNCTION sb_take_batch(p_places jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ids int8[] := '{}';
  p jsonb;
BEGIN
  PERFORM 1 FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id
  WHERE s.id IN (SELECT x.id::int8 FROM jsonb_array_elements(p_places) pl, jsonb_array_elements_text(pl -> 's') x(id))
  ORDER BY m.id, s.id FOR UPDATE OF m, s;
  FOR p IN SELECT * FROM jsonb_array_elements(p_places) LOOP
    v_ids := v_ids || sb_take_bet(
      ARRAY(SELECT jsonb_array_elements_text(p -> 's')::int8), p ->> 'c', p -> 'x',
      ARRAY(SELECT jsonb_array_elements_text(p -> 'ho')::int8),
      ARRAY(SELECT (CASE WHEN jsonb_typeof(c) = 'null' THEN NULL ELSE c::text END)::int8
            FROM jsonb_array_elements(p -> 'ce') c),
      (p ->> 'e')::int8, p -> 'b', p -> 'l', false);
  END LOOP;
  -- One slip that must be on disk when answered makes the whole batch wait for it.
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_places) pl WHERE NOT (pl ->> 'f')::boolean) THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  RETURN to_jsonb(v_ids);
END $$;
