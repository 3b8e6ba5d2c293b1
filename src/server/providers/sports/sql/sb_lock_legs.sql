-- The legs of a slip locked and read in one round trip (placement.service.ts lockLegs; issue 34): the
-- placement's careful path, when what it read before the lock changed meanwhile (sb_take_batch).
--
-- Markets first, in id order, then their selections: every placement takes them in the same order.
-- The read (sb_read_legs) is a statement of its own after the locks are held, so it sees what a
-- placement that held them before committed (the liability, a price, a status), never the snapshot
-- taken before the wait.
CREATE OR REPLACE FUNCTION sb_lock_legs(p_selections int8[], p_currency text) RETURNS SETOF jsonb
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id
  WHERE s.id = ANY (p_selections)
  ORDER BY m.id, s.id FOR UPDATE OF m, s;
  RETURN QUERY SELECT * FROM sb_read_legs(p_selections, p_currency);
END $$;
