-- VIP progress leaves out a member's sports bets still open or voided (promo_member_wagered): this reads
-- only their sports rounds, never their whole history of casino rounds. Its columns and predicate never
-- change once a round is written, so a round's closing update stays heap-only.
CREATE INDEX IF NOT EXISTS "game_rounds_member_sport" ON "game_rounds" USING btree ("member_id") WHERE "category" = 'sport';
