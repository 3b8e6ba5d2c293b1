-- A rolled-back bet's jackpot share leaves the pool again (wallet_rollback), unless a win has paid that
-- pool out since: which came first, the bet or the win? wallet_jackpot now draws a number from
-- wallet_transactions' id sequence while it holds every pool shard's lock, and a jackpot bet records its
-- call (its id) while it holds its own shard's lock: a bet recorded under a smaller id fed the pool before
-- the win, one under a larger id after it. The wins recorded before this migration take numbers above
-- every call so far: a bet already placed counts as paid out by them (the house bears its share, as it
-- did until now).
ALTER TABLE "jackpot_wins" ADD COLUMN "later_bets_from" bigint;
--> statement-breakpoint
UPDATE "jackpot_wins" SET "later_bets_from" = nextval(pg_get_serial_sequence('wallet_transactions', 'id'));
--> statement-breakpoint
ALTER TABLE "jackpot_wins" ALTER COLUMN "later_bets_from" SET NOT NULL;
