-- The lobby's "popular" rail reads plays per game and day from this summary instead of counting a week
-- of game_rounds: one row per day (the database's time zone, as daily_figures), vendor, game and member
-- bucket (house_shard(member_id), so concurrent wallet batches rarely wait on one row). The trigger
-- games/sql/count_game_plays.sql adds each new casino and slot round in the transaction that opens it.
CREATE TABLE "game_plays_daily" (
	"day" date NOT NULL,
	"vendor_code" text NOT NULL,
	"game_code" text NOT NULL,
	"bucket" smallint NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "game_plays_daily_pk" PRIMARY KEY ("day", "vendor_code", "game_code", "bucket")
);
--> statement-breakpoint
-- The rounds already played in the rail's window (and a little before it) are counted once here, in
-- bucket 0 (house_shard() is an SQL-file function, applied after the migrations); the trigger, applied
-- then too, counts every round from then on.
INSERT INTO "game_plays_daily" ("day", "vendor_code", "game_code", "bucket", "plays")
SELECT opened_at::date, vendor_code, game_code, 0, count(*)
FROM "game_rounds"
WHERE category <> 'sport' AND opened_at >= current_date - 31
GROUP BY 1, 2, 3;
