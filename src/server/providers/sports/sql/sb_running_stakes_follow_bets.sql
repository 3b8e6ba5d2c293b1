-- Trigger on sb_bets (migration 0082), once per update statement: each bet updated moves what its
-- member holds on each of its selections (sb_running_stakes) by what it counts now less what it counted
-- before: its total stake while running (delayed, pending, open), nothing otherwise. So settling,
-- voiding, cashing out (in part: the stake left), refusing and a correction's reopening all keep the
-- totals, whichever code path ran them. A bet whose count did not change (a pending bet opened, any
-- other column) touches nothing. A total back at 0 is removed: the table holds only what is running.
-- The plan is made once and kept, for one bet as for a settlement page of thousands: the before and
-- after rows are summed per bet (an aggregate, never a join of the two), then each changed bet's legs
-- are looked up by their key.
CREATE OR REPLACE FUNCTION sb_running_stakes_follow_bets() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  v_players text[];
  v_selections int8[];
BEGIN
  WITH moved AS (
    SELECT c.id, c.player_id, sum(c.stake) AS delta
    FROM (SELECT n.id, n.player_id, n.total_stake AS stake FROM new_bets n
          WHERE sb_bet_running(n.status)
          UNION ALL
          SELECT o.id, o.player_id, -o.total_stake FROM old_bets o
          WHERE sb_bet_running(o.status)) c
    GROUP BY c.id, c.player_id
    HAVING sum(c.stake) <> 0),
  kept AS (
    INSERT INTO sb_running_stakes AS t (player_id, selection_id, stake)
    SELECT m.player_id, l.selection_id, sum(m.delta)
    FROM moved m JOIN sb_bet_legs l ON l.bet_id = m.id
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
