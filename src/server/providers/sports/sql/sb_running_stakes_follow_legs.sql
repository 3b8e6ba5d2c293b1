-- Trigger on sb_bet_legs (migration 0082), once per insert statement: a bet's legs are written after the
-- bet (sql/sb_take_batch.sql), so this is where a running bet's stake is added to what its member holds
-- on each of its selections (sb_running_stakes). Keys in order: writers of a (member, selection) row
-- hold that selection's lock already (the book's lock order, liability.ts), the order is for the rest.
-- Each leg's bet is looked up by its key, and its status is tested after the look-up (a filter, not a
-- condition): written as a condition, the planner started from the index of every running bet
-- (sb_bets_status) and matched each against the new legs, a read as long as the book's running bets.
-- The plan is made once and kept, whatever the size of the statements after: index look-ups only.
CREATE OR REPLACE FUNCTION sb_running_stakes_follow_legs() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  INSERT INTO sb_running_stakes AS t (player_id, selection_id, stake)
  SELECT b.player_id, l.selection_id, sum(b.total_stake) FILTER (WHERE sb_bet_running(b.status))
  FROM new_legs l JOIN sb_bets b ON b.id = l.bet_id
  GROUP BY 1, 2
  HAVING count(*) FILTER (WHERE sb_bet_running(b.status)) > 0
  ORDER BY 1, 2
  ON CONFLICT (player_id, selection_id) DO UPDATE SET stake = t.stake + excluded.stake;
  RETURN NULL;
END $$;
