-- The sports window's bet history (issue 15): a member's bets by placing time, newest first, with date
-- filters and a keyset cursor (placed_at, id); also bounds the win/loss totals of a date range.
CREATE INDEX IF NOT EXISTS "sb_bets_player_placed" ON "sb_bets" USING btree ("player_id","placed_at" DESC,"id" DESC);
