-- A member's maximum stake and payout are per selection: each placement (and the window's Max) sums what
-- the member's running bets hold on the slip's selections (limits.ts heldOnSelections, under the
-- selections' locks in sql/sb_take_batch.sql). This index reads only those bets, never the member's history.
CREATE INDEX IF NOT EXISTS "sb_bets_player_running" ON "sb_bets" USING btree ("player_id") WHERE "status" IN ('delayed', 'pending', 'open');
