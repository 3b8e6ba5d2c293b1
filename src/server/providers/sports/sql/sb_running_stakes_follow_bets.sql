-- Trigger on sb_bets (migration 0082), once per update statement: each bet updated moves what its
-- member holds on each of its selections (sb_running_stakes) by what it counts now less what it counted
-- before: its total stake while running (delayed, pending, open), nothing otherwise. So settling,
-- voiding, cashing out (in part: the stake left), refusing and a correction's reopening all keep the
-- totals, whichever code path ran them. Updates that change neither touch nothing. A total back at 0 is
-- removed: the table holds only what is running.
CREATE OR REPLACE FUNCTION sb_running_stakes_follow_bets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_players text[];
  v_selections int8[];
BEGIN
  WITH moved AS (
    SELECT n.id, n.player_id,
      CASE WHEN n.status IN ('delayed', 'pending', 'open') THEN n.total_stake ELSE 0 END
      - CASE WHEN o.status IN ('delayed', 'pending', 'open') THEN o.total_stake ELSE 0 END AS delta
    FROM new_bets n JOIN old_bets o ON o.id = n.id),
  kept AS (
    INSERT INTO sb_running_stakes AS t (player_id, selection_id, stake)
    SELECT m.player_id, l.selection_id, sum(m.delta)
    FROM moved m JOIN sb_bet_legs l ON l.bet_id = m.id
    WHERE m.delta <> 0
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (player_id, selection_id) DO UPDATE SET stake = t.stake + excluded.stake
    RETURNING t.player_id, t.selection_id, t.stake)
  SELECT array_agg(k.player_id), array_agg(k.selection_id) INTO v_players, v_selections
  FROM kept k WHERE k.stake = 0;
  IF v_players IS NOT NULL THEN
    DELETE FROM sb_running_stakes t
    USING unnest(v_players, v_selections) z(player_id, selection_id)
    WHERE t.player_id = z.player_id AND t.selection_id = z.selection_id AND t.stake = 0;
  END IF;
  RETURN NULL;
END $$;
