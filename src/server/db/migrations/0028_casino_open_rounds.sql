-- Blackjack rounds run over several calls: a round waiting for the player's next move is `open`, and a
-- player has at most one open round per game, the one a reopened window resumes.
CREATE UNIQUE INDEX "house_rounds_open" ON "house_rounds" USING btree ("player_id","game_code") WHERE "house_rounds"."status" = 'open';
