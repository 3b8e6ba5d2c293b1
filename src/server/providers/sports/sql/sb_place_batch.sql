-- A batch of placements in one round trip (placement-batch.ts; issue 34): its slips are taken
-- (sb_take_batch) and that transaction commits, which lets go of the markets' locks; then, in a second
-- transaction, the stakes of the bets just taken are charged and those bets opened (sb_stake_batch),
-- for the slips that carry their stake's call (w, sb_stake_batch's: only a bet charged at once in this
-- database, f). Two transactions as before (a take holds its markets' locks, a stake the wallet's house
-- shards'), one statement instead of one each: a procedure, since only a procedure may commit.
-- r answers {ids: one bet id (or null) per slip, as sb_take_batch's; s: {slip's 1-based place: its
-- stake's outcome, as sb_stake_batch's}}. A slip without an outcome was not charged here: the
-- placement charges it on its own (placement.service.ts), as after a stake batch that failed.
-- A take that raises (a request id used already) raises before anything commits, and the batcher runs
-- the slips again one by one. A stake batch that raises is undone alone (its own subtransaction): its
-- bets stay pending, with their ids answered.
CREATE OR REPLACE PROCEDURE sb_place_batch(p_places jsonb, INOUT r jsonb DEFAULT NULL) LANGUAGE plpgsql AS $$
DECLARE
  v_ids jsonb;
  v_stakes jsonb;
  v_places int[];
  v_outcomes jsonb;
BEGIN
  v_ids := sb_take_batch(p_places);
  COMMIT;
  SELECT jsonb_agg(jsonb_build_object('id', v_ids -> (pl.n::int - 1), 'a', (pl.p -> 'b' ->> 'total_stake')::int8,
                                      'w', pl.p -> 'w') ORDER BY pl.n),
         array_agg(pl.n::int ORDER BY pl.n)
  INTO v_stakes, v_places
  FROM jsonb_array_elements(p_places) WITH ORDINALITY pl(p, n)
  WHERE jsonb_typeof(pl.p -> 'w') = 'object' AND jsonb_typeof(v_ids -> (pl.n::int - 1)) = 'number';
  IF v_stakes IS NOT NULL THEN
    BEGIN
      v_outcomes := sb_stake_batch(v_stakes);
    EXCEPTION WHEN OTHERS THEN
      v_outcomes := NULL;
    END;
  END IF;
  r := jsonb_build_object('ids', v_ids, 's', coalesce(
    (SELECT jsonb_object_agg(v_places[k], v_outcomes -> (k - 1)) FROM generate_subscripts(v_places, 1) k
     WHERE v_outcomes IS NOT NULL), '{}'));
END $$;
