-- What each member's running bets (delayed, pending, open) stake on each selection, kept as a running
-- total: a member's maximum stake is per selection across their running bets (limits.ts), and each take
-- (sql/sb_take_batch.sql) read it through all of the batch's members' running bets and their legs, a
-- cost that grew with the bets a member holds (migration 0079's index). Now one row per (member,
-- selection), read by its key. Kept by two statement triggers, the one home of the rule: the legs of a
-- bet taken add its stake (sb_running_stakes_follow_legs), and every update of bets moves the difference
-- between what each counted before and after (sb_running_stakes_follow_bets: settled, void, cashed out
-- in part or whole, refused, reopened by a correction). A row back at 0 is removed. Their bodies are in
-- providers/sports/sql/.
CREATE TABLE "sb_running_stakes" (
  "player_id" text NOT NULL,
  "selection_id" bigint NOT NULL,
  "stake" bigint NOT NULL,
  CONSTRAINT "sb_running_stakes_player_id_selection_id_pk" PRIMARY KEY ("player_id", "selection_id")
);
--> statement-breakpoint
INSERT INTO "sb_running_stakes" ("player_id", "selection_id", "stake")
SELECT b.player_id, l.selection_id, sum(b.total_stake)
FROM sb_bets b JOIN sb_bet_legs l ON l.bet_id = b.id
WHERE b.status IN ('delayed', 'pending', 'open')
GROUP BY 1, 2;
--> statement-breakpoint
DROP INDEX IF EXISTS "sb_bets_player_running";
--> statement-breakpoint
CREATE FUNCTION sb_running_stakes_follow_legs() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE FUNCTION sb_running_stakes_follow_bets() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER "sb_running_stakes_follow_legs" AFTER INSERT ON "sb_bet_legs"
  REFERENCING NEW TABLE AS new_legs FOR EACH STATEMENT EXECUTE FUNCTION sb_running_stakes_follow_legs();
--> statement-breakpoint
CREATE TRIGGER "sb_running_stakes_follow_bets" AFTER UPDATE ON "sb_bets"
  REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION sb_running_stakes_follow_bets();
